import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../tests/e2e/harness';
import { describeLoad, load, loginToken, percent, report, spread, withServer, type Figure, type Load } from './common';

/** The authenticated catalogue read: the token check, the caller's permission and its tenant's list. */
const PATH = '/api/admin/causes';
const RUNS = 3;

/** The bare Fastify process; `bytes` sizes its /bytes route. */
export async function startBare(bytes?: number): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'bareServer.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...(bytes ? { BARE_BYTES: String(bytes) } : {}) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * (b) Throughput and p99 of an authenticated catalogue GET against the real server (at the
 * production log level, every request logged), beside a bare Fastify route measured in the same
 * run with the same load (10 connections, 10 s each), three runs; the budget is ≥ 25% of the bare
 * route's throughput. GET /api/ready (no token; `select 1` and the migrations check, two
 * statements) is printed too: the cost of database round trips. /api/health asks nothing of the
 * database, so it would not tell.
 */
export async function benchApi(seconds = 10, connections = 10): Promise<Figure[]> {
  console.log(`\n(b) Vazão e latência: GET autenticado × rota Fastify pura (${connections} conexões, ${seconds} s cada, ${RUNS} rodadas)`);
  return withServer(
    async (server) => {
      const headers = { 'x-access-token': await loginToken(server.url, 'gestor@demo.com.br') };
      const check = await fetch(`${server.url}${PATH}`, { headers });
      if (!check.ok) throw new Error(`${PATH} → ${check.status}`);
      const bare = await startBare();
      const measured: Load[] = [];
      const ratios: number[] = [];
      let ready: Load;
      try {
        for (let i = 0; i < RUNS; i++) {
          const run = await load(`${server.url}${PATH}`, { connections, seconds, headers });
          const reference = await load(`${bare.url}/bare`, { connections, seconds });
          measured.push(run);
          ratios.push(run.requestsPerSecond / Math.max(1, reference.requestsPerSecond));
        }
        ready = await load(`${server.url}/api/ready`, { connections, seconds });
      } finally {
        await bare.stop();
      }
      return [
        report({
          name: `GET ${PATH} (LOG_LEVEL=info), vazão ÷ Fastify puro na mesma rodada`,
          value: spread(ratios, percent),
          target: '≥ 25%',
          ok: Math.min(...ratios) >= 0.25,
          note: measured.map((l, n) => `rodada ${n + 1}: ${describeLoad(l)}`).join('; '),
        }),
        report({ name: 'GET /api/ready (sem token; select 1 e a conferência das migrações: duas idas ao banco)', value: describeLoad(ready) }),
      ];
    },
    undefined,
    { LOG_LEVEL: 'info' },
  );
}
