import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeys, riskManagers } from '../../server/db/schema';
import { createTestApp, login, type TestApp } from './helpers';
import { defined } from '../defined';
import { currentUser } from '../../server/shared/session';

let t: TestApp;

/** Lets a test hold the slow route open: `entered` resolves when it runs, `release()` lets it answer. */
let gate: { entered: Promise<void>; enter: () => void; release: () => void; released: Promise<void> };
function newGate() {
  let enter = () => {};
  let release = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  gate = { entered, enter, released, release };
}
let flakyCalls = 0;
let slowCalls = 0;

/** Test-only routes: a real insert (authenticated and anonymous), a slow one, a failing one, a 204. */
function testRoutes(app: FastifyInstance) {
  const schema = { body: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 100 } } } };
  const insert = async (name: string) => {
    const row = defined((await t.database.db.insert(riskManagers).values({ name }).returning())[0], 'inserted row');
    return { _id: row.id, name: row.name };
  };
  app.post<{ Body: { name: string } }>('/api/test/risk-managers', { schema, onRequest: app.authenticate }, async (request, reply) => {
    currentUser(request);
    return reply.status(201).send(await insert(request.body.name));
  });
  app.post<{ Body: { name: string } }>('/api/test/public-risk-managers', { schema }, async (request, reply) =>
    reply.status(201).send(await insert(request.body.name)),
  );
  app.post('/api/test/slow', { onRequest: app.authenticate }, async (_request, reply) => {
    slowCalls += 1;
    // Only the first call waits, so a broken guard fails fast instead of hanging.
    if (slowCalls > 1) return reply.status(201).send({ done: false });
    gate.enter();
    await gate.released;
    return reply.status(201).send({ done: true });
  });
  app.post('/api/test/flaky', { onRequest: app.authenticate }, async (_request, reply) => {
    flakyCalls += 1;
    if (flakyCalls === 1) throw new Error('database went away');
    return reply.status(201).send({ calls: flakyCalls });
  });
  app.delete('/api/test/thing', { onRequest: app.authenticate }, async (_request, reply) => reply.status(204).send());
}

beforeAll(async () => {
  t = await createTestApp({}, { setup: testRoutes });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  flakyCalls = 0;
  slowCalls = 0;
  newGate();
});

const countRiskManagers = async () => defined((await t.database.db.select({ n: count() }).from(riskManagers))[0], 'count row').n;
const create = (token: string, key: string | undefined, name = 'Gerenciadora Nova') =>
  t.app.inject({
    method: 'POST',
    url: '/api/test/risk-managers',
    headers: { 'x-access-token': token, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { name },
  });

describe('Idempotency-Key', () => {
  it('creates once when a POST is retried with the same key, replaying status and body', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    const before = await countRiskManagers();
    const first = await create(token, 'chave-1');
    const retry = await create(token, 'chave-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toContain('application/json');
    expect(retry.json()).toEqual(first.json());
    expect(await countRiskManagers()).toBe(before + 1);

    // Without a key, or with another key, the request runs again.
    await create(token, undefined);
    await create(token, 'chave-2');
    expect(await countRiskManagers()).toBe(before + 3);
  });

  it('scopes keys by user: another user with the same key gets its own request', async () => {
    const admin = await login(t.app, 'admin@demo.com.br');
    const gestor = await login(t.app, 'gestor@demo.com.br');
    const before = await countRiskManagers();
    const a = await create(admin, 'mesma-chave', 'A');
    const b = await create(gestor, 'mesma-chave', 'B');
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json<{ name: string }>().name).toBe('B');
    expect(a.json<{ name: string }>().name).toBe('A');
    expect(await countRiskManagers()).toBe(before + 2);
  });

  it('scopes anonymous requests by client address', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/public-risk-managers',
        headers: { 'idempotency-key': 'anon-key' },
        payload: { name: 'Anon' },
        remoteAddress,
      });
    const before = await countRiskManagers();
    expect((await send('10.0.2.1')).statusCode).toBe(201);
    expect((await send('10.0.2.1')).headers['idempotent-replayed']).toBe('true');
    expect((await send('10.0.2.2')).headers['idempotent-replayed']).toBeUndefined();
    expect(await countRiskManagers()).toBe(before + 2);
  });

  it('answers 409 while the first request is still running, then replays its answer', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/test/slow', headers: { 'x-access-token': token, 'idempotency-key': 'lenta' } });
    const first = send();
    await gate.entered;
    const concurrent = await send();
    expect(concurrent.statusCode).toBe(409);
    expect(concurrent.json()).toEqual({ error: 'Requisição em andamento' });
    gate.release();
    expect((await first).statusCode).toBe(201);
    const later = await send();
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json()).toEqual({ done: true });
    expect(slowCalls).toBe(1);
  });

  it('answers 422 when the key is reused for another method or path', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    await create(token, 'reusada');
    const other = await t.app.inject({
      method: 'DELETE',
      url: '/api/test/thing',
      headers: { 'x-access-token': token, 'idempotency-key': 'reusada' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'Idempotency-Key reutilizada em outra requisição' });
  });

  it('answers 422 when the key comes back with another body, and still replays the same body', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    const first = await create(token, 'mesma-chave', 'Gerenciadora A');
    expect(first.statusCode).toBe(201);
    const other = await create(token, 'mesma-chave', 'Gerenciadora B');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'Idempotency-Key reutilizada em outra requisição' });
    const retry = await create(token, 'mesma-chave', 'Gerenciadora A');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const names = (await t.database.db.select({ name: riskManagers.name }).from(riskManagers)).map((r) => r.name);
    expect(names.filter((n) => /^Gerenciadora [AB]$/.test(n))).toEqual(['Gerenciadora A']);
  });

  it('does not keep a 5xx answer: the retry runs the request again', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/test/flaky', headers: { 'x-access-token': token, 'idempotency-key': 'instavel' } });
    const failed = await send();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ error: 'Unknown error' });
    const retried = await send();
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(flakyCalls).toBe(2);
    const replayed = await send();
    expect(replayed.json()).toEqual({ calls: 2 });
    expect(flakyCalls).toBe(2);
  });

  it('replays an empty 204', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    const send = () =>
      t.app.inject({ method: 'DELETE', url: '/api/test/thing', headers: { 'x-access-token': token, 'idempotency-key': 'apagar' } });
    expect((await send()).statusCode).toBe(204);
    const again = await send();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe('');
  });

  it('answers a key again for a week (a phone out of signal for days replays its outbox), then forgets it', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    const before = await countRiskManagers();
    expect((await create(token, 'antiga')).statusCode).toBe(201);
    t.clock.advance(6 * 24 * 3600 * 1000);
    expect((await create(token, 'antiga')).headers['idempotent-replayed']).toBe('true');
    expect(await countRiskManagers()).toBe(before + 1);
    t.clock.advance(24 * 3600 * 1000 + 1000);
    const later = await create(token, 'antiga');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await countRiskManagers()).toBe(before + 2);
  });

  it('refuses a key longer than 200 characters', async () => {
    const token = await login(t.app, 'admin@demo.com.br');
    expect((await create(token, 'k'.repeat(200))).statusCode).toBe(201);
    const tooLong = await create(token, 'k'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: 'Idempotency-Key inválida' });
  });

  it('never stores a login answer (the token must not rest in the database)', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/',
        headers: { 'idempotency-key': 'login-key' },
        payload: { username: 'gestor@demo.com.br', password: 'Demo@123' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect((await t.database.db.select({ n: count() }).from(idempotencyKeys))[0]?.n).toBe(0);
  });

  it('replays the forget answer without mailing a second code', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forget',
        headers: { 'idempotency-key': 'forget-key' },
        payload: { email: 'gestor@demo.com.br' },
      });
    expect((await send()).json()).toEqual({ message: 'ok' });
    const retry = await send();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual({ message: 'ok' });
    expect(t.outbox).toHaveLength(1);
  });
});
