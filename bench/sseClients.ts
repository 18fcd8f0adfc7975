import { openStream, type SseStream } from '../tests/server/liveClient';

/**
 * The livemix bench's 500 SSE clients, in a process of their own (bench/liveMix.ts forks it): in
 * the pollers' process, receiving and parsing 500 frames per event delayed the polls' own
 * responses, so their latency measured the bench as well as the server. Browsers are not in one
 * process either. Talks over IPC: {url, tickets} → opens every stream → 'open'; 'collect' → the
 * arrival time of each 'created' event per mission on each stream.
 */
type Command = { kind: 'open'; url: string; tickets: string[] } | { kind: 'collect' };
export type Arrivals = Record<string, number>[];

let streams: SseStream[] = [];

process.on('message', (command: Command) => {
  void (async () => {
    if (command.kind === 'open') {
      for (const ticket of command.tickets) {
        const stream = await openStream(command.url, `ticket=${ticket}`);
        if (stream.status !== 200) throw new Error(`stream → ${stream.status}`);
        streams.push(stream);
      }
      process.send?.({ kind: 'open' });
      return;
    }
    const arrivals: Arrivals = streams.map((stream) => {
      const arrived: Record<string, number> = {};
      for (const f of stream.frames) if (f.event === 'mission' && f.data?.action === 'created') arrived[f.data.mission] = f.at;
      return arrived;
    });
    for (const stream of streams) stream.close();
    streams = [];
    process.send?.({ kind: 'arrivals', arrivals }, () => process.exit(0));
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
