// npm start: builds the SPA when dist/ is stale, then runs the server (SPA + API on one port).
// The server runs as a child in our process group: a terminal Ctrl-C reaches both, and SIGINT/SIGTERM
// sent to this process alone are forwarded, so the server's graceful shutdown always runs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { constants } from 'node:os';
import { ROOT, ensureBuild } from './build-if-stale.mjs';

if (!(await ensureBuild())) process.exit(1);

// `node --import tsx` is `tsx server/main.ts` without tsx's extra relay process: one process
// fewer to start (cold start budget) and signals reach the server directly.
const server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`Não foi possível iniciar o servidor: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  // Killed by a signal it did not handle: report it the shell's way (128 + signal number).
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
