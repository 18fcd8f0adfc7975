import { execFile, fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuild } from '../scripts/build-if-stale.mjs';
import { newDataDir, startServer, stopServer, type RunningServer } from '../tests/e2e/harness';
import type { PollJob, PollResult } from './pollers';

/** One measured figure: printed as it is taken and collected for the summary. */
export interface Figure {
  name: string;
  value: string;
  target?: string;
  /** undefined when the figure has no target. */
  ok?: boolean;
  note?: string;
}

export function report(figure: Figure): Figure {
  const verdict = figure.ok === undefined ? '' : figure.ok ? '  [ok]' : '  [ACIMA DO ALVO]';
  const target = figure.target ? ` (alvo ${figure.target})` : '';
  console.log(`  ${figure.name}: ${figure.value}${target}${verdict}${figure.note ? `\n    ${figure.note}` : ''}`);
  return figure;
}

/** autocannon's latencies are whole milliseconds: 0 means under one. */
export const ms = (value: number) => (value === 0 ? '< 1 ms' : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
/** Repeated runs of one figure as 'min / median / max'. */
export const spread = (values: number[], format: (value: number) => string) =>
  `${format(Math.min(...values))} / ${format(median(values))} / ${format(Math.max(...values))} (mín / mediana / máx)`;

/** The built SPA and the compiled server are what start runs; building is not part of any figure. */
export async function requireBuild(): Promise<void> {
  if (!(await ensureBuild())) throw new Error('o build (vite ou esbuild) falhou');
}

/** Runs `fn` against a server on `dataDir` (default: a new temp dir), then stops it and deletes the dir. */
/**
 * The benches open hundreds of streams from a handful of logins, as many browsers would from many:
 * the per-login limit (LIVE_STREAMS_PER_USER, 20) is lifted for them.
 */
export const MANY_STREAMS_ENV = { LIVE_STREAMS_PER_USER: '1000' };

export async function withServer<T>(fn: (server: RunningServer) => Promise<T>, dataDir = newDataDir(), env: NodeJS.ProcessEnv = {}): Promise<T> {
  try {
    const server = await startServer(dataDir, env);
    try {
      return await fn(server);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function loginToken(baseUrl: string, email: string, password = 'Demo@123'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`login ${email} → ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** autocannon's options that the benches vary (requests rotate per connection; rates throttle). */
export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  requests?: { method: 'GET'; path: string; headers: Record<string, string> }[];
  connectionRate?: number;
  overallRate?: number;
}

/** autocannon against one URL; a 2-second warm-up first so JIT and the DB cache are not measured. */
export async function load(url: string, { seconds, ...options }: LoadOptions): Promise<Load> {
  const base = { url, ...options };
  await autocannon({ ...base, duration: 2 });
  const result = await autocannon({ ...base, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

export const describeLoad = (l: Load) =>
  `${Math.round(l.requestsPerSecond)} req/s, p50 ${ms(l.p50)}, p99 ${ms(l.p99)} (${l.total} respostas, ${l.non2xx} não-2xx, ${l.errors} erros)`;

/** Clients polling as the screens do, in their own process (bench/pollers.ts says how and why). */
export async function poll(url: string, requests: PollJob['requests'], { clients, intervalMs, seconds }: Pick<PollJob, 'clients' | 'intervalMs' | 'seconds'>): Promise<Load> {
  const child = fork(fileURLToPath(new URL('./pollers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  const { latencies, non2xx, errors } = await new Promise<PollResult>((resolve, reject) => {
    child.once('message', (result: PollResult) => resolve(result));
    child.once('exit', (code) => reject(new Error(`os clientes de consulta (bench/pollers.ts) saíram com o código ${code}`)));
    child.send({ url, requests, clients, intervalMs, seconds } satisfies PollJob);
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  return { requestsPerSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), non2xx, errors, total: latencies.length };
}

const run = promisify(execFile);

/** RSS of a process group (the server started by startServer) in KiB, read without blocking the event loop. */
export async function groupRssKiB(pgid: number): Promise<number> {
  const { stdout } = await run('ps', ['-o', 'rss=', '-g', String(pgid)]);
  return stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isFinite(n))
    .reduce((sum, n) => sum + n, 0);
}
