import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../tests/e2e/harness';
import { describeLoad, load, loginToken, report, withServer, type Figure } from './common';

/** Authenticated reads a gestor may call, best first: token check + one indexed query each. */
const CANDIDATES = ['/api/risk-managers/info', '/api/admin/causes'];

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
 * (b) Throughput and p99 of an authenticated GET against the real server, beside a bare Fastify
 * route measured in the same run with the same load (10 connections, 10 s each).
 */
export async function benchApi(seconds = 10, connections = 10): Promise<Figure[]> {
  console.log(`\n(b) Vazão e latência: GET autenticado × rota Fastify pura (${connections} conexões, ${seconds} s cada)`);
  return withServer(async (server) => {
    const token = await loginToken(server.url, 'gestor@demo.com.br');
    const headers = { 'x-access-token': token };
    let path: string | undefined;
    for (const candidate of CANDIDATES) {
      const response = await fetch(`${server.url}${candidate}`, { headers });
      if (response.ok) {
        path = candidate;
        break;
      }
    }
    const note = path
      ? 'verifica o JWT, lê o usuário pelo id (índice) e faz uma consulta indexada por gestora'
      : `nenhuma rota autenticada disponível (${CANDIDATES.join(', ')}): medido /api/health com o cabeçalho do token, que NÃO verifica o token`;
    const measured = await load(`${server.url}${path ?? '/api/health'}`, { connections, seconds, headers });
    // The same server's cheapest database round trip (no token): separates auth + query cost from PGlite's.
    const health = await load(`${server.url}/api/health`, { connections, seconds });
    const bare = await startBare();
    let reference;
    try {
      reference = await load(`${bare.url}/bare`, { connections, seconds });
    } finally {
      await bare.stop();
    }
    return [
      report({ name: `GET ${path ?? '/api/health (sem verificação)'}`, value: describeLoad(measured), note }),
      report({ name: 'GET /api/health (sem token; um select 1 no mesmo banco)', value: describeLoad(health) }),
      report({ name: 'GET /bare (Fastify puro, mesmo teste)', value: describeLoad(reference) }),
    ];
  });
}
