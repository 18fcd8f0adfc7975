// npm run backup / npm run restore: compiles the server when stale (dist-server/) and runs one of its
// programs, `node scripts/server-command.mjs PROGRAM ARGS...`, with the arguments and the exit code
// passed through. Ctrl-C in a terminal reaches the program as it reaches this script.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ROOT, ensureServerBuild, serverProgram } from './build-if-stale.mjs';

const [program, ...args] = process.argv.slice(2);
if (!program) {
  console.error('Uso: node scripts/server-command.mjs PROGRAMA [ARGUMENTOS...] (p. ex. backupCommand)');
  process.exit(1);
}
if (!(await ensureServerBuild())) process.exit(1);

const child = spawn(process.execPath, [serverProgram(program), ...args], { cwd: ROOT, stdio: 'inherit', env: process.env });
child.on('error', (error) => {
  console.error(`Não foi possível executar ${program}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
