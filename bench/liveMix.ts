import type { LiveTicket } from '../src/domain/live/contracts';
import { MISSIONS_POLL_MS } from '../src/domain/missions/polling';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Arrivals } from './sseClients';
import { groupRssKiB, describeLoad, loginToken, ms, poll, report, requireBuild, type Figure } from './common';
import { CLIENTS, pollLikeScreens, publish, startMonitoredServer, warmUp, withinBudget } from './monitoring';

/**
 * The combined budget (docs/performance.md, section livemix): the monitoring bench's 200 pollers
 * (100,000 missions, p99
 * < 50 ms polling every 15 s and every 5 s from random phases) on a server that also holds 500 open
 * SSE streams, each opened as the browser does (a ticket from POST live/ticket, then GET live?ticket=),
 * while a mission is created every 2 s (monitoring.ts publish) so the streams carry events throughout. Prints, per
 * database, the pollers' p50/p99, the event delivery latency over every stream (creation → received)
 * and the server's RSS; the 5 s poll is also run just before the streams open, for comparison on a
 * shared machine. The pollers and the publisher share this process; the streams have their own
 * (bench/sseClients.ts), as browsers would.
 */
const STREAMS = 500;
/** Logins of the tenant the publisher writes to: each hears every new open mission. */
const LISTENERS = ['gestor@demo.com.br', 'prestador@demo.com.br', 'prestador2@demo.com.br', 'admin@demo.com.br'];


/** Tickets from POST live/ticket, as the browser gets them, one per stream. */
async function ticketsFor(url: string, tokens: string[]): Promise<string[]> {
  const tickets: string[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const token = tokens[i % tokens.length] ?? '';
    const response = await fetch(`${url}/api/missions/live/ticket`, { method: 'POST', headers: { 'x-access-token': token, 'content-type': 'application/json' }, body: '{}' });
    if (response.status !== 201) throw new Error(`ticket → ${response.status}`);
    tickets.push(((await response.json()) as LiveTicket).ticket);
  }
  return tickets;
}

/** The streams' process (bench/sseClients.ts): opens them, and at the end hands over the arrivals. */
async function openStreams(url: string, tickets: string[]) {
  const child = fork(fileURLToPath(new URL('./sseClients.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const reply = <T,>(kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string } & T) => {
        if (message.kind !== kind) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`clientes SSE saíram (código ${code})`)));
    });
  const opened = reply<object>('open');
  child.send({ kind: 'open', url, tickets });
  await opened;
  return {
    async collect(): Promise<Arrivals> {
      const arrived = reply<{ arrivals: Arrivals }>('arrivals');
      child.send({ kind: 'collect' });
      return (await arrived).arrivals;
    },
    kill: () => child.kill(),
  };
}

async function mixOn(kind: 'PGlite' | 'PostgreSQL', total: number): Promise<Figure[]> {
  const { server, requests, stop } = await startMonitoredServer(kind, total);
  const pgid = server.child.pid;
  if (pgid === undefined) throw new Error('servidor sem pid');
  let streams: Awaited<ReturnType<typeof openStreams>> | undefined;
  try {
    const tokens = await Promise.all(LISTENERS.map((email) => loginToken(server.url, email)));
    // The same machine a moment before, without streams: what the figures below are compared with.
    await warmUp(server.url, requests);
    const baseline = await poll(server.url, requests, { clients: CLIENTS, intervalMs: 5000, seconds: 20 });
    const idle = await groupRssKiB(pgid);
    streams = await openStreams(server.url, await ticketsFor(server.url, tokens));
    await new Promise((r) => setTimeout(r, 2000));
    const withStreams = await groupRssKiB(pgid);
    let peak = withStreams;
    const sampler = setInterval(() => void groupRssKiB(pgid).then((kib) => (peak = Math.max(peak, kib))), 5000);
    // Creations start with the measured polls: the warm-up's deliberate overload (200 requests a
    // second) is done above, and a creation queued behind it would measure the warm-up, not the budget.
    const publisher = publish(server.url, tokens[0] ?? '');
    let polled;
    try {
      polled = await pollLikeScreens(server.url, requests, { warm: false });
    } finally {
      clearInterval(sampler);
    }
    const failures = await publisher.stop();
    // The last creation's events are still on their way.
    await new Promise((r) => setTimeout(r, 2000));
    const latencies: number[] = [];
    let missing = 0;
    for (const arrivals of await streams.collect()) {
      for (const [mission, at] of publisher.sent) {
        const arrived = arrivals[mission];
        if (arrived === undefined) missing += 1;
        else latencies.push(arrived - at);
      }
    }
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
    const label = `${kind}: monitoramento com ${STREAMS} streams abertos, ${CLIENTS} clientes`;
    return [
      report({
        name: `${label} a cada ${MISSIONS_POLL_MS / 1000} s (fases aleatórias)`,
        value: describeLoad(polled.screens),
        target: 'p99 < 50 ms',
        ok: withinBudget(polled.screens),
      }),
      report({
        name: `${label} a cada 5 s (fases aleatórias)`,
        value: describeLoad(polled.screens5s),
        target: 'p99 < 50 ms',
        ok: withinBudget(polled.screens5s),
        note: `sem streams, logo antes, no mesmo servidor: ${describeLoad(baseline)}`,
      }),
      report({
        name: `${kind}: evento aos ${STREAMS} streams durante a consulta (criação → recebido, ${publisher.sent.size} missões criadas)`,
        value: `p50 ${ms(p(0.5))}, p99 ${ms(p(0.99))}, máx ${ms(latencies.at(-1) ?? Number.NaN)}; ${latencies.length} entregas, ${missing} faltando, ${failures} criações falharam`,
        target: 'p99 < 1000 ms, nenhuma faltando',
        ok: p(0.99) < 1000 && missing === 0 && failures === 0 && publisher.sent.size > 0,
      }),
      report({
        name: `${kind}: RSS do servidor`,
        value: `${(idle / 1024).toFixed(0)} MiB sem streams → ${(withStreams / 1024).toFixed(0)} MiB com ${STREAMS} streams (${((withStreams - idle) / STREAMS).toFixed(1)} KiB cada) → pico ${(peak / 1024).toFixed(0)} MiB sob a carga`,
      }),
    ];
  } finally {
    streams?.kill();
    await stop();
  }
}

export async function benchLiveMix(total = Number(process.env.BENCH_MISSIONS ?? 100_000)): Promise<Figure[]> {
  console.log(`\nAo vivo + monitoramento: ${STREAMS} streams SSE e ${CLIENTS} clientes consultando, ${total} missões`);
  await requireBuild();
  const figures = await mixOn('PGlite', total);
  if (process.env.DATABASE_URL) figures.push(...(await mixOn('PostgreSQL', total)));
  else console.log('  PostgreSQL: não medido (defina DATABASE_URL)');
  return figures;
}
