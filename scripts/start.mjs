// npm start: builds the SPA (dist/) and compiles the server (dist-server/) when stale, then runs the
// compiled server (SPA + API on one port): plain JavaScript, no TypeScript loader in production.
// The server runs as a child in our process group: a terminal Ctrl-C reaches both, and SIGINT/SIGTERM
// sent to this process alone are forwarded, so the server's graceful shutdown always runs.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, ensureBuild, serverProgram } from './build-if-stale.mjs';

if (!(await ensureBuild())) process.exit(1);

const server = spawn(process.execPath, [serverProgram('main')], {
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
