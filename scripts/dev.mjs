// npm run dev: the API under `tsx watch` (restarts on server/ or src/domain changes) on API_PORT,
// and the Vite dev server (hot reload) on PORT whose /api proxy (vite.config.ts) points at API_PORT.
// Ctrl-C, SIGTERM, or either child dying stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './build-if-stale.mjs';

const apiPort = process.env.API_PORT || '3001';
const webPort = process.env.PORT || '3000';
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

const children = [];
let stopping = false;

function start(label, command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('error', (error) => {
    console.error(`[dev] ${label} não iniciou: ${error.message}`);
    stop(1);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${label} terminou (${signal ?? `código ${code}`}); parando o outro processo.`);
      stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of alive) child.kill('SIGTERM');
  let pending = alive.length;
  if (pending === 0) process.exit(exitCode);
  for (const child of alive) child.on('exit', () => --pending === 0 && process.exit(exitCode));
  // A child that ignores SIGTERM must not keep the terminal hostage.
  setTimeout(() => {
    for (const child of alive) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 10000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

console.log(`[dev] API em http://localhost:${apiPort} (tsx watch), interface em http://localhost:${webPort} (Vite, /api → ${apiPort})`);
start('API', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  DATA_DIR: process.env.DATA_DIR || './data',
});
start('Vite', bin('vite'), ['--port', webPort, '--strictPort'], { PORT: webPort, API_PORT: apiPort });
