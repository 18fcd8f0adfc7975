import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser as PwBrowser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { serverProgram } from '../../scripts/build-if-stale.mjs';
import { CHROMIUM_INSTALL_HINT, findChromium } from '../../scripts/chromium.mjs';
import type { MissionRow, MonitoringPage } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { defined } from '../defined';
import { startAddressUpstream, type AddressUpstream } from '../stubs/addressUpstream';
import { screenshotOnFailure } from './screenshot';

/**
 * End-to-end harness: the real `npm start` (scripts/start.mjs, which runs the compiled server) on a
 * temp DATA_DIR and a free port, driven by Debian's headless Chromium. Nothing is mocked.
 */
export const ROOT = resolve(import.meta.dirname, '..', '..');

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'pr-e2e-data-'));
}

/** A new DATA_DIR holding a copy of the one the e2e global setup started once (migrated, demo data). */
export function seededDataDir(): string {
  const dir = newDataDir();
  cpSync(inject('e2eSeededDataDir'), dir, { recursive: true });
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout + stderr). */
  output(): string;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
}

const OUTPUT_HEAD = 256 * 1024;
const OUTPUT_TAIL = 64 * 1024;

/**
 * The ways to start the server: `node scripts/start.mjs` (what `npm start` runs, the compiled server
 * of dist-server/), `npm start` itself, and for the startup bench the compiled server alone and the
 * sources under tsx (as development and the server tests run them).
 */
const LAUNCHES = {
  startScript: [process.execPath, [join(ROOT, 'scripts', 'start.mjs')]],
  npmStart: ['npm', ['start', '--silent']],
  compiled: [process.execPath, [serverProgram('main')]],
  tsx: [process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')]],
} as const satisfies Record<string, readonly [string, readonly string[]]>;
export type Launch = keyof typeof LAUNCHES;

/** Spawns the server (by default as `npm start` runs it) in its own process group, so a timeout can kill the server too. */
export function spawnServer(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}, launch: Launch = 'startScript'): RunningServer {
  const [command, args] = LAUNCHES[launch];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // HOST defaults to loopback; a test that reaches the server through another address passes HOST.
    env: { ...process.env, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port), DATA_DIR: dataDir },
  });
  // The start (URL, logins, errors at boot) and the latest output are kept; a server logging every
  // request under a bench's load would otherwise fill this process's memory.
  let head = '';
  let tail = '';
  const keep = (chunk: Buffer) => {
    if (head.length < OUTPUT_HEAD) head += chunk.toString();
    else tail = (tail + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { url: `http://127.0.0.1:${port}`, port, dataDir, child, output: () => (tail ? `${head}\n[…]\n${tail}` : head), exited };
}

/** Polls /api/health until 200; fails early with the server's output when it exits first. */
export async function waitForHealth(server: RunningServer, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before becoming healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

let addressStub: Promise<AddressUpstream> | undefined;

/** The address upstreams (CEP, geocoding) of every e2e server: one local stub per test process, never the internet. */
export function e2eAddressUpstream(): Promise<AddressUpstream> {
  addressStub ??= startAddressUpstream({ unref: true });
  return addressStub;
}

export async function startServer(dataDir = seededDataDir(), env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const stub = await e2eAddressUpstream();
  const upstreams = { CEP_UPSTREAM_URL: stub.cepUrl, GEOCODE_UPSTREAM_URL: stub.geocodeUrl };
  const server = spawnServer(dataDir, await freePort(), { ...upstreams, ...env });
  try {
    await waitForHealth(server);
  } catch (error) {
    killGroup(server, 'SIGKILL');
    throw error;
  }
  return server;
}

export function killGroup(server: RunningServer, signal: NodeJS.Signals) {
  try {
    if (server.child.pid) process.kill(-server.child.pid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * SIGTERM to the start script (which forwards it), or with `group` to the whole process group as a
 * terminal does (npm does not forward signals to its script); resolves with the exit code. On timeout
 * the whole process group is killed and the call throws, since a server that ignores SIGTERM is a bug.
 */
export async function stopServer(server: RunningServer, timeoutMs = 15_000, group = false): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.child.exitCode;
  if (group) killGroup(server, 'SIGTERM');
  else server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
  const result = await Promise.race([server.exited, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') {
    killGroup(server, 'SIGKILL');
    await server.exited;
    throw new Error(`server did not stop within ${timeoutMs} ms after SIGTERM:\n${server.output()}`);
  }
  return result;
}

export interface MailFile {
  to: string;
  subject: string;
  text: string;
  file: string;
}

/** Outbox messages (DATA_DIR/outbox/*.json), oldest first; file names start with Date.now(). */
export function readOutbox(dataDir: string): MailFile[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
    .map((name) => ({ ...(JSON.parse(readFileSync(join(dir, name), 'utf8')) as Omit<MailFile, 'file'>), file: name }));
}

/** The newest message to `to` written after `after` messages existed; waits for it to appear. */
export async function waitForMail(dataDir: string, to: string, after = 0, timeoutMs = 15_000): Promise<MailFile> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mine = readOutbox(dataDir).slice(after).filter((m) => m.to.toLowerCase() === to.toLowerCase());
    const newest = mine.at(-1);
    if (newest) return newest;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to} in ${join(dataDir, 'outbox')} after ${timeoutMs} ms`);
}

/** The 6-digit code in a password-reset e-mail. */
export function resetCodeOf(mail: MailFile): string {
  const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
  if (!match) throw new Error(`no 6-digit code in e-mail: ${mail.text}`);
  return defined(match[1], 'code');
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Viewport {
  width: number;
  height: number;
}

export interface Browser {
  browser: PwBrowser;
  /** A page in a context of its own (1280×800 unless `viewport`): no cookies or localStorage shared with other tests. */
  newPage(viewport?: Viewport): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium); never downloaded. Playwright's launch gives
 * it a fresh temporary profile (--user-data-dir) that it deletes on close. `extraArgs` are added to
 * CHROMIUM_ARGS (e.g. --host-resolver-rules).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_INSTALL_HINT);
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
  return {
    browser,
    async newPage(viewport = { width: 1280, height: 800 }) {
      const context = await browser.newContext({ locale: 'pt-BR', viewport });
      const page = await context.newPage();
      // Closing the browser closes the page too; the context is then already gone.
      page.once('close', () => void context.close().catch(() => undefined));
      return page;
    },
    close: () => browser.close(),
  };
}

/** The demo seed's password of every demo login. */
export const DEMO_PASSWORD = 'Demo@123';

/** Where a browser suite's server listens and keeps its data. */
export interface E2eAddress {
  url: string;
  port: number;
  dataDir: string;
}

/** What a browser suite asks of the global setup's server pool (serverPool.ts). */
export type PoolRequest = { kind: 'start'; env: NodeJS.ProcessEnv } | { kind: 'restart'; port: number; env: NodeJS.ProcessEnv } | { kind: 'stop'; port: number };
export type PoolAnswer = Partial<E2eAddress> & { code?: number | null };

async function askPool(request: PoolRequest): Promise<PoolAnswer> {
  const response = await fetch(inject('e2eServerPool'), { method: 'POST', body: JSON.stringify(request) });
  if (!response.ok) throw new Error(await response.text());
  return (await response.json()) as PoolAnswer;
}

const addressOf = (answer: PoolAnswer): E2eAddress => ({
  url: defined(answer.url, 'url'),
  port: defined(answer.port, 'port'),
  dataDir: defined(answer.dataDir, 'dataDir'),
});

export interface E2eServer {
  /** The running server (a new one after `restart`). */
  readonly server: E2eAddress;
  readonly browser: Browser;
  readonly url: string;
  /** A page of its own context; call it inside a test, since a failure saves /tmp/e2e-<name>.png. */
  newPage(name: string, viewport?: Viewport): Promise<Page>;
  /** Fills the login form and submits it, without waiting for where it leads. */
  submitLogin(page: Page, email: string, password?: string): Promise<void>;
  /** Logs in and waits for the missions screen, where every login lands. */
  logIn(page: Page, email: string, password?: string): Promise<void>;
  /** Stops the server with SIGTERM and starts a new one on the same DATA_DIR; resolves with the exit code. */
  restart(): Promise<number | null>;
}

/**
 * The lifecycle every browser suite shares: before the file's tests, the real `npm start` on a new
 * temp DATA_DIR seeded once for the run (with `env`), handed over by the global setup's server pool
 * (serverPool.ts: with the usual settings it is already up), and Chromium (with `browserArgs`);
 * after them, the browser closed, the server stopped and its DATA_DIR deleted. Call at the top
 * level of a test file.
 */
export function useE2eServer({ env = {}, browserArgs = [] }: { env?: NodeJS.ProcessEnv; browserArgs?: string[] } = {}): E2eServer {
  let server: E2eAddress | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [answer, launched] = await Promise.all([askPool({ kind: 'start', env }), launchBrowser(browserArgs)]);
    [server, browser] = [addressOf(answer), launched];
  });
  afterAll(async () => {
    await browser?.close();
    if (server) await askPool({ kind: 'stop', port: server.port });
  });
  const running = () => defined(server, 'e2e server (useE2eServer: used before beforeAll)');
  const submitLogin = async (page: Page, email: string, password = DEMO_PASSWORD) => {
    await page.goto(`${running().url}/login`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
  };
  return {
    get server() {
      return running();
    },
    get browser() {
      return defined(browser, 'e2e browser (useE2eServer: used before beforeAll)');
    },
    get url() {
      return running().url;
    },
    async newPage(name, viewport) {
      const page = await defined(browser, 'e2e browser').newPage(viewport);
      screenshotOnFailure(page, name);
      return page;
    },
    submitLogin,
    async logIn(page, email, password) {
      await submitLogin(page, email, password);
      await page.waitForURL('**/home/missions');
    },
    async restart() {
      const answer = await askPool({ kind: 'restart', port: running().port, env });
      server = addressOf(answer);
      return answer.code ?? null;
    },
  };
}

/** A demo login's API token, signed in through the API (no page). */
export async function demoToken(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A JSON call to the API as `token`'s user; anything but a 2xx throws with the answer. */
export async function apiJson(url: string, path: string, token: string, method = 'GET', body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A started demo mission held by the demo provider, found through the API with the page's session. */
export async function heldStartedMission(page: Page): Promise<MissionRow> {
  const monitoring = await page.evaluate(async () => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch('/api/missions/request/monitoring?page=1&status=started', { headers: { 'x-access-token': token } });
    return (await response.json()) as MonitoringPage;
  });
  const mission = monitoring.data.find((m) => m.serviceProvider === DEMO_IDS.provider);
  if (!mission) throw new Error('no started demo mission held by the demo provider');
  return mission;
}
