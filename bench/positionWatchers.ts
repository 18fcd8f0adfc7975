import { request, type ClientRequest } from 'node:http';
import { LIVE_POSITION_EVENT } from '../src/domain/live';

/**
 * The positions bench's watching risk managers (bench/positions.ts forks it): one live stream each,
 * opened with its own ticket as the browser opens it, in a process of their own (browsers are not
 * in one process, and parsing every watcher's events in the bench's would delay its own timings).
 * Every stream hears the position events of all the tenant's started missions; only the arrival
 * times of the probe mission's are kept (a stream hears hundreds a second while the fleet sends), the
 * others are counted. IPC: {open, url, tickets, probe} → 'open'; 'collect' → the arrivals and counts.
 */
type Command = { kind: 'open'; url: string; tickets: string[]; probe: string } | { kind: 'collect' };

export interface WatcherReport {
  kind: 'collected';
  /** Per stream, the arrival times (ms since the epoch) of the probe mission's position events. */
  arrivals: number[][];
  /** Position events of any mission received, over all streams. */
  heard: number;
}

interface Watcher {
  arrivals: number[];
  request: ClientRequest;
}

const watchers: Watcher[] = [];
let heard = 0;

/** Opens one stream; resolves once the server answered 200 (the stream is subscribed from then on). */
function watch(url: string, ticket: string, probe: string): Promise<Watcher> {
  return new Promise((resolve, reject) => {
    const arrivals: number[] = [];
    const req = request(`${url}/api/missions/live?ticket=${encodeURIComponent(ticket)}`, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream → ${res.statusCode}`));
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.startsWith(`event: ${LIVE_POSITION_EVENT}\n`)) continue;
          heard += 1;
          const data = block.slice(block.indexOf('data: ') + 6);
          if ((JSON.parse(data) as { mission?: string }).mission === probe) arrivals.push(at);
        }
      });
      resolve({ arrivals, request: req });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

process.on('message', (command: Command) => {
  void (async () => {
    if (command.kind === 'open') {
      for (const ticket of command.tickets) watchers.push(await watch(command.url, ticket, command.probe));
      process.send?.({ kind: 'open' });
      return;
    }
    const report: WatcherReport = { kind: 'collected', arrivals: watchers.map((w) => w.arrivals), heard };
    for (const w of watchers) w.request.destroy();
    process.send?.(report, () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
