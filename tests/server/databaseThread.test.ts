import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';

/**
 * A statement that keeps the database busy (a report, a table's maintenance, a page recomputed
 * after a write) does not hold the requests whose answers are kept in memory: on PGlite the
 * database runs on its own thread (server/db/pgliteThread.ts), on PostgreSQL on its own server.
 */
let t: TestApp;
let gestor: Client;

beforeAll(async () => {
  t = await createTestApp();
  gestor = clientFor(t.app, await login(t.app, 'gestor@demo.com.br'));
}, 120_000);
afterAll(async () => t?.close());

describe('the database busy with a long statement', () => {
  it('a request answered from memory is served before the statement ends', async () => {
    for (const path of ['/api/admin/causes', '/api/missions/request/monitoring']) {
      expect((await gestor.get(path)).statusCode).toBe(200);
      const order: string[] = [];
      const busy = t.database.db.execute(sql`select pg_sleep(0.5)`).then(() => order.push('statement'));
      const answer = await gestor.get(path);
      order.push('request');
      await busy;
      expect(answer.statusCode).toBe(200);
      expect(order).toEqual(['request', 'statement']);
    }
  });

  it('a request that needs the database waits for it and then gets its answer', async () => {
    const order: string[] = [];
    const busy = t.database.db.execute(sql`select pg_sleep(0.3)`).then(() => order.push('statement'));
    const created = await gestor.post('/api/admin/causes', { name: 'Motorista passou mal', active: true });
    order.push('request');
    await busy;
    expect(created.statusCode).toBe(201);
    // PGlite runs one statement at a time (PostgreSQL answers the write on another connection).
    if (t.database.driver === 'pglite') expect(order).toEqual(['statement', 'request']);
  });
});
