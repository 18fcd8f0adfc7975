import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers';
import { clientFor, type Client } from './catalogueClient';
import { defined } from '../defined';

/** GET /api/admin/cities is the largest list: it is served gzipped to clients that accept it. */
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  admin = clientFor(t.app, await login(t.app, 'admin@demo.com.br'));
}, 120_000);
afterAll(async () => t?.close());

describe('cities list encoding', () => {
  it('sends the gzipped body when the client accepts gzip, the same list as the plain body', async () => {
    const plain = await admin.get('/api/admin/cities');
    const zipped = await admin.get('/api/admin/cities', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('rebuilds the gzipped body after a write', async () => {
    const [state] = (await admin.get('/api/admin/states')).json<{ _id: string }[]>();
    const created = await admin.post('/api/admin/cities', { name: 'Cidade Compactada', state: defined(state, 'state')._id, active: true });
    expect(created.statusCode).toBe(201);
    const zipped = await admin.get('/api/admin/cities', { 'accept-encoding': 'gzip' });
    const names = (JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8')) as { name: string }[]).map((c) => c.name);
    expect(names).toContain('Cidade Compactada');
  });
});
