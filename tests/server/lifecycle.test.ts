import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/http/app';
import { loadConfig, type Config } from '../../server/config';
import type { Database } from '../../server/db/client';
import { DataDirLockedError, lockDataDir } from '../../server/runtime/lock';
import { closeGracefully } from '../../server/runtime/shutdown';
import { createTestDatabase } from './helpers';

/**
 * The server's life on a real socket (docs/operations/running.md): graceful shutdown lets in-flight
 * requests finish,
 * request timeouts end hanging requests, the data-dir lock, and the shutdown exit code.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** buildApp (no seed needed) listening on a free port of 127.0.0.1. */
async function listening(overrides: Partial<Config>, routes: (app: FastifyInstance) => void) {
  const config = loadConfig({ dataDir: mkdtempSync(join(tmpdir(), 'pr-life-')), jwtSecret: 'test-secret-0123456789abcdef0123456789', ...overrides });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} } });
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

/** One GET over a fresh connection: the status, or the socket error when the server hung up. */
function get(url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('app.close() lets an in-flight request finish with 200, then refuses new connections', async () => {
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const { app, url } = await listening({}, (instance) => {
      instance.get('/api/test/slow', async () => {
        started();
        await sleep(500);
        return { done: true };
      });
    });
    const pending = get(`${url}/api/test/slow`);
    await handlerStarted;
    const closedAt = app.close();
    const response = await pending;
    expect(response).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await closedAt;
    expect(await get(`${url}/api/health`)).toEqual({ error: 'ECONNREFUSED' });
  });
});

describe('request timeout', () => {
  it('a request still unanswered after REQUEST_TIMEOUT_MS has its connection ended (or a 408)', async () => {
    let release!: () => void;
    const hang = new Promise<void>((resolve) => (release = resolve));
    const { app, url } = await listening({ requestTimeoutMs: 200 }, (instance) => {
      instance.get('/api/test/hang', async () => {
        await hang;
        return { late: true };
      });
    });
    try {
      const began = Date.now();
      const response = await Promise.race([get(`${url}/api/test/hang`), sleep(5000).then(() => ({ error: 'still waiting' }))]);
      const ended = Date.now() - began;
      // Node ends the idle socket (connectionTimeout) or answers 408 (requestTimeout), whichever fires first.
      expect(['ECONNRESET', 408]).toContain('error' in response ? response.error : response.status);
      expect(ended).toBeLessThan(3000);
    } finally {
      release();
      await app.close();
    }
  });
});

describe('data-dir lock', () => {
  it('takes over a lock left by a dead process and releases it on unlock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pr-lock-'));
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    expect(dead).toBeGreaterThan(0);
    writeFileSync(join(dir, 'server.lock'), String(dead));
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a lock held by a live process and leaves it in place', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pr-lock-'));
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.ppid));
  });
});

describe('shutdown exit code', () => {
  it('is 0 when every step closes and 1 when one fails, which is logged; later steps still run', async () => {
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => void logged.push(args) };
    const ran: string[] = [];
    const step = (name: string, fail = false) => ({
      name,
      run: () => {
        ran.push(name);
        return fail ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve();
      },
    });
    expect(await closeGracefully([step('http'), step('db'), step('lock')], log)).toBe(0);
    expect(logged).toEqual([]);
    ran.length = 0;
    expect(await closeGracefully([step('http'), step('db', true), step('lock')], log)).toBe(1);
    expect(ran).toEqual(['http', 'db', 'lock']);
    expect(logged).toEqual([[expect.objectContaining({ step: 'db', err: expect.objectContaining({ message: 'db failed' }) as unknown }), 'shutdown step failed']]);
  });
});
