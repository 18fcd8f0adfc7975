import { execFileSync } from 'node:child_process';
import type { LiveTicket } from '../src/domain/live/contracts';
import { openStream, type SseStream } from '../tests/server/liveClient';
import { missionBody } from '../tests/server/missionsClient';
import { loginToken, MANY_STREAMS_ENV, ms, report, requireBuild, withServer, type Figure } from './common';

/**
 * Live stream budget (docs/performance.md): 500 connected SSE clients on one `npm start` (PGlite); each event
 * must reach all of them in under a second at p99. Also the server's memory per idle connection:
 * the RSS of its process group before and after the 500 streams open, divided by 500.
 */
const CLIENTS = 500;
const EVENTS = 10;

/** RSS of the server's process group (start.mjs and the server it runs), in KiB. */
function groupRssKiB(pgid: number): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isFinite(n))
    .reduce((sum, n) => sum + n, 0);
}

export async function benchLive(): Promise<Figure[]> {
  console.log(`\nAo vivo: ${CLIENTS} clientes SSE`);
  await requireBuild();
  return withServer(
    async (server) => {
    const pgid = server.child.pid!;
    const token = await loginToken(server.url, 'gestor@demo.com.br');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = groupRssKiB(pgid);
    const streams: SseStream[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const response = await fetch(`${server.url}/api/missions/live/ticket`, { method: 'POST', headers: { 'x-access-token': token, 'content-type': 'application/json' }, body: '{}' });
      const { ticket } = (await response.json()) as LiveTicket;
      streams.push(await openStream(server.url, `ticket=${ticket}`));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = groupRssKiB(pgid);

    const latencies: number[] = [];
    for (let e = 0; e < EVENTS; e++) {
      const sent = Date.now();
      const created = await fetch(`${server.url}/api/missions/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify(missionBody({ processNumber: `BENCH-${e}` })),
      });
      if (created.status !== 201) throw new Error(`mission → ${created.status}`);
      const arrivals = await Promise.all(streams.map((s) => s.next(5000)));
      latencies.push(...arrivals.map((frame) => frame.at - sent));
    }
    for (const s of streams) s.close();
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
    const p99 = p(0.99);
    return [
      report({
        name: `evento a ${CLIENTS} clientes (criação → recebido, ${EVENTS} eventos)`,
        value: `p50 ${ms(p(0.5))}, p99 ${ms(p99)}, máx ${ms(latencies.at(-1) ?? Number.NaN)}`,
        target: 'p99 < 1000 ms',
        ok: p99 < 1000,
        note: 'inclui o POST da missão (transação, trigger, NOTIFY) e a leitura do evento pela instância',
      }),
      report({
        name: 'RSS do servidor por conexão ociosa',
        value: `${((after - before) / CLIENTS).toFixed(1)} KiB (${(before / 1024).toFixed(0)} → ${(after / 1024).toFixed(0)} MiB)`,
      }),
    ];
    },
    undefined,
    MANY_STREAMS_ENV,
  );
}
