// Builds the SPA (vite build) when dist/ is missing or older than its inputs.
// Used by `npm start` and by `npm test` before the browser suite; runnable on its own too.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BIN = join(ROOT, 'node_modules', '.bin');

/** What the bundle is made of: a change to any of these makes dist/ stale. */
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json', '.env', '.env.local', '.env.production', '.env.production.local'];
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

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleReason() {
  const built = join(ROOT, 'dist', 'index.html');
  if (!existsSync(built)) return 'dist/ ausente';
  if (!existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== buildStamp()) return 'variáveis VITE_* ou modo de compilação mudaram';
  const builtAt = statSync(built).mtimeMs;
  for (const input of INPUTS) {
    if (newestMtime(join(ROOT, input)) > builtAt) return `${input} alterado`;
  }
  return null;
}

/** Runs a command from node_modules/.bin with inherited stdio; resolves to its exit code. */
export function runBin(name, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(join(BIN, name), args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/** Builds when stale; `force` always builds. Returns true on success (or nothing to do). */
export async function ensureBuild({ force = false } = {}) {
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
