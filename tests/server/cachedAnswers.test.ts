import { gunzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MonitoringPage } from '../../src/domain/missions';
import { hmacKey, tokenVerifier } from '../../server/http/plugins/verifiedTokens';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { missionBody } from './missionsClient';

/**
 * Authenticated requests whose answer is kept in memory (server/cache): they ask nothing of the
 * database, and a write is seen by the very next request. Statements are counted through the
 * database's query hook, on the driver the suite runs on.
 */
let t: TestApp;
let gestor: Client;
let operador: Client;
let queries: string[] = [];
/** Parameters of the statements that read whole mission rows (they name the risk manager). */
let rowParams: unknown[][] = [];

beforeAll(async () => {
  t = await createTestApp({}, {
    onQuery: (query, params) => {
      queries.push(query);
      if (query.includes('as risk_manager_name')) rowParams.push(params);
    },
  });
  gestor = clientFor(t.app, await login(t.app, 'gestor@demo.com.br'));
  operador = clientFor(t.app, await login(t.app, 'operador@demo.com.br'));
}, 120_000);
afterAll(async () => t?.close());
beforeEach(() => {
  queries = [];
});

/** The statements `request` ran, after one identical request has filled what it keeps. */
async function statementsOfRepeat(request: () => Promise<{ statusCode: number }>): Promise<string[]> {
  expect((await request()).statusCode).toBe(200);
  queries = [];
  expect((await request()).statusCode).toBe(200);
  return queries;
}

describe('answers kept in memory', () => {
  it('a catalogue list, the monitoring page and the token check of a repeated request ask nothing of the database', async () => {
    expect(await statementsOfRepeat(() => gestor.get('/api/admin/causes'))).toEqual([]);
    expect(await statementsOfRepeat(() => gestor.get('/api/missions/request/monitoring'))).toEqual([]);
    expect(await statementsOfRepeat(() => gestor.get('/api/admin/cities'))).toEqual([]);
  });

  it('a write is seen by the next request: a new cause, a new mission', async () => {
    await statementsOfRepeat(() => gestor.get('/api/admin/causes'));
    const created = await gestor.post('/api/admin/causes', { name: 'Pneu furado', active: true });
    expect(created.statusCode).toBe(201);
    const listed = (await gestor.get('/api/admin/causes')).json<{ _id: string }[]>();
    expect(listed.map((c) => c._id)).toContain(created.json<{ _id: string }>()._id);

    await statementsOfRepeat(() => gestor.get('/api/missions/request/monitoring'));
    const mission = await gestor.post('/api/missions/request', missionBody({ processNumber: 'PR-MEM' }));
    expect(mission.statusCode).toBe(201);
    const page = (await gestor.get('/api/missions/request/monitoring')).json<MonitoringPage>();
    expect(page.data.map((m) => m.processNumber)).toContain('PR-MEM');
  });

  it('after a new mission the page reads again only that mission\'s row; the rows kept are the same as read', async () => {
    const before = (await gestor.get('/api/missions/request/monitoring')).json<MonitoringPage>();
    const mission = (await gestor.post('/api/missions/request', missionBody({ processNumber: 'PR-ROW' }))).json<{ _id: string }>();
    queries = [];
    rowParams = [];
    const after = (await gestor.get('/api/missions/request/monitoring')).json<MonitoringPage>();
    expect(after.data.map((row) => row._id)).toContain(mission._id);
    // The one statement that reads whole rows (names included) was asked for the new mission alone.
    const pageIds = new Set(after.data.map((row) => row._id));
    expect(rowParams.map((params) => params.filter((p) => typeof p === 'string' && pageIds.has(p)))).toEqual([[mission._id]]);
    // Rows found again are exactly what a fresh read gave: the others only moved down by one.
    const shifted = after.data.filter((row) => row._id !== mission._id).map(({ unreadMessages: _unread, ...row }) => row);
    const original = before.data.slice(0, shifted.length).map(({ unreadMessages: _unread, ...row }) => row);
    expect(shifted).toEqual(original);
  });

  it('a deactivated user is refused on its next request, though its session was kept in memory', async () => {
    await statementsOfRepeat(() => operador.get('/api/admin/causes'));
    const users = (await gestor.get('/api/risk-managers/login')).json<{ _id: string; email: string }[]>();
    const id = users.find((u) => u.email === 'operador@demo.com.br')?._id;
    const off = await gestor.put(`/api/risk-managers/login/${id}`, { name: 'Operador Demo', role: { perfil: 'operational' }, active: false });
    expect(off.statusCode).toBe(200);
    expect((await operador.get('/api/admin/causes')).statusCode).toBe(401);
  });

  it('the monitoring page is sent gzipped, once compressed, to a client that accepts it', async () => {
    const plain = await gestor.get('/api/missions/request/monitoring');
    const zipped = await gestor.get('/api/missions/request/monitoring', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('verified tokens', () => {
  it('are remembered only until they expire', async () => {
    const key = await hmacKey('segredo-de-teste-0123456789abcdef');
    const verify = tokenVerifier(key);
    // Two seconds ahead in whole seconds: with one, a start late in a second expired the token before its first check.
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('a'.repeat(24)).setExpirationTime(exp).sign(key);
    expect((await verify(token)).sub).toBe('a'.repeat(24));
    await new Promise((resolve) => setTimeout(resolve, exp * 1000 - Date.now() + 50));
    await expect(verify(token)).rejects.toThrow();
    // Another key's signature is refused, remembered tokens or not.
    const forged = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setExpirationTime('1h').sign(await hmacKey('outro-segredo-0123456789abcdef00'));
    await expect(verify(forged)).rejects.toThrow();
  });
});
