/**
 * Hostile bodies on the write routes that use the shared schemas: values of the wrong JSON type,
 * control characters and over-long texts are a 400 with a Portuguese message on the field — never
 * a 500 — and nothing is created or changed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  CONTROL_CHARACTERS_NOT_ALLOWED,
  INVALID_TYPE,
  maxLength,
} from '../../src/domain/messages';
import { causes, franchisePlans, missionConfigs, states, users } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { JSON_TOO_DEEP, MAX_JSON_DEPTH } from '../../server/http/plugins/jsonBody';
import { login, type TestApp } from './helpers';
import { ACCOUNTS, useCatalogueApp, type Account, type Client } from './catalogueClient';
import { changedTables, databaseFingerprint } from './fuzz/fingerprint';

let t: TestApp;
let as: Record<Account, Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

const OPERADOR_ID = '5f0000000000000000001003';
const PRESTADOR_SUL_ID = '5f0000000000000000001006';

/** The 400 body names the field with the expected message. */
function expectRefused(response: LightMyRequestResponse, path: string, message: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  expect(response.json<{ errors: unknown[] }>().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, message })]));
}

/** Type confusion, control characters and over-long names, each with the answer it must get. */
const BAD_NAMES: [string, unknown, string][] = [
  ['a list', ['x'], INVALID_TYPE],
  ['an object', { a: 1 }, INVALID_TYPE],
  ['a number', 12, INVALID_TYPE],
  ['a NUL byte', 'Pane\u0000', CONTROL_CHARACTERS_NOT_ALLOWED],
  ['an escape sequence', '\u001b[31mPane', CONTROL_CHARACTERS_NOT_ALLOWED],
  ['3,000 characters', 'n'.repeat(3000), maxLength(120)],
  ['100,000 characters', 'n'.repeat(100_000), maxLength(120)],
];

const rowsOf = async (table: typeof causes | typeof states | typeof franchisePlans | typeof users) =>
  (await t.database.db.select().from(table)).length;

describe('catalogue writes', () => {
  it.each(BAD_NAMES)('a cause named with %s → 400, nothing created or changed', async (_, name, message) => {
    const before = await rowsOf(causes);
    expectRefused(await as.gestor.post('/api/admin/causes', { name, active: true }), 'name', message);
    expect(await rowsOf(causes)).toBe(before);
    const [original] = await t.database.db.select().from(causes).where(eq(causes.id, CATALOGUE_IDS.causeRoubo));
    expectRefused(await as.gestor.put(`/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`, { name, active: true }), 'name', message);
    const [after] = await t.database.db.select().from(causes).where(eq(causes.id, CATALOGUE_IDS.causeRoubo));
    expect(after?.name).toBe(original?.name);
  });

  it.each(BAD_NAMES)('a state named with %s → 400, nothing created', async (_, name, message) => {
    const before = await rowsOf(states);
    expectRefused(await as.admin.post('/api/admin/states', { name, active: true }), 'name', message);
    expect(await rowsOf(states)).toBe(before);
  });

  it("booleans are not coerced: 'true', 1 and [] as active → 400", async () => {
    const before = await rowsOf(causes);
    for (const active of ['true', 1, []]) {
      expectRefused(await as.gestor.post('/api/admin/causes', { name: 'Pane seca', active }), 'active', INVALID_TYPE);
    }
    expect(await rowsOf(causes)).toBe(before);
  });

  it("mission parameters refuse 'true' for a flag and leave the row as it was", async () => {
    const [original] = await t.database.db.select().from(missionConfigs).where(eq(missionConfigs.id, CATALOGUE_IDS.missionConfigDemo));
    const body = { required: { cause: 'true', carrier: true, place: true, leadership: true } };
    expectRefused(await as.gestor.put(`/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`, body), 'required.cause', INVALID_TYPE);
    const [after] = await t.database.db.select().from(missionConfigs).where(eq(missionConfigs.id, CATALOGUE_IDS.missionConfigDemo));
    expect(after).toEqual(original);
  });
});

describe('franchise plan writes', () => {
  const plan = {
    shipper: CATALOGUE_IDS.shipperAndrade,
    franchise_plan: CATALOGUE_IDS.serviceArmada,
    name: 'Plano hostil',
    price: 10000,
    limits: { distance: 80, intervalType: 'start_place', hourIntervalType: 'arrivalOnPlace_endOnPlace', time: '02:30' },
    overages: { chargeType: 'full_time', distancePrice: 275, hourPrice: 9950 },
    toll: { toCharge: false, price: 0 },
  };

  it('numbers sent as text, lists as names and NUL bytes → 400, nothing created', async () => {
    const before = await rowsOf(franchisePlans);
    expectRefused(await as.gestor.post('/api/v1/billing/shipper', { ...plan, price: '12' }), 'price', INVALID_TYPE);
    expectRefused(await as.gestor.post('/api/v1/billing/shipper', { ...plan, name: ['x'] }), 'name', INVALID_TYPE);
    expectRefused(await as.gestor.post('/api/v1/billing/shipper', { ...plan, limits: [] }), 'limits', INVALID_TYPE);
    expectRefused(
      await as.gestor.post('/api/v1/billing/shipper', { ...plan, limits: { ...plan.limits, time: '02:30\u0000' } }),
      'limits.time',
      CONTROL_CHARACTERS_NOT_ALLOWED,
    );
    expect(await rowsOf(franchisePlans)).toBe(before);
  });

  it('an all-zero plan is refused: the price must be positive', async () => {
    const before = await rowsOf(franchisePlans);
    const zero = { ...plan, price: 0, limits: { ...plan.limits, distance: 0 }, overages: { ...plan.overages, distancePrice: 0, hourPrice: 0 } };
    expectRefused(await as.gestor.post('/api/v1/billing/shipper', zero), 'price', 'O valor do atendimento deve ser maior que zero');
    expect(await rowsOf(franchisePlans)).toBe(before);
    expect((await as.gestor.post('/api/v1/billing/shipper', { ...zero, price: 1 })).statusCode).toBe(201);
  });
});

describe('user and provider-login writes', () => {
  const newUser = { name: 'Maria Souza', email: 'maria.souza@demo.com.br', password: 'Senha@2026', role: { perfil: 'operational' }, active: true };

  it('type confusion, NUL bytes and over-long fields on a new user → 400, nobody created', async () => {
    const before = await rowsOf(users);
    expectRefused(await as.gestor.post('/api/risk-managers/login', { ...newUser, name: { a: 1 } }), 'name', INVALID_TYPE);
    expectRefused(await as.gestor.post('/api/risk-managers/login', { ...newUser, password: ['Demo@123'] }), 'password', INVALID_TYPE);
    expectRefused(await as.gestor.post('/api/risk-managers/login', { ...newUser, email: 'maria\u0000@demo.com.br' }), 'email', CONTROL_CHARACTERS_NOT_ALLOWED);
    expectRefused(await as.gestor.post('/api/risk-managers/login', { ...newUser, role: { perfil: 7 } }), 'role.perfil', INVALID_TYPE);
    // Login accepts passwords of at most 200 characters: a longer one could never be used.
    expectRefused(await as.gestor.post('/api/risk-managers/login', { ...newUser, password: 'p'.repeat(300) }), 'password', maxLength(200));
    expectRefused(await as.gestor.post('/api/risk-managers/login', { ...newUser, email: `${'m'.repeat(300)}@demo.com.br` }), 'email', maxLength(254));
    expect(await rowsOf(users)).toBe(before);
  });

  it('a user update with a list as name or "false" as active → 400, the user unchanged', async () => {
    const [original] = await t.database.db.select().from(users).where(eq(users.id, OPERADOR_ID));
    const body = { name: 'Operador', role: { perfil: 'operational' }, active: true };
    expectRefused(await as.gestor.put(`/api/risk-managers/login/${OPERADOR_ID}`, { ...body, name: ['x'] }), 'name', INVALID_TYPE);
    expectRefused(await as.gestor.put(`/api/risk-managers/login/${OPERADOR_ID}`, { ...body, active: 'false' }), 'active', INVALID_TYPE);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, OPERADOR_ID));
    expect(after).toEqual(original);
  });

  it('provider logins: wrong types and control characters → 400, nothing created or changed', async () => {
    const login = { email: 'op@prov.com.br', name: 'Op', password: 'Demo@1234', role: { perfil: 'operational' }, serviceProvider: DEMO_IDS.provider };
    const before = await rowsOf(users);
    expectRefused(await as.gestor.post('/api/service-providers/login', { ...login, name: ['x'] }), 'name', INVALID_TYPE);
    expectRefused(await as.gestor.post('/api/service-providers/login', { ...login, name: 'Op\u0000' }), 'name', CONTROL_CHARACTERS_NOT_ALLOWED);
    expectRefused(await as.gestor.post('/api/service-providers/login', { ...login, serviceProvider: { $ne: null } }), 'serviceProvider', INVALID_TYPE);
    expect(await rowsOf(users)).toBe(before);
    const [original] = await t.database.db.select().from(users).where(eq(users.id, PRESTADOR_SUL_ID));
    expectRefused(
      await as.gestor.put(`/api/service-providers/login/${PRESTADOR_SUL_ID}`, { id: PRESTADOR_SUL_ID, role: { perfil: 'admin' }, active: 'false' }),
      'active',
      INVALID_TYPE,
    );
    const [after] = await t.database.db.select().from(users).where(eq(users.id, PRESTADOR_SUL_ID));
    expect(after).toEqual(original);
  });
});

describe('deeply nested JSON bodies', () => {
  /** 10,000 levels of `{"a":…}` under `name` (about 60 KB): the walks over a body would overflow the stack. */
  const DEEP = `{"name":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)},"active":true}`;
  const ROUTES: ['POST' | 'PUT', string][] = [
    ['POST', '/api/admin/causes'],
    ['PUT', `/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`],
    ['POST', '/api/admin/shippers'],
    ['POST', '/api/service-providers/info'],
    ['POST', '/api/service-providers/login'],
    ['POST', '/api/risk-managers/login'],
    ['PUT', `/api/risk-managers/login/${OPERADOR_ID}`],
    ['POST', '/api/v1/billing/shipper'],
    ['PUT', `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`],
  ];

  let token = '';
  beforeAll(async () => {
    token = await login(t.app, ACCOUNTS.gestor);
  });
  const postAsGestor = (method: 'POST' | 'PUT', url: string, payload: string) =>
    t.app.inject({ method, url, headers: { 'x-access-token': token, 'content-type': 'application/json' }, payload });

  it('a body nested 10,000 levels deep → 400 in Portuguese on every write route, nothing changed', async () => {
    const before = await databaseFingerprint(t.database.db);
    for (const [method, url] of ROUTES) {
      const response = await postAsGestor(method, url, DEEP);
      expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json()).toEqual({ error: JSON_TOO_DEEP });
    }
    expect(changedTables(before, await databaseFingerprint(t.database.db))).toEqual([]);
  });

  it('a body nested as deep as the limit is parsed and checked as usual', async () => {
    const atLimit = `{"name":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)},"active":true}`;
    expectRefused(await postAsGestor('POST', '/api/admin/causes', atLimit), 'name', INVALID_TYPE);
  });
});
