import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedDemo } from '../server/demo/seed';
import { newDataDir, startServer, stopServer, type RunningServer } from '../tests/e2e/harness';
import { startBare } from './api';
import { MISSIONS_POLL_MS } from '../src/domain/missions/polling';
import { freshPostgres } from './freshPostgres';
import { describeLoad, load, loginToken, MANY_STREAMS_ENV, ms, percent, poll, report, spread, type Figure, type Load } from './common';
import { seedMissionLoad } from './seedMissions';
import type { MissionDetail } from '../src/domain/missions';
import { missionBody } from '../tests/server/missionsClient';

/**
 * (e) GET /api/missions/request/monitoring over 100,000 missions, 200 clients polling, each its
 * own login (risk-manager and provider users of five tenants, the platform admin; pages 1–3,
 * status and date filters), on PGlite and — when DATABASE_URL is set — on PostgreSQL (a fresh
 * database on that server, dropped afterwards). A mission is created every 2 s throughout, as a
 * dispatch desk does, so the figures include the cache misses every write causes.
 *
 * Three runs of each load, printed as min / median / max:
 * - polling as the screens do (bench/common.ts poll), every 5 s from random starting moments: the
 *   budget is p99 < 20 ms on PGlite;
 * - saturation: the same 200 clients asking back to back, beside a bare Fastify route under the
 *   same load in the same run: the budget is ≥ 25% of its throughput.
 */
export const CLIENTS = 200;
const POLL_SECONDS = 20;
const SATURATION_SECONDS = 10;
const RUNS = 3;
const PUBLISH_MS = 2000;

export type Request = { method: 'GET'; path: string; headers: Record<string, string> };

/** One request per login: mostly the first page, as screens are; other pages and filters rotate. */
async function pollRequests(url: string, logins: string[]): Promise<Request[]> {
  const queries = ['', '', '', '?page=2', '?status=started', '', '?page=3', `?start=${encodeURIComponent(new Date(Date.now() - 30 * 86400_000).toISOString())}`];
  const requests: Request[] = [];
  for (const [i, email] of logins.entries()) {
    // What the screens send: a browser's fetch always offers compression (so does Node's, which the
    // polling phase uses), and the server keeps each page gzipped once (server/cache/readyJson.ts).
    // autocannon offers none: without the header the saturated phase measured the load generator
    // parsing 15 kB bodies, not the server (its main thread was 65% idle in that phase).
    const headers = { 'x-access-token': await loginToken(url, email), 'accept-encoding': 'gzip, deflate, br, zstd' };
    requests.push({ method: 'GET', path: `/api/missions/request/monitoring${queries[i % queries.length] ?? ''}`, headers });
  }
  return requests;
}

/** Creates a mission of the demo tenant every 2 s until stopped, as the risk manager's desk would. */
export function publish(url: string, token: string) {
  const sent = new Map<string, number>();
  let failures = 0;
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n++) {
      const at = Date.now();
      const response = await fetch(`${url}/api/missions/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify(missionBody({ processNumber: `MIX-${n}` })),
      });
      if (response.status === 201) sent.set(((await response.json()) as MissionDetail)._id, at);
      else failures += 1;
      await new Promise((r) => setTimeout(r, Math.max(0, PUBLISH_MS - (Date.now() - at))));
    }
  })();
  return {
    sent,
    async stop() {
      running = false;
      await done;
      return failures;
    },
  };
}

const run = (url: string, options: { requests?: Request[]; seconds: number; rate?: number; overallRate?: number }): Promise<Load> =>
  load(url, {
    connections: CLIENTS,
    seconds: options.seconds,
    requests: options.requests,
    ...(options.rate ? { connectionRate: options.rate } : {}),
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });

async function seeded(database: Database, total: number) {
  await migrateDatabase(database);
  await seedDemo(database.db);
  const started = performance.now();
  const tenants = await seedMissionLoad(database.db, total, Date.now(), CLIENTS);
  // What autovacuum does on PostgreSQL after a bulk load; PGlite runs no autovacuum at all.
  await database.db.execute(sql`vacuum analyze`);
  const result = await database.db.execute(sql`select count(*)::int as n from missions`);
  const [row] = (result as { rows: { n: number }[] }).rows;
  return { ...tenants, missions: row?.n, seconds: (performance.now() - started) / 1000 };
}

/** A server over `total` seeded missions on one database, with the polling requests of its logins. */
export interface MonitoredServer {
  kind: 'PGlite' | 'PostgreSQL';
  server: RunningServer;
  requests: Request[];
  stop: () => Promise<void>;
}

export async function startMonitoredServer(kind: 'PGlite' | 'PostgreSQL', total: number): Promise<MonitoredServer> {
  const dataDir = newDataDir();
  const pg = kind === 'PostgreSQL' && process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, `bench_missions_${process.pid}`) : null;
  const database = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: join(dataDir, 'db') });
  let seed;
  try {
    seed = await seeded(database, total);
  } finally {
    await database.close();
  }
  console.log(`  ${kind}: ${seed.missions ?? '?'} missões semeadas em ${seed.seconds.toFixed(1)} s; ${seed.logins.length} logins consultando`);
  // livemix opens its 500 streams on this server.
  const server = await startServer(dataDir, { ...MANY_STREAMS_ENV, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  const stop = async () => {
    try {
      await stopServer(server);
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    return { kind, server, requests: await pollRequests(server.url, seed.logins), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** JIT and caches: every client once a second for 3 s, a load heavier than the measured ones. */
export const warmUp = (url: string, requests: Request[]) => poll(url, requests, { clients: CLIENTS, intervalMs: 1000, seconds: 3 });

/** Warm-up (unless done already), then the screens' own rhythm: every 15 s (MISSIONS_POLL_MS) and, stricter, every 5 s. */
export async function pollLikeScreens(url: string, requests: Request[], { warm = true } = {}): Promise<{ screens: Load; screens5s: Load }> {
  if (warm) await warmUp(url, requests);
  const screens = await poll(url, requests, { clients: CLIENTS, intervalMs: MISSIONS_POLL_MS, seconds: 45 });
  const screens5s = await poll(url, requests, { clients: CLIENTS, intervalMs: 5000, seconds: POLL_SECONDS });
  return { screens, screens5s };
}

/** The monitoring budget (docs/performance.md): p99 < 50 ms with no failed request. */
export const withinBudget = (l: Load) => l.p99 < 50 && l.non2xx === 0 && l.errors === 0;

async function benchOn(kind: 'PGlite' | 'PostgreSQL', total: number): Promise<Figure[]> {
  const { server, requests, stop } = await startMonitoredServer(kind, total);
  const bare = await startBare();
  try {
    await warmUp(server.url, requests);
    const publisher = publish(server.url, await loginToken(server.url, 'gestor@demo.com.br'));
    const polls: Load[] = [];
    const ratios: number[] = [];
    const saturations: Load[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        polls.push(await poll(server.url, requests, { clients: CLIENTS, intervalMs: 5000, seconds: POLL_SECONDS }));
        const saturated = await run(server.url, { requests, seconds: SATURATION_SECONDS });
        const bareSaturated = await run(`${bare.url}/bare`, { seconds: SATURATION_SECONDS });
        saturations.push(saturated);
        ratios.push(saturated.requestsPerSecond / Math.max(1, bareSaturated.requestsPerSecond));
      }
    } finally {
      const failures = await publisher.stop();
      console.log(`  ${kind}: ${publisher.sent.size} missões criadas durante as medidas (${failures} falhas)`);
    }
    const p99s = polls.map((l) => l.p99);
    return [
      report({
        name: `${kind}: monitoramento, ${CLIENTS} logins consultando a cada 5 s com uma missão criada a cada 2 s, p99 em ${RUNS} rodadas`,
        value: spread(p99s, ms),
        target: kind === 'PGlite' ? 'p99 < 20 ms' : undefined,
        ok: kind === 'PGlite' ? Math.max(...p99s) < 20 && polls.every((l) => l.non2xx === 0 && l.errors === 0) : undefined,
        note: polls.map((l, n) => `rodada ${n + 1}: ${describeLoad(l)}`).join('; '),
      }),
      report({
        name: `${kind}: monitoramento, ${CLIENTS} logins sem pausa com escritas, vazão ÷ Fastify puro na mesma rodada`,
        value: spread(ratios, percent),
        target: '≥ 25%',
        ok: Math.min(...ratios) >= 0.25,
        note: saturations.map((l, n) => `rodada ${n + 1}: ${describeLoad(l)}`).join('; '),
      }),
    ];
  } finally {
    await bare.stop();
    await stop();
  }
}

export async function benchMonitoring(total = Number(process.env.BENCH_MISSIONS ?? 100_000)): Promise<Figure[]> {
  console.log(`\n(e) Monitoramento de missões: ${total} missões, ${CLIENTS} clientes`);
  const figures = await benchOn('PGlite', total);
  if (process.env.DATABASE_URL) figures.push(...(await benchOn('PostgreSQL', total)));
  else console.log('  PostgreSQL: não medido (defina DATABASE_URL)');
  return figures;
}
