import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { ensureBuild } from '../scripts/build-if-stale.mjs';
import { newDataDir, startServer, stopServer, type RunningServer } from '../tests/e2e/harness';

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

/** The built SPA is part of what start serves; building is not part of any figure. */
export async function requireBuild(): Promise<void> {
  if (!(await ensureBuild())) throw new Error('vite build falhou');
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

/**
 * Clients polling as the screens do: each client asks its request every `intervalMs`, starting at
 * a random moment of the first interval (browsers open the page at different times, so their polls
 * do not line up; autocannon's rates release each second's quota at once, a synchronized burst).
 * Latency is measured per request, from send to the whole body read.
 */
export async function poll(
  url: string,
  requests: { path: string; headers: Record<string, string> }[],
  { clients, intervalMs, seconds }: { clients: number; intervalMs: number; seconds: number },
): Promise<Load> {
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const client = async (i: number) => {
    const request = requests[i % requests.length];
    if (!request) return;
    await sleep(Math.random() * intervalMs);
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        const response = await fetch(`${url}${request.path}`, { headers: request.headers });
        await response.arrayBuffer();
        if (response.status < 200 || response.status > 299) non2xx += 1;
        latencies.push(performance.now() - sent);
      } catch {
        errors += 1;
      }
      await sleep(Math.max(0, intervalMs - (performance.now() - sent)));
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
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
