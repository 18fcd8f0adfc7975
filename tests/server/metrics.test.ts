/**
 * Liveness, readiness and the Prometheus metrics (docs/operations/metrics.md): /api/health answers
 * while the process runs, /api/ready only with the database answering and every migration applied;
 * /api/metrics exists only with METRICS_TOKEN, asks for it as a Bearer token and counts requests per
 * route pattern, open live streams, the database connections and the event-loop lag.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedId } from '../../server/demo/seedCatalogues';
import { METRICS_TOKEN_REFUSED } from '../../server/http/metrics';
import { createTestApp, login, type TestApp } from './helpers';
import { openStream, ticketFor } from './liveClient';

const TOKEN = 'metricas-de-teste-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** The value of one series in the exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = new Map([...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => pairs.get(key) === value)) return Number(match[4]);
  }
  return undefined;
}

const scrape = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('health and readiness', () => {
  it('/api/health answers ok without asking the database; /api/ready answers ok with it migrated', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('/api/ready is 503 "migrations" while the newest migration is not recorded, and ok again once it is', async () => {
    const deleted = await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const [last] = (deleted as { rows: { hash: string; created_at: string }[] }).rows;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last!.hash}, ${last!.created_at})`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('/api/ready is 503 "database" when the database does not answer, while /api/health stays 200', async () => {
    const down = await createTestApp();
    try {
      await down.database.close();
      const response = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', reason: 'database' });
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      // Closing stops the app's LISTEN, which the closed database refuses: expected here.
      await down.app.close().catch((error: Error) => expect(error.message).toBe('PGlite is closed'));
    }
  });
});

describe('/api/metrics', () => {
  it('is 404 without METRICS_TOKEN; with it, 401 without the header, with a wrong token or another scheme', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    for (const headers of [{}, bearer(`${TOKEN}x`), bearer(TOKEN.slice(0, -1)), { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json()).toEqual({ error: METRICS_TOKEN_REFUSED });
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
    }
  });

  it('counts requests and their latency by route pattern, not by raw URL', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    for (const id of [fixedId(0x20, 1), fixedId(0x20, 2), fixedId(0x20, 1)]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/causes/${id}`, headers: { 'x-access-token': token } })).statusCode).toBe(200);
    }
    await t.app.inject({ method: 'GET', url: '/api/nao-existe/123' });
    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const route = { method: 'GET', route: '/api/admin/causes/:id', status_code: '200' };
    expect(sample(text, 'http_requests_total', route)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain(fixedId(0x20, 1));
    expect(text).not.toContain('/api/nao-existe');
  });

  it('reports the open live streams, the database connection and the event-loop lag', async () => {
    const token = await login(t.app, 'gestor@demo.com.br');
    expect(sample(await scrape(), 'live_streams_open')).toBe(0);
    const streams = [await openStream(base, `ticket=${await ticketFor(t.app, token)}`), await openStream(base, `ticket=${await ticketFor(t.app, token)}`)];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    const text = await scrape();
    expect(sample(text, 'live_streams_open')).toBe(2);
    // PGlite is one connection; a PostgreSQL pool may hold a second one opened by a query beside.
    expect(sample(text, 'db_pool_connections', { state: 'active' })! + sample(text, 'db_pool_connections', { state: 'idle' })!).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_waiting')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    for (const stream of streams) stream.close();
    await expect.poll(async () => sample(await scrape(), 'live_streams_open')).toBe(0);
  });
});
