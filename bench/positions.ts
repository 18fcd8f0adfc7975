import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../server/db/client';
import { newDataDir, startServer, stopServer, type RunningServer } from '../tests/e2e/harness';
import { startBare } from './api';
import { describeLoad, median, ms, percent, poll, report, requireBuild, type Figure, type Load } from './common';
import { freshPostgres } from './freshPostgres';
import { OSMAND_PATH, osmandFix, sendFix } from './osmandFixes';
import type { WatcherReport } from './positionWatchers';
import { buildFleet, ticketsOf, type Fleet } from './positionsFleet';
import { positionsGrowth, type Growth } from './positionsGrowth';

/**
 * The team positions' budget (docs/performance.md, section positions; docs/rules/positions.md), on
 * one `npm start` over a world made through the API (bench/positionsFleet.ts): 500 tracking devices
 * of 25 providers, each holding a started mission, and 200 risk managers of the tenant watching the
 * live stream, each with its own login and ticket. In order, in one run:
 * 0. the intake without pause as in 3, before any stream opens: the intake's own cost, apart from
 *    the live fan-out's (printed beside 3, no target);
 * 1. the monitoring page those risk managers poll, every 5 s, with their streams open and no
 *    device sending;
 * 2. the fleet sending as phones do — each device one fix every BENCH_FIX_SECONDS, from random
 *    starting moments, half in OsmAnd's query form and half in Traccar Client 9's JSON — while the
 *    same polls run again and a probe device (the only one of its provider's mission) sends a fix
 *    every 2 s: the time from each probe's POST to each watcher's `position` event;
 * 3. the intake without pause (autocannon, the fleet's devices in turn, so each device stays under
 *    its limit of 120 a minute unless the server answers more than a thousand a second), beside a
 *    bare Fastify route answering the same requests 200 with an empty body, in the same run;
 * 4. after the server stops, the bytes of the positions table and its indexes: the rows the intake
 *    stored and a bulk insert of the same shape (bench/positionsGrowth.ts), per million positions.
 * PGlite by default; with DATABASE_URL, the same again on a new PostgreSQL database (dropped after).
 */

const number = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DEVICES = number('BENCH_DEVICES', 500);
const PROVIDERS = number('BENCH_PROVIDERS', 25);
const WATCHERS = number('BENCH_WATCHERS', 200);
/** The recommended frequency is 30–60 s in a mission (docs/operations/traccar-client.md): 10 s is three times the fastest. */
const FIX_SECONDS = number('BENCH_FIX_SECONDS', 10);
/** Each polling phase, and the fleet's flow around the second one. */
const POLL_SECONDS = number('BENCH_POLL_SECONDS', 20);
const SATURATION_SECONDS = number('BENCH_SATURATION_SECONDS', 10);
const CONNECTIONS = number('BENCH_CONNECTIONS', 100);
const GROWTH_POSITIONS = number('BENCH_GROWTH_POSITIONS', 100_000);
const PROBE_MS = 2000;
const POLL_MS = 5000;
const MONITORING = '/api/missions/request/monitoring';
/** Closing a stream-laden server, and a PGlite that took writes, can outlast the harness's 15 s. */
const STOP_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Statuses {
  ok: number;
  tooMany: number;
  other: number;
  errors: number;
}
const statuses = (s: Statuses) => `200: ${s.ok}, 429: ${s.tooMany}, outras: ${s.other}, erros de rede: ${s.errors}`;

/** The watchers' process (bench/positionWatchers.ts): opens their streams; at the end hands over the arrivals. */
async function openWatchers(url: string, tickets: string[], probe: string) {
  const child = fork(fileURLToPath(new URL('./positionWatchers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const reply = <T extends { kind: string }>(kind: T['kind']) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: T) => {
        if (message.kind !== kind) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`os streams dos gestores saíram (código ${code})`)));
    });
  const opened = reply<{ kind: 'open' }>('open');
  child.send({ kind: 'open', url, tickets, probe });
  await opened;
  return {
    async collect(): Promise<WatcherReport> {
      const collected = reply<WatcherReport>('collected');
      child.send({ kind: 'collect' });
      return collected;
    },
    kill: () => child.kill(),
  };
}

/** Each device sends a fix every FIX_SECONDS from a random moment of the first interval, until stopped. */
function paceFleet(url: string, devices: string[]) {
  const counts: Statuses = { ok: 0, tooMany: 0, other: 0, errors: 0 };
  const fixMs = FIX_SECONDS * 1000;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let running = true;
  const wait = (ms: number) => Promise.race([sleep(ms), stopped]);
  const device = async (identifier: string, i: number) => {
    await wait(Math.random() * fixMs);
    for (let n = 0; running; n++) {
      const sent = Date.now();
      try {
        const status = await sendFix(url, osmandFix(identifier, i, n, new Date(sent)));
        if (status === 200) counts.ok += 1;
        else if (status === 429) counts.tooMany += 1;
        else counts.other += 1;
      } catch {
        counts.errors += 1;
      }
      await wait(Math.max(0, fixMs - (Date.now() - sent)));
    }
  };
  const done = Promise.all(devices.map(device));
  return {
    async stop(): Promise<Statuses> {
      running = false;
      stop();
      await done;
      return counts;
    },
  };
}

interface Probes {
  /** When each probe fix was sent, in order. */
  sent: number[];
  /** How long the intake took to answer each (its own queue, before any delivery). */
  answered: number[];
  failed: number;
}

/**
 * The probe device sends a fix every PROBE_MS for `seconds`, on time whether or not the previous
 * one was answered (a phone's clock does not wait for the server), then waits for the answers.
 */
async function probe(url: string, identifier: string, seconds: number): Promise<Probes> {
  const probes: Probes = { sent: [], answered: [], failed: 0 };
  const answers: Promise<void>[] = [];
  const until = Date.now() + seconds * 1000;
  for (let n = 0; Date.now() < until; n++) {
    const at = Date.now();
    probes.sent.push(at);
    answers.push(
      sendFix(url, osmandFix(identifier, 0, n, new Date(at))).then(
        (status) => {
          probes.answered.push(Date.now() - at);
          if (status !== 200) probes.failed += 1;
        },
        () => void (probes.failed += 1),
      ),
    );
    await sleep(PROBE_MS);
  }
  await Promise.all(answers);
  probes.answered.sort((x, y) => x - y);
  return probes;
}

/**
 * Each probe's delivery on each stream: the first of the stream's probe events at or after the
 * probe's POST, each event answering one probe in order (probes are PROBE_MS apart; two stored
 * in one batch are one event, and the later one then takes the next event: a late figure, never
 * an early one). A probe left without an event is missing.
 */
function deliveries(sent: number[], arrivals: number[][]): { latencies: number[]; missing: number } {
  const latencies: number[] = [];
  let missing = 0;
  for (const stream of arrivals) {
    let j = 0;
    for (const at of sent) {
      while (j < stream.length && (stream[j] ?? 0) < at) j++;
      const arrived = stream[j];
      if (arrived === undefined) missing += 1;
      else {
        latencies.push(arrived - at);
        j++;
      }
    }
  }
  return { latencies: latencies.sort((a, b) => a - b), missing };
}

interface Saturation {
  perSecond: number;
  statuses: Statuses;
  p50: number;
  p99: number;
}

/** autocannon over `path` with the fleet's fixes, device after device across all connections; a 2 s warm-up first. */
async function saturate(base: string, path: string, devices: string[]): Promise<Saturation> {
  let n = 0;
  const next = (): autocannon.Request => {
    const i = n % devices.length;
    const fix = osmandFix(devices[i] ?? '', i, Math.floor(n / devices.length), new Date(), path);
    n += 1;
    return fix;
  };
  const options = { url: base, connections: CONNECTIONS, requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...next() }) }] };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: SATURATION_SECONDS });
  const byStatus = (code: string) => result.statusCodeStats?.[code as `${number}`]?.count ?? 0;
  const ok = byStatus('200');
  const tooMany = byStatus('429');
  return {
    perSecond: ok / SATURATION_SECONDS,
    statuses: { ok, tooMany, other: result.requests.total - ok - tooMany - result.errors, errors: result.errors },
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

interface Measured {
  setupSeconds: number;
  quiet: Load;
  flowing: Load;
  paced: Statuses;
  probes: Probes;
  watched: WatcherReport;
  /** The same saturation before the watchers' streams opened. */
  alone: Saturation;
  product: Saturation;
  bare: Saturation;
}

async function measure(server: RunningServer, fleet: Fleet, setupSeconds: number): Promise<Measured> {
  const bare = await startBare();
  let watchers: Awaited<ReturnType<typeof openWatchers>> | undefined;
  try {
    // The intake alone, before anyone watches: tells the intake's own cost from the live fan-out's.
    const alone = await saturate(server.url, OSMAND_PATH, fleet.devices);
    watchers = await openWatchers(server.url, await ticketsOf(server.url, fleet.watchers), fleet.probe.mission);
    // What the screens send: a browser's fetch always offers compression.
    const requests = fleet.watchers.map((token) => ({ path: MONITORING, headers: { 'x-access-token': token, 'accept-encoding': 'gzip, deflate, br, zstd' } }));
    const every = { clients: requests.length, intervalMs: POLL_MS, seconds: POLL_SECONDS };
    // JIT and caches: every watcher once a second for 3 s.
    await poll(server.url, requests, { clients: requests.length, intervalMs: 1000, seconds: 3 });
    const quiet = await poll(server.url, requests, every);
    const fleetFlow = paceFleet(server.url, fleet.devices);
    let flowed: [Load, Probes];
    try {
      // The fleet's first round is spread over FIX_SECONDS: the polls and probes start once it is under way.
      await sleep(Math.min(FIX_SECONDS, 5) * 1000);
      flowed = await Promise.all([poll(server.url, requests, every), probe(server.url, fleet.probe.identifier, POLL_SECONDS)]);
    } catch (error) {
      await fleetFlow.stop();
      throw error;
    }
    const paced = await fleetFlow.stop();
    const [flowing, probes] = flowed;
    const product = await saturate(server.url, OSMAND_PATH, fleet.devices);
    const reference = await saturate(bare.url, '/osmand', fleet.devices);
    // The streams may still be reading the saturation's events; the probes' are long delivered.
    const watched = await watchers.collect();
    return { setupSeconds, quiet, flowing, paced, probes, watched, alone, product, bare: reference };
  } finally {
    watchers?.kill();
    await bare.stop();
  }
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const perMillion = (bytes: number, rows: number) => (rows > 0 ? (bytes / rows) * 1_000_000 : Number.NaN);

function figuresOf(kind: string, m: Measured, growth: Growth): Figure[] {
  const { latencies, missing } = deliveries(m.probes.sent, m.watched.arrivals);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
  const ratio = m.product.perSecond / Math.max(1, m.bare.perSecond);
  const sat = (s: Saturation) => `${Math.round(s.perSecond)} respostas 200/s, p50 ${ms(s.p50)}, p99 ${ms(s.p99)} (${statuses(s.statuses)})`;
  const pollFigure = (name: string, l: Load, note?: string) =>
    report({ name, value: describeLoad(l), target: 'p99 < 20 ms, sem falhas', ok: l.p99 < 20 && l.non2xx === 0 && l.errors === 0, ...(note ? { note } : {}) });
  return [
    report({
      name: `${kind}: OsmAnd sem pausa, ${DEVICES} dispositivos em ${CONNECTIONS} conexões, vazão ÷ rota Fastify pura (200 vazio) na mesma rodada`,
      value: `${percent(ratio)} (${Math.round(m.product.perSecond)} ÷ ${Math.round(m.bare.perSecond)} respostas 200/s)`,
      target: '≥ 30%, só respostas 200',
      ok: ratio >= 0.3 && m.product.statuses.other === 0 && m.product.statuses.errors === 0 && m.product.statuses.tooMany === 0,
      note: `produto: ${sat(m.product)}; Fastify puro: ${sat(m.bare)}; o produto antes de os ${WATCHERS} fluxos abrirem, no início da rodada: ${sat(m.alone)}`,
    }),
    report({
      name: `${kind}: ${DEVICES} dispositivos no ritmo de campo (uma posição a cada ${FIX_SECONDS} s)`,
      value: statuses(m.paced),
      target: 'todas 200',
      ok: m.paced.ok > 0 && m.paced.tooMany === 0 && m.paced.other === 0 && m.paced.errors === 0,
    }),
    report({
      name: `${kind}: posição entregue a ${m.watched.arrivals.length} gestores no ao vivo (POST → evento 'position', ${m.probes.sent.length} posições de prova durante o ritmo de campo)`,
      value: `p50 ${ms(p(0.5))}, p95 ${ms(p(0.95))}, p99 ${ms(p(0.99))}, máx ${ms(latencies.at(-1) ?? Number.NaN)}; ${latencies.length} entregas, ${missing} faltando`,
      target: 'p99 < 1000 ms, nenhuma faltando',
      ok: p(0.99) < 1000 && missing === 0 && m.probes.failed === 0 && latencies.length > 0,
      note: `${m.watched.heard} eventos 'position' recebidos pelos ${m.watched.arrivals.length} streams na rodada toda; resposta da entrada às posições de prova: mediana ${ms(median(m.probes.answered))}, máx ${ms(m.probes.answered.at(-1) ?? Number.NaN)}; ${m.probes.failed} sem 200`,
    }),
    pollFigure(`${kind}: monitoramento, ${m.watched.arrivals.length} gestores a cada ${POLL_MS / 1000} s, streams abertos, sem posições chegando`, m.quiet),
    pollFigure(`${kind}: monitoramento, o mesmo com as posições chegando (${DEVICES} dispositivos a cada ${FIX_SECONDS} s)`, m.flowing, `sem posições, na mesma rodada: p99 ${ms(m.quiet.p99)}`),
    report({
      name: `${kind}: crescimento do banco por milhão de posições (tabela positions e índices)`,
      value: `${mib(perMillion(growth.bulk.bytes, growth.bulk.rows))} (inserção em lote de ${growth.bulk.rows} linhas de mesma forma, ${growth.bulk.seconds.toFixed(1)} s)`,
      note: `pela entrada OsmAnd nesta rodada: ${growth.intake.rows} posições, ${mib(growth.intake.bytes)} acima da tabela vazia = ${mib(perMillion(growth.intake.bytes, growth.intake.rows))} por milhão; preparo pela API: ${m.setupSeconds.toFixed(0)} s`,
    }),
  ];
}

/** The section's figures as a short table: what each measures, its value, its target. */
function table(figures: Figure[]): void {
  const rows = figures.map((f) => [f.name.replace(/ \(.*$/, '').slice(0, 70), f.value.replace(/ \(.*$/, '').replace(/;.*$/, '').slice(0, 60), f.ok === undefined ? '—' : f.ok ? 'ok' : 'ACIMA DO ALVO']);
  const width = [0, 1].map((c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  console.log('');
  for (const [name, value, verdict] of rows) console.log(`  ${(name ?? '').padEnd(width[0] ?? 0)}  ${(value ?? '').padEnd(width[1] ?? 0)}  ${verdict ?? ''}`);
}

async function positionsOn(kind: 'PGlite' | 'PostgreSQL'): Promise<Figure[]> {
  const dataDir = newDataDir();
  const pg = kind === 'PostgreSQL' && process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, `bench_positions_${process.pid}`) : null;
  try {
    const server = await startServer(dataDir, pg ? { DATABASE_URL: pg.url } : {});
    let measured: Measured;
    try {
      const started = performance.now();
      const fleet = await buildFleet(server.url, { providers: PROVIDERS, devices: DEVICES, watchers: WATCHERS });
      const setupSeconds = (performance.now() - started) / 1000;
      console.log(`  ${kind}: ${PROVIDERS + 1} prestadoras com missão iniciada, ${fleet.devices.length} dispositivos e ${fleet.watchers.length} gestores criados pela API em ${setupSeconds.toFixed(0)} s`);
      measured = await measure(server, fleet, setupSeconds);
    } finally {
      await stopServer(server, STOP_MS);
    }
    const database = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: join(dataDir, 'db') });
    let growth: Growth;
    try {
      growth = await positionsGrowth(database, GROWTH_POSITIONS);
    } finally {
      await database.close();
    }
    return figuresOf(kind, measured, growth);
  } finally {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchPositions(): Promise<Figure[]> {
  console.log(`\nPosições das equipes: ${DEVICES} dispositivos de ${PROVIDERS} prestadoras, ${WATCHERS} gestores no ao vivo`);
  await requireBuild();
  const figures = await positionsOn('PGlite');
  if (process.env.DATABASE_URL) figures.push(...(await positionsOn('PostgreSQL')));
  else console.log('  PostgreSQL: não medido (defina DATABASE_URL)');
  table(figures);
  return figures;
}
