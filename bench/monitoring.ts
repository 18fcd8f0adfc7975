import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database } from '../server/db/client';
import { seedDemo } from '../server/db/seed';
import { newDataDir, startServer, stopServer, type RunningServer } from '../tests/e2e/harness';
import { startBare } from './api';
import { MISSIONS_POLL_MS } from '../src/domain/missions/polling';
import { freshPostgres } from './freshPostgres';
import { describeLoad, load, loginToken, MANY_STREAMS_ENV, ms, poll, report, type Figure, type Load } from './common';
import { seedMissionLoad } from './seedMissions';

/**
 * (e) Issue 7: GET /api/missions/request/monitoring over 100,000 missions, 200 concurrent clients
 * polling as different tenants and providers (pages 1–3, status and date filters), on PGlite and —
 * when DATABASE_URL is set — on PostgreSQL (a fresh database on that server, dropped afterwards).
 *
 * Loads per database:
 * - polling as the screens do (bench/common.ts poll): each client every MISSIONS_POLL_MS (15 s)
 *   and, stricter, every 5 s, from random starting moments; the budget is their p99 < 50 ms;
 * - worst cases, printed for the record: autocannon's 40 req/s (each second's 40 requests released
 *   together) and 1 request a second per client, beside a bare Fastify route under the same load;
 * - saturation: the same 200 clients asking back to back, for the throughput ceiling.
 */
export const CLIENTS = 200;
const POLL_SECONDS = 20;
const SATURATION_SECONDS = 10;

export type Request = { method: 'GET'; path: string; headers: Record<string, string> };

async function pollRequests(url: string, logins: string[]): Promise<Request[]> {
  const queries = ['', '?page=2', '?status=started', '?page=3', `?start=${encodeURIComponent(new Date(Date.now() - 30 * 86400_000).toISOString())}`];
  const requests: Request[] = [];
  for (const [i, email] of logins.entries()) {
    const headers = { 'x-access-token': await loginToken(url, email) };
    // Mostly the first page, as screens are; the others rotate per login.
    requests.push({ method: 'GET', path: '/api/missions/request/monitoring', headers });
    requests.push({ method: 'GET', path: `/api/missions/request/monitoring${queries[i % queries.length] ?? ''}`, headers });
  }
  return requests;
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
  const tenants = await seedMissionLoad(database.db, total);
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

/** The budget of issue 7: p99 < 50 ms with no failed request. */
export const withinBudget = (l: Load) => l.p99 < 50 && l.non2xx === 0 && l.errors === 0;

async function benchOn(kind: 'PGlite' | 'PostgreSQL', total: number): Promise<Figure[]> {
  const { server, requests, stop } = await startMonitoredServer(kind, total);
  const bare = await startBare();
  try {
    const { screens, screens5s } = await pollLikeScreens(server.url, requests);
    const every5s = await run(server.url, { requests, seconds: POLL_SECONDS, overallRate: CLIENTS / 5 });
    const polling = await run(server.url, { requests, seconds: POLL_SECONDS, rate: 1 });
    const barePolling = await run(`${bare.url}/bare`, { seconds: POLL_SECONDS, rate: 1 });
    const saturated = await run(server.url, { requests, seconds: SATURATION_SECONDS });
    const bareSaturated = await run(`${bare.url}/bare`, { seconds: SATURATION_SECONDS });
    return [
      report({
        name: `${kind}: monitoramento, ${CLIENTS} clientes consultando como as telas (a cada ${MISSIONS_POLL_MS / 1000} s, fases aleatórias)`,
        value: describeLoad(screens),
        target: 'p99 < 50 ms',
        ok: withinBudget(screens),
      }),
      report({
        name: `${kind}: monitoramento, ${CLIENTS} clientes consultando a cada 5 s (fases aleatórias)`,
        value: describeLoad(screens5s),
        target: 'p99 < 50 ms',
        ok: withinBudget(screens5s),
      }),
      report({
        name: `${kind}: monitoramento, ${CLIENTS} clientes, 40 req/s em rajadas sincronizadas (autocannon, pior caso)`,
        value: describeLoad(every5s),
      }),
      report({
        name: `${kind}: monitoramento, ${CLIENTS} clientes consultando 1×/s (autocannon, pior caso)`,
        value: describeLoad(polling),
        note: `Fastify puro na mesma carga: ${describeLoad(barePolling)}`,
      }),
      report({
        name: `${kind}: monitoramento, ${CLIENTS} clientes sem pausa (teto)`,
        value: describeLoad(saturated),
        note: `Fastify puro na mesma carga: ${describeLoad(bareSaturated)}; vazão ${Math.round((saturated.requestsPerSecond / Math.max(1, bareSaturated.requestsPerSecond)) * 100)}% da rota pura, p99 ${ms(saturated.p99)} × ${ms(bareSaturated.p99)}`,
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
