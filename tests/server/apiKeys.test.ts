import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDataProvider } from '../../src/dataProvider';
import { resourceEndpoints } from '../../src/resources';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import type { AuditPage } from '../../src/domain/audit/responseSchemas';
import { API_KEY_MESSAGES, type ApiKeyScope } from '../../src/domain/integrations/apiKeys';
import type { ApiKey, CreatedApiKey, InboundMission } from '../../src/domain/integrations/contracts';
import { INBOUND_MISSION_MESSAGES } from '../../src/domain/integrations/schemas';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_OPTION, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { createTestApp, login, type TestApp } from './helpers';
import { MISSION_ACCOUNTS, missionBody, type MissionAccount } from './missionsClient';

/**
 * API keys (docs/rules/integrations.md, base /api/v1/integrations): managed by the tenant's
 * Administrador and TI users and the platform admin, never by a provider; a key acts for its tenant
 * with exactly its scopes, is refused at once when revoked or expired, is limited per minute
 * (429 + Retry-After) and leaves every call in the audit trail under its name. Missions opened with
 * it (docs/integrations.md) go through the mission service, once per Idempotency-Key.
 */

const CALLS_PER_MINUTE = 15;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ apiKeyCallsPerMinute: CALLS_PER_MINUTE });
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());

const KEYS = '/api/v1/integrations/keys';
const MISSIONS = '/api/v1/integrations/missions';

const WEBHOOKS = '/api/v1/integrations/webhooks';

async function session(account: MissionAccount) {
  const token = await login(t.app, MISSION_ACCOUNTS[account]);
  return (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { 'x-access-token': token }, payload: payload as string });
}

async function newKey(scopes: ApiKeyScope[], account: MissionAccount = 'gestor', extra: Record<string, unknown> = {}) {
  const send = await session(account);
  const response = await send('POST', KEYS, { name: `Plataforma ${scopes.join('+')}`, scopes, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiKey>();
}

const withKey = (secret: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...headers }, payload: payload as string });

/** The demo tenant's alert as a tracking platform sends it (its parameters require cause and carrier). */
const alert = (extra: Record<string, unknown> = {}) => ({
  shipperCnpj: '33.683.930/0001-46',
  service: 'pronta resposta padrão',
  requester: 'Central de Monitoramento',
  cause: 'Parada indevida',
  carrier: 'TransLog Cargas',
  processNumber: 'PROC-4471',
  externalReference: 'ALERTA-2026-000123',
  place: { zipcode: '01310-100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.5613, longitude: -46.6565 },
  ...extra,
});

describe('managing keys', () => {
  it('a key is prk_ and 32 random bytes, shown once; the list and the database keep only its prefix and hash', async () => {
    const { key, secret } = await newKey(['missions:read']);
    expect(secret).toMatch(/^prk_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Plataforma missions:read', prefix: secret.slice(0, 12), scopes: ['missions:read'], createdBy: 'Gestor Demo', lastUsedAt: null, revokedAt: null, riskManager: DEMO_IDS.riskManager });
    const list = (await (await session('ti'))('GET', KEYS)).json<ApiKey[]>();
    expect(list.map((one) => one._id)).toEqual([key._id]);
    expect(JSON.stringify(list)).not.toContain(secret);
    const stored = await t.database.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('providers and operators cannot manage keys; another tenant sees none and cannot revoke; the platform names the tenant', async () => {
    const { key } = await newKey(['missions:read']);
    for (const account of ['prestador', 'operador'] as const) {
      const send = await session(account);
      expect((await send('GET', KEYS)).statusCode).toBe(403);
      const refused = await send('POST', KEYS, { name: 'X', scopes: ['missions:read'] });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: API_KEY_MESSAGES.notAllowed });
    }
    const norte = await session('norte');
    expect((await norte('GET', KEYS)).json()).toEqual([]);
    expect((await norte('DELETE', `${KEYS}/${key._id}`)).statusCode).toBe(404);
    const admin = await session('admin');
    expect((await admin('POST', KEYS, { name: 'Sem gerenciadora', scopes: ['missions:read'] })).statusCode).toBe(400);
    const forNorte = await admin('POST', KEYS, { name: 'Da Norte', scopes: ['missions:read'], riskManager: DEMO_IDS.riskManagerNorte });
    expect(forNorte.statusCode).toBe(201);
    expect((await norte('GET', KEYS)).json<ApiKey[]>().map((one) => one.name)).toEqual(['Da Norte']);
    expect((await admin('GET', `${KEYS}?riskManager=${DEMO_IDS.riskManager}`)).json<ApiKey[]>().map((one) => one._id)).toEqual([key._id]);
  });

  it('bad input is refused in Portuguese and creates nothing', async () => {
    const send = await session('gestor');
    const cases: [unknown, string][] = [
      [{ scopes: ['missions:read'] }, API_KEY_MESSAGES.nameRequired],
      [{ name: 'A', scopes: [] }, API_KEY_MESSAGES.scopesRequired],
      [{ name: 'A', scopes: ['missions:delete'] }, INVALID_OPTION],
      [{ name: 'A', scopes: 'missions:read' }, INVALID_TYPE],
      [{ name: 'A\u0000', scopes: ['missions:read'] }, CONTROL_CHARACTERS_NOT_ALLOWED],
      [{ name: 'A', scopes: ['missions:read'], expiresAt: '2001-01-01T00:00:00Z' }, API_KEY_MESSAGES.expiryInPast],
      [{ name: 'A'.repeat(121), scopes: ['missions:read'] }, maxLength(120)],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', KEYS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message.split(' ').slice(0, 2).join(' '));
    }
    expect((await send('GET', KEYS)).json()).toEqual([]);
  });

  it('the screen\'s calls through the data provider', async () => {
    const token = await login(t.app, MISSION_ACCOUNTS.gestor);
    const httpClient = createHttpClient({
      fetch: async (input, init = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
        const response = await t.app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers: Object.fromEntries(new Headers(init.headers).entries()), payload: init.body as string | undefined });
        return new Response(response.statusCode === 204 ? null : response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
      },
      getToken: () => token,
      sleep: () => Promise.resolve(),
    });
    const dp = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const created = await dp.createApiKey({ name: 'Rastreador', scopes: ['missions:write', 'missions:read'], expiresAt: null, riskManager: null });
    expect(created.secret.startsWith('prk_')).toBe(true);
    expect((await dp.apiKeys(null)).map((one) => one.scopes)).toEqual([['missions:write', 'missions:read']]);
    await dp.revokeApiKey(created.key._id);
    expect((await dp.apiKeys(null))[0]?.revokedAt).not.toBeNull();
    await expect(dp.revokeApiKey(created.key._id)).rejects.toMatchObject({ status: 409 });
    await expect(dp.createApiKey({ name: '', scopes: ['missions:read'], expiresAt: null, riskManager: null })).rejects.toMatchObject({ status: 400 });
  });
});

describe('calling with a key', () => {
  it('acts for its tenant with exactly its scopes: other endpoints and other scopes are 403 in Portuguese', async () => {
    const { secret } = await newKey(['missions:read']);
    expect((await withKey(secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(200);
    const write = await withKey(secret, 'POST', MISSIONS, alert(), { 'idempotency-key': 'a1' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ error: API_KEY_MESSAGES.scopeMissing('missions:write') });
    for (const url of ['/api/admin/causes', '/api/risk-managers/login', KEYS]) {
      const refused = await withKey(secret, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: API_KEY_MESSAGES.endpointRefusesKeys });
    }
    expect((await withKey('prk_' + 'x'.repeat(43), 'GET', '/api/missions/request/monitoring')).json()).toEqual({ error: API_KEY_MESSAGES.missingOrInvalid });
  });

  it("webhooks:manage lets a key manage its tenant's webhooks; a key without it is 403, and another tenant's key sees none", async () => {
    const manager = await newKey(['webhooks:manage']);
    const body = { url: 'https://receptor.example.com/pr', events: ['mission.created'], active: true };
    const created = await withKey(manager.secret, 'POST', WEBHOOKS, body);
    expect(created.statusCode, created.body).toBe(201);
    const listed = await withKey(manager.secret, 'GET', WEBHOOKS);
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('https://receptor.example.com/pr');
    const reader = await newKey(['missions:read']);
    const refused = await withKey(reader.secret, 'GET', WEBHOOKS);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: API_KEY_MESSAGES.scopeMissing('webhooks:manage') });
    const other = await newKey(['webhooks:manage'], 'norte');
    expect(JSON.stringify((await withKey(other.secret, 'GET', WEBHOOKS)).json())).not.toContain('receptor.example.com');
  });

  it("a tenant B key cannot read tenant A's missions", async () => {
    const a = await newKey(['missions:write', 'missions:read']);
    const opened = (await withKey(a.secret, 'POST', MISSIONS, alert(), { 'idempotency-key': 'k1' })).json<InboundMission>();
    const b = await newKey(['missions:read'], 'norte');
    expect((await withKey(b.secret, 'GET', `${MISSIONS}/${opened._id}`)).statusCode).toBe(404);
    expect((await withKey(b.secret, 'GET', `/api/missions/request/id/${opened._id}`)).statusCode).toBe(404);
    expect((await withKey(b.secret, 'GET', `${MISSIONS}?externalReference=ALERTA-2026-000123`)).json()).toEqual([]);
    expect((await withKey(a.secret, 'GET', `${MISSIONS}?externalReference=ALERTA-2026-000123`)).json<InboundMission[]>().map((one) => one._id)).toEqual([opened._id]);
  });

  it('revoked or expired: 401 on the very next call', async () => {
    const { key, secret } = await newKey(['missions:read']);
    expect((await withKey(secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(200);
    expect((await (await session('gestor'))('DELETE', `${KEYS}/${key._id}`)).statusCode).toBe(204);
    expect((await withKey(secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(401);
    const expiring = await newKey(['missions:read'], 'gestor', { expiresAt: new Date(t.clock.now.getTime() + 3600_000).toISOString() });
    expect((await withKey(expiring.secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(200);
    t.clock.advance(3600_001);
    const expired = await withKey(expiring.secret, 'GET', '/api/missions/request/monitoring');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: API_KEY_MESSAGES.missingOrInvalid });
  });

  it('is rate limited per key: 429 with Retry-After; another key is not', async () => {
    const first = await newKey(['missions:read']);
    const second = await newKey(['missions:read', 'reports:read']);
    for (let i = 0; i < CALLS_PER_MINUTE; i++) expect((await withKey(first.secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(200);
    const over = await withKey(first.secret, 'GET', '/api/missions/request/monitoring');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ error: API_KEY_MESSAGES.tooManyCalls });
    expect((await withKey(second.secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await withKey(first.secret, 'GET', '/api/missions/request/monitoring')).statusCode).toBe(200);
  });

  it("every call is in the tenant's audit trail under the key's name, refused ones too; last use is noted", async () => {
    const { key, secret } = await newKey(['missions:read']);
    await withKey(secret, 'GET', '/api/missions/request/monitoring');
    await withKey(secret, 'GET', '/api/admin/causes');
    const trail = (await (await session('gestor'))('GET', '/api/admin/audit?entity=apiKeys')).json<AuditPage>();
    const calls = trail.data.filter((entry) => entry.action === 'apiCall');
    expect(calls.map((entry) => [entry.userName, entry.after?.path, entry.after?.status])).toEqual([
      ['Plataforma missions:read', '/api/admin/causes', 403],
      ['Plataforma missions:read', '/api/missions/request/monitoring', 200],
    ]);
    expect((await (await session('gestor'))('GET', KEYS)).json<ApiKey[]>().find((one) => one._id === key._id)?.lastUsedAt).not.toBeNull();
    expect((await (await session('norte'))('GET', '/api/admin/audit?entity=apiKeys')).json<AuditPage>().data).toEqual([]);
  });
});

describe('missions opened by other systems', () => {
  it('opens the mission as the mission form does, once per Idempotency-Key; the timeline shows it under the key', async () => {
    const { secret } = await newKey(['missions:write', 'missions:read']);
    const first = await withKey(secret, 'POST', MISSIONS, alert(), { 'idempotency-key': 'alerta-123' });
    expect(first.statusCode, first.body).toBe(201);
    const mission = first.json<InboundMission>();
    expect(mission).toMatchObject({ status: 'open', externalReference: 'ALERTA-2026-000123', processNumber: 'PROC-4471' });
    const again = await withKey(secret, 'POST', MISSIONS, alert(), { 'idempotency-key': 'alerta-123' });
    expect(again.statusCode).toBe(201);
    expect(again.json<InboundMission>()._id).toBe(mission._id);
    const count = await t.database.db.execute(sql`select count(*)::int as n from missions where external_reference = 'ALERTA-2026-000123'`);
    expect((count as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    const other = await withKey(secret, 'POST', MISSIONS, alert(), { 'idempotency-key': 'alerta-123-b' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ error: INBOUND_MISSION_MESSAGES.externalReferenceTaken });
    const events = (await withKey(secret, 'GET', `/api/missions/${mission._id}/events`)).json<{ action: string; actor: { name: string } }[]>();
    expect(events.map((event) => [event.action, event.actor.name])).toEqual([['created', 'Plataforma missions:write+missions:read']]);
    const read = await withKey(secret, 'GET', `${MISSIONS}/${mission._id}`);
    expect(read.json()).toEqual(mission);
    const gestor = await session('gestor');
    expect((await gestor('GET', `/api/missions/request/id/${mission._id}`)).json()).toMatchObject({ status: 'open', processNumber: 'PROC-4471' });
  });

  it('the same mission body as the form: the demo mission opened by the form and by the key have the same references', async () => {
    const { secret } = await newKey(['missions:write', 'missions:read']);
    const opened = (await withKey(secret, 'POST', MISSIONS, alert({ cause: 'Roubo de carga', carrier: 'Expresso Bandeirantes' }), { 'idempotency-key': 'x' })).json<InboundMission>();
    const gestor = await session('gestor');
    const byKey = (await gestor('GET', `/api/missions/request/id/${opened._id}`)).json<Record<string, unknown>>();
    const byForm = (await gestor('POST', '/api/missions/request', missionBody())).json<Record<string, unknown>>();
    for (const field of ['shipper', 'franchise_plan', 'requester', 'cause', 'carrier', 'location']) expect(byKey[field], field).toEqual(byForm[field]);
  });

  it('bad input: Portuguese 400s, nothing opened', async () => {
    const { secret } = await newKey(['missions:write', 'missions:read']);
    const post = (body: unknown, key = 'k') => withKey(secret, 'POST', MISSIONS, body, { 'idempotency-key': key });
    const noHeader = await withKey(secret, 'POST', MISSIONS, alert());
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toEqual({ error: INBOUND_MISSION_MESSAGES.idempotencyKeyRequired });
    const cases: [unknown, string][] = [
      [alert({ shipperCnpj: '11.111.111/1111-11' }), 'CNPJ inválido'],
      [alert({ shipperCnpj: '11.444.777/0001-61' }), INBOUND_MISSION_MESSAGES.shipperUnknown],
      [alert({ service: 'Serviço que não existe' }), INBOUND_MISSION_MESSAGES.serviceUnknown],
      [alert({ requester: 'Ninguém' }), INBOUND_MISSION_MESSAGES.requesterUnknown],
      [alert({ place: { city: 'São Paulo' } }), INBOUND_MISSION_MESSAGES.placeRequired],
      [alert({ place: 'Avenida Paulista' }), INVALID_TYPE],
      [alert({ externalReference: '' }), INBOUND_MISSION_MESSAGES.externalReferenceRequired],
      [alert({ externalReference: 'A\u0007' }), CONTROL_CHARACTERS_NOT_ALLOWED],
      [alert({ cause: undefined }), 'Selecione o motivo'],
    ];
    for (const [i, [body, message]] of cases.entries()) {
      const response = await post(body, `bad-${i}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain(message.slice(0, 20));
    }
    expect((await withKey(secret, 'GET', `${MISSIONS}?externalReference=ALERTA-2026-000123`)).json()).toEqual([]);
  });

  it('lists by external reference and period', async () => {
    const { secret } = await newKey(['missions:write', 'missions:read']);
    const first = (await withKey(secret, 'POST', MISSIONS, alert(), { 'idempotency-key': '1' })).json<InboundMission>();
    t.clock.advance(3600_000);
    const second = (await withKey(secret, 'POST', MISSIONS, alert({ externalReference: 'ALERTA-2' }), { 'idempotency-key': '2' })).json<InboundMission>();
    const from = new Date(t.clock.now.getTime() - 60_000).toISOString();
    expect((await withKey(secret, 'GET', `${MISSIONS}?from=${from}`)).json<InboundMission[]>().map((one) => one._id)).toEqual([second._id]);
    expect((await withKey(secret, 'GET', `${MISSIONS}?externalReference=ALERTA-2026-000123`)).json<InboundMission[]>().map((one) => one._id)).toEqual([first._id]);
    const bad = await withKey(secret, 'GET', `${MISSIONS}?from=ontem`);
    expect(bad.statusCode).toBe(400);
  });
});
