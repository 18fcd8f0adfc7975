// Builds what `npm start` runs when it is missing or older than its inputs: the SPA (vite build,
// dist/) and the server compiled to plain JavaScript (esbuild, dist-server/). Used by `npm start`,
// by `npm test` before the browser suite and by the benches; runnable on its own too.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BIN = join(ROOT, 'node_modules', '.bin');

/** What the bundle is made of: a change to any of these makes dist/ stale. */
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-service-worker.mjs', 'scripts/vite-precompress.mjs', 'package.json', 'tsconfig.json', '.env', '.env.local', '.env.production', '.env.production.local'];
/**
 * What a build ran with, kept beside it: the VITE_* variables baked into the bundle (a build made
 * with other values is stale) and NODE_ENV. The build always runs with NODE_ENV=production: under
 * another value (the test runner's 'test', a shell's 'development') vite bundles React's development
 * code, and the browser suites and the benches after them would run that build. A dist/ without
 * this mark in its stamp (any build made before it) is rebuilt.
 */
const STAMP = join(ROOT, 'dist', '.build-env.json');
const BUILD_ENV = { NODE_ENV: 'production' };
const buildStamp = () =>
  JSON.stringify({ ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('VITE_')).sort()), ...BUILD_ENV });

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows as a newer directory mtime
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The first of `inputs` changed after `built` was written, as a reason to rebuild; null when none was. */
function changedInput(built, inputs) {
  const builtAt = statSync(built).mtimeMs;
  for (const input of inputs) {
    if (newestMtime(join(ROOT, input)) > builtAt) return `${input} alterado`;
  }
  return null;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason() {
  const built = join(ROOT, 'dist', 'index.html');
  if (!existsSync(built)) return 'dist/ ausente';
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== buildStamp()) return 'variáveis VITE_* ou modo de compilação mudaram';
  return changedInput(built, INPUTS);
}

/**
 * The compiled server: one self-contained file per program (the packages stay in node_modules),
 * so a running server never loads anything more from here after its start, and a rebuild made
 * meanwhile cannot pull a file from under it. The migrations are copied beside the programs, where
 * server/db/migrate.ts looks for them (next to itself), and the database thread is a program of its
 * own because a worker thread starts from a file (server/db/pgliteThread.ts).
 */
export const SERVER_DIR = join(ROOT, 'dist-server');
const SERVER_PROGRAMS = ['server/main.ts', 'server/db/pgliteWorker.ts', 'server/runtime/backupCommand.ts', 'server/runtime/restoreCommand.ts'];
const SERVER_INPUTS = ['server', 'src/domain', 'package.json', 'tsconfig.json', 'scripts/build-if-stale.mjs'];

/** Why dist-server/ must be rebuilt, or null when it is up to date. */
export function serverStaleReason() {
  const built = join(SERVER_DIR, 'main.js');
  if (!existsSync(built)) return 'dist-server/ ausente';
  return changedInput(built, SERVER_INPUTS);
}

/**
 * Compiles into a new folder and then puts it in place of the old one: a server starting meanwhile
 * (the browser suites start several) finds either build whole, never half of one.
 */
async function buildServer() {
  const { build } = await import('esbuild');
  const next = `${SERVER_DIR}.${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: SERVER_PROGRAMS.map((program) => join(ROOT, program)),
    outdir: next,
    entryNames: '[name]',
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'server', 'db', 'migrations'), join(next, 'migrations'), { recursive: true });
  rmSync(SERVER_DIR, { recursive: true, force: true });
  try {
    renameSync(next, SERVER_DIR);
  } catch (error) {
    // Another start compiled the same sources at the same moment and put its build in place first.
    rmSync(next, { recursive: true, force: true });
    if (!existsSync(join(SERVER_DIR, 'main.js'))) throw error;
  }
}

/** The compiled program of `program` ('main', 'backupCommand', ...), as dist-server/ holds it. */
export const serverProgram = (program) => join(SERVER_DIR, `${program}.js`);

/** Compiles the server when stale; `force` always compiles. Returns true on success (or nothing to do). */
export async function ensureServerBuild({ force = false } = {}) {
  const reason = force ? 'build solicitado' : serverStaleReason();
  if (!reason) return true;
  console.log(`Compilando o servidor (esbuild; ${reason})...`);
  const started = Date.now();
  try {
    await buildServer();
  } catch (error) {
    console.error(`Falha ao compilar o servidor: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  console.log(`Servidor compilado em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** Runs a command from node_modules/.bin with inherited stdio; resolves to its exit code. */
export function runBin(name, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(BIN, name), args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/** Builds the SPA and the server, each when stale; `force` always builds. Returns true on success (or nothing to do). */
export async function ensureBuild({ force = false } = {}) {
  return (await ensureSpaBuild({ force })) && (await ensureServerBuild({ force }));
}

/** Builds the SPA when stale; `force` always builds. Returns true on success (or nothing to do). */
async function ensureSpaBuild({ force }) {
  const reason = force ? 'build solicitado' : staleReason();
  if (!reason) return true;
  console.log(`Compilando a interface (vite build; ${reason})...`);
  const started = Date.now();
  const code = await runBin('vite', ['build', '--logLevel', 'warn'], { env: { ...process.env, ...BUILD_ENV } });
  if (code !== 0) {
    console.error(`Falha ao compilar a interface (vite build saiu com código ${code}).`);
    return false;
  }
  writeFileSync(STAMP, buildStamp());
  console.log(`Interface compilada em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ok = await ensureBuild({ force: process.argv.includes('--force') });
  process.exit(ok ? 0 : 1);
}
