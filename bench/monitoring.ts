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
import { describeLoad, load, loginToken, MANY_STREAMS_ENV, median, ms, percent, poll, report, spread, type Figure, type Load } from './common';
import { growMissionLoad, seedMissionLoad } from './seedMissions';
import type { MissionDetail } from '../src/domain/missions';
import { missionBody } from '../tests/server/missionsClient';

/**
 * (e) GET /api/missions/request/monitoring over 100,000 and then 1,000,000 missions, 200 clients
 * polling, each its own login (risk-manager and provider users of five tenants, the platform
 * admin; pages 1–3, status and date filters), on PGlite and — when DATABASE_URL is set — on
 * PostgreSQL (a fresh database on that server, dropped afterwards). A mission is created every 2 s
 * throughout, as a dispatch desk does, so the figures include the cache misses every write causes.
 *
 * Three runs of each load at each size, printed as min / median / max:
 * - polling as the screens do (bench/common.ts poll), every 5 s from random starting moments: the
 *   budget is p99 < 20 ms;
 * - saturation: the same 200 clients asking back to back, beside a bare Fastify route under the
 *   same load in the same run: the budget is ≥ 25% of its throughput at 100,000 missions, ≥ 40% at
 *   a million;
 * - the growth: the polling p99 at a million within 1.5× of the one at 100,000 (a poll costs what
 *   its page costs, not what the table holds: docs/performance/monitoring-poll.md).
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

/** Seeds the load of `total` missions, or grows the one of `from` to it; then what autovacuum would do. */
async function seeded(database: Database, total: number, from: number) {
  const started = performance.now();
  let logins: string[] = [];
  if (from === 0) {
    await migrateDatabase(database);
    await seedDemo(database.db);
    logins = (await seedMissionLoad(database.db, total, Date.now(), CLIENTS)).logins;
  } else await growMissionLoad(database.db, from, total);
  // What autovacuum does on PostgreSQL after a bulk load; PGlite runs no autovacuum at all.
  await database.db.execute(sql`vacuum analyze`);
  const result = await database.db.execute(sql`select count(*)::int as n from missions`);
  const [row] = (result as { rows: { n: number }[] }).rows;
  return { logins, missions: row?.n, seconds: (performance.now() - started) / 1000 };
}

/** A server over `total` seeded missions on one database, with the polling requests of its logins. */
export interface MonitoredServer {
  kind: 'PGlite' | 'PostgreSQL';
  server: RunningServer;
  requests: Request[];
  /** Stops the server, grows its load to `total` missions on the same database and starts it again. */
  grow: (total: number) => Promise<void>;
  stop: () => Promise<void>;
}

/** PGlite over a million missions took longer than the harness's 15 s to close after the measures. */
const STOP_MS = 120_000;

export async function startMonitoredServer(kind: 'PGlite' | 'PostgreSQL', total: number): Promise<MonitoredServer> {
  const dataDir = newDataDir();
  const pg = kind === 'PostgreSQL' && process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, `bench_missions_${process.pid}`) : null;
  let logins: string[] = [];
  let size = 0;
  const seed = async (to: number) => {
    const database = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: join(dataDir, 'db') });
    try {
      const done = await seeded(database, to, size);
      if (size === 0) logins = done.logins;
      console.log(`  ${kind}: ${done.missions ?? '?'} missões (${to - size} semeadas em ${done.seconds.toFixed(1)} s); ${logins.length} logins consultando`);
      size = to;
    } finally {
      await database.close();
    }
  };
  // livemix opens its 500 streams on this server.
  const start = async (): Promise<{ server: RunningServer; requests: Request[] }> => {
    const server = await startServer(dataDir, { ...MANY_STREAMS_ENV, ...(pg ? { DATABASE_URL: pg.url } : {}) });
    try {
      return { server, requests: await pollRequests(server.url, logins) };
    } catch (error) {
      await stopServer(server);
      throw error;
    }
  };
  const cleanUp = async () => {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let running: { server: RunningServer; requests: Request[] };
  try {
    await seed(total);
    running = await start();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const monitored: MonitoredServer = {
    kind,
    ...running,
    async grow(to: number) {
      await stopServer(monitored.server, STOP_MS);
      await seed(to);
      Object.assign(monitored, await start());
    },
    async stop() {
      try {
        await stopServer(monitored.server, STOP_MS);
      } finally {
        await cleanUp();
      }
    },
  };
  return monitored;
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

/** The rounds at one size: polling p99s and saturated throughput ÷ bare Fastify, with their loads. */
interface Rounds {
  polls: Load[];
  saturations: Load[];
  ratios: number[];
}

async function roundsOn(monitored: MonitoredServer, bareUrl: string): Promise<Rounds> {
  const { server, requests } = monitored;
  await warmUp(server.url, requests);
  const publisher = publish(server.url, await loginToken(server.url, 'gestor@demo.com.br'));
  const rounds: Rounds = { polls: [], saturations: [], ratios: [] };
  try {
    for (let i = 0; i < RUNS; i++) {
      rounds.polls.push(await poll(server.url, requests, { clients: CLIENTS, intervalMs: 5000, seconds: POLL_SECONDS }));
      const saturated = await run(server.url, { requests, seconds: SATURATION_SECONDS });
      const bareSaturated = await run(bareUrl, { seconds: SATURATION_SECONDS });
      rounds.saturations.push(saturated);
      rounds.ratios.push(saturated.requestsPerSecond / Math.max(1, bareSaturated.requestsPerSecond));
    }
  } finally {
    const failures = await publisher.stop();
    console.log(`  ${monitored.kind}: ${publisher.sent.size} missões criadas durante as medidas (${failures} falhas)`);
  }
  return rounds;
}

const thousands = (n: number) => n.toLocaleString('pt-BR');

function roundFigures(kind: string, size: number, rounds: Rounds, saturatedTarget: number): Figure[] {
  const p99s = rounds.polls.map((l) => l.p99);
  return [
    report({
      name: `${kind}, ${thousands(size)} missões: monitoramento, ${CLIENTS} logins consultando a cada 5 s com uma missão criada a cada 2 s, p99 em ${RUNS} rodadas`,
      value: spread(p99s, ms),
      target: 'p99 < 20 ms',
      ok: Math.max(...p99s) < 20 && rounds.polls.every((l) => l.non2xx === 0 && l.errors === 0),
      note: rounds.polls.map((l, n) => `rodada ${n + 1}: ${describeLoad(l)}`).join('; '),
    }),
    report({
      name: `${kind}, ${thousands(size)} missões: monitoramento, ${CLIENTS} logins sem pausa com escritas, vazão ÷ Fastify puro na mesma rodada`,
      value: spread(rounds.ratios, percent),
      target: `≥ ${percent(saturatedTarget)}`,
      ok: Math.min(...rounds.ratios) >= saturatedTarget,
      note: rounds.saturations.map((l, n) => `rodada ${n + 1}: ${describeLoad(l)}`).join('; '),
    }),
  ];
}

/**
 * Each size in turn on one database, seeded once and grown between sizes: the figures of every
 * size, then how the polling p99 grew (median of the largest size's rounds ÷ the smallest's).
 */
async function benchOn(kind: 'PGlite' | 'PostgreSQL', sizes: number[]): Promise<Figure[]> {
  const [first, ...more] = sizes;
  if (first === undefined) return [];
  const monitored = await startMonitoredServer(kind, first);
  const bare = await startBare();
  const figures: Figure[] = [];
  const medians: number[] = [];
  try {
    for (const size of [first, ...more]) {
      if (size !== first) await monitored.grow(size);
      const rounds = await roundsOn(monitored, `${bare.url}/bare`);
      figures.push(...roundFigures(kind, size, rounds, size >= 1_000_000 ? 0.4 : 0.25));
      medians.push(median(rounds.polls.map((l) => l.p99)));
    }
  } finally {
    await bare.stop();
    await monitored.stop();
  }
  if (sizes.length > 1) {
    const growth = (medians.at(-1) ?? Number.NaN) / (medians[0] ?? Number.NaN);
    figures.push(
      report({
        name: `${kind}: crescimento do p99 da consulta, ${thousands(sizes.at(-1) ?? 0)} ÷ ${thousands(first)} missões (medianas das rodadas)`,
        value: `${growth.toFixed(2)}× (${medians.map(ms).join(' → ')})`,
        target: '≤ 1,5×',
        ok: growth <= 1.5,
      }),
    );
  }
  return figures;
}

/**
 * The sizes measured: 100,000 missions (the marketplace's reference load, docs/performance.md) and 1,000,000 (a few years of a large risk
 * manager, or a platform hosting several), on one seeding grown between them; BENCH_MISSIONS
 * measures one size instead.
 */
const SIZES = [100_000, 1_000_000];

/** BENCH_ENGINES=PostgreSQL (or PGlite) measures one engine: a million missions takes PGlite most of an hour on a busy machine. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'PGlite,PostgreSQL').split(',');

export async function benchMonitoring(sizes = process.env.BENCH_MISSIONS ? [Number(process.env.BENCH_MISSIONS)] : SIZES): Promise<Figure[]> {
  console.log(`\n(e) Monitoramento de missões: ${sizes.map(thousands).join(' e ')} missões, ${CLIENTS} clientes`);
  const figures = ENGINES.includes('PGlite') ? await benchOn('PGlite', sizes) : [];
  if (!ENGINES.includes('PostgreSQL')) return figures;
  if (process.env.DATABASE_URL) figures.push(...(await benchOn('PostgreSQL', sizes)));
  else console.log('  PostgreSQL: não medido (defina DATABASE_URL)');
  return figures;
}
