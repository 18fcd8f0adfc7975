import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { causes, requesters } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS, DEMO_SLA_TARGETS } from '../../server/demo/seedCatalogues';
import { NO_SLA_TARGETS } from '../../src/domain/missions';
import { DEFAULT_ARRIVAL_RADIUS_M } from '../../src/domain/positions/presence';
import { DEFAULT_SOS_ESCALATION_MINUTES } from '../../src/domain/alarms';
import { login, type TestApp } from './helpers';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { defined } from '../defined';

/** Simple lookups of the admin service: CRUD, validation codes, permissions and tenancy. */

let t: TestApp;
let as: Record<Account, Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

type Row = { _id: string; name: string; active: boolean; riskManager?: string };
const LOOKUPS = ['causes', 'carriers', 'places', 'leaderships', 'requesters'] as const;

describe('lookups CRUD', () => {
  it.each(LOOKUPS)('%s: gestor creates, lists, updates and deletes in its own tenant', async (type) => {
    const created = await as.gestor.post(`/api/admin/${type}`, { name: '  Zeta teste  ', active: true });
    expect(created.statusCode).toBe(201);
    const record = created.json<Row>();
    expect(record).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown, name: 'Zeta teste', active: true, riskManager: DEMO_IDS.riskManager });

    const list = (await as.gestor.get(`/api/admin/${type}`)).json<Row[]>();
    expect(list.map((r) => r._id)).toContain(record._id);
    expect(list.every((r) => r.riskManager === DEMO_IDS.riskManager)).toBe(true);

    const updated = await as.gestor.put(`/api/admin/${type}/${record._id}`, { _id: record._id, name: 'Zeta editado', active: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ _id: record._id, name: 'Zeta editado', active: false });

    const deleted = await as.gestor.del(`/api/admin/${type}/${record._id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await as.gestor.get(`/api/admin/${type}`)).json<Row[]>().map((r) => r._id)).not.toContain(record._id);
  });

  it('lists are sorted by name', async () => {
    const names = (await as.gestor.get('/api/admin/causes')).json<Row[]>().map((r) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(7);
    expect(names).toContain('Roubo de carga');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('an unknown admin type is 400 invalid admin sub, whatever the method', async () => {
    for (const response of [
      await as.gestor.get('/api/admin/vehicles'),
      await as.gestor.post('/api/admin/vehicles', { name: 'x', active: true }),
      await as.gestor.put(`/api/admin/constructor/${CATALOGUE_IDS.causeRoubo}`, { name: 'x', active: true }),
      await as.gestor.del(`/api/admin/__proto__/${CATALOGUE_IDS.causeRoubo}`),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'invalid admin sub' });
    }
  });

  it('a malformed id is a 400 from the route schema; an unknown id is 404', async () => {
    for (const response of [
      await as.gestor.put('/api/admin/causes/123', { name: 'x', active: true }),
      await as.gestor.del('/api/admin/causes/5F00000000000000000000FF'),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ code: 'pattern', path: 'id', message: 'Formato inválido' }] });
    }
    expect((await as.gestor.del('/api/admin/causes/5f00000000000000000000ff')).statusCode).toBe(404);
  });

  it('a body that is not a JSON object is a 400 from the route schema', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/causes',
      headers: { 'x-access-token': await login(t.app, 'gestor@demo.com.br'), 'content-type': 'application/json' },
      payload: '["Roubo"]',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'type', path: '', message: 'Tipo de valor inválido' }] });
  });
});

describe('validation codes', () => {
  it('an empty name is too_small on name with the entity message', async () => {
    const response = await as.gestor.post('/api/admin/causes', { name: '   ', active: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ code: 'too_small', path: 'name', message: 'Preencha o motivo do acionamento' }],
    });
  });

  it('a missing active toggle is missingActive', async () => {
    const response = await as.gestor.post('/api/admin/carriers', { name: 'Sem ativação' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: ValidationIssue[] }>().errors).toEqual([expect.objectContaining({ code: 'missingActive', path: 'active' })]);
  });

  it('an admin must name the risk manager; an unknown one is refused the same way', async () => {
    for (const body of [{ name: 'Órfão', active: true }, { name: 'Órfão', active: true, riskManager: '5f00000000000000000000ff' }]) {
      const response = await as.admin.post('/api/admin/causes', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [{ code: 'missingRiskManager', path: 'riskManager', message: 'Gestora de risco não informada' }],
      });
    }
    const [row] = await t.database.db.select().from(causes).where(eq(causes.name, 'Órfão'));
    expect(row).toBeUndefined();
    // An empty admin form gets every message at once.
    const empty = await as.admin.post('/api/admin/causes', { name: '', active: true });
    expect(empty.json<{ errors: ValidationIssue[] }>().errors.map((e) => e.code)).toEqual(['too_small', 'missingRiskManager']);
  });

  it('an invalid body changes nothing on update', async () => {
    const response = await as.gestor.put(`/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`, { name: '', active: true });
    expect(response.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(causes).where(eq(causes.id, CATALOGUE_IDS.causeRoubo));
    expect(row?.name).toBe('Roubo de carga');
  });
});

describe('permissions', () => {
  it('operational and ti users read but get 403 on writes', async () => {
    for (const who of ['operador', 'ti'] as const) {
      expect((await as[who].get('/api/admin/causes')).statusCode).toBe(200);
      expect((await as[who].post('/api/admin/causes', { name: 'Proibido', active: true })).statusCode).toBe(403);
      expect((await as[who].put(`/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`, { name: 'Proibido', active: true })).statusCode).toBe(403);
      expect((await as[who].del(`/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`)).statusCode).toBe(403);
    }
    const [row] = await t.database.db.select().from(causes).where(eq(causes.id, CATALOGUE_IDS.causeRoubo));
    expect(row?.name).toBe('Roubo de carga');
  });

  it('a service-provider admin reads its tenant lookups but cannot write them', async () => {
    const list = (await as.prestador.get('/api/admin/causes')).json<Row[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.riskManager === DEMO_IDS.riskManager)).toBe(true);
    expect((await as.prestador.post('/api/admin/causes', { name: 'Prestador', active: true })).statusCode).toBe(403);
  });

  it('no token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/causes' })).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it('each risk manager lists only its own rows; admins see every tenant and may narrow', async () => {
    const norte = (await as.norte.get('/api/admin/requesters')).json<Row[]>();
    expect(norte.map((r) => r.name).sort()).toEqual(['Central Norte de Monitoramento', 'Seguradora Amazônia']);
    const demo = (await as.gestor.get('/api/admin/requesters')).json<Row[]>();
    expect(demo.some((r) => r.riskManager === DEMO_IDS.riskManagerNorte)).toBe(false);

    const all = (await as.admin.get('/api/admin/requesters')).json<Row[]>();
    expect(all).toHaveLength(norte.length + demo.length);
    const narrowed = (await as.admin.get(`/api/admin/requesters?riskManager=${DEMO_IDS.riskManagerNorte}`)).json<Row[]>();
    expect(narrowed).toHaveLength(norte.length);
  });

  it("another tenant's row is 404 on update and delete, and stays unchanged", async () => {
    const url = `/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`;
    const update = await as.norte.put(url, { name: 'Sequestrado', active: false });
    expect(update.statusCode).toBe(404);
    const remove = await as.norte.del(url);
    expect(remove.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(causes).where(eq(causes.id, CATALOGUE_IDS.causeRoubo));
    expect(row).toMatchObject({ name: 'Roubo de carga', active: true, riskManager: DEMO_IDS.riskManager });
  });

  it('a riskManager sent by a risk-manager user is ignored on create and update', async () => {
    const created = await as.gestor.post('/api/admin/requesters', {
      name: 'Tentativa',
      active: true,
      riskManager: DEMO_IDS.riskManagerNorte,
      role: { type: 'admin', perfil: 'admin' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Row>().riskManager).toBe(DEMO_IDS.riskManager);

    const id = created.json<Row>()._id;
    const updated = await as.gestor.put(`/api/admin/requesters/${id}`, { name: 'Tentativa 2', active: true, riskManager: DEMO_IDS.riskManagerNorte });
    expect(updated.json<Row>().riskManager).toBe(DEMO_IDS.riskManager);
    const [row] = await t.database.db.select().from(requesters).where(eq(requesters.id, id));
    expect(row?.riskManager).toBe(DEMO_IDS.riskManager);
    expect((await as.norte.get('/api/admin/requesters')).json<Row[]>().map((r) => r._id)).not.toContain(id);
  });

  it('an admin creates in the tenant it names and edits any tenant', async () => {
    const created = await as.admin.post('/api/admin/causes', { name: 'Criado pelo admin', active: true, riskManager: DEMO_IDS.riskManagerNorte });
    expect(created.statusCode).toBe(201);
    expect(created.json<Row>().riskManager).toBe(DEMO_IDS.riskManagerNorte);
    expect((await as.norte.get('/api/admin/causes')).json<Row[]>().map((r) => r.name)).toContain('Criado pelo admin');
    const edited = await as.admin.put(`/api/admin/causes/${CATALOGUE_IDS.causeRoubo}`, { name: 'Roubo de carga (editado)', active: true });
    expect(edited.statusCode).toBe(200);
  });
});

describe('mission configs', () => {
  type Config = { _id: string; riskManager: string; required: Record<'cause' | 'carrier' | 'place' | 'leadership', boolean> };

  it('the seeded tenant reads its flags and updates them', async () => {
    const config = defined((await as.gestor.get('/api/admin/mission/configs')).json<Config[]>()[0], 'mission config');
    expect(config).toEqual({
      _id: CATALOGUE_IDS.missionConfigDemo,
      riskManager: DEMO_IDS.riskManager,
      required: { cause: true, carrier: true, place: false, leadership: false },
      sla: DEMO_SLA_TARGETS,
      eta: { roadFactor: null, averageSpeedKmh: null },
      arrival: { radius: DEFAULT_ARRIVAL_RADIUS_M },
      alarms: { phone: null, emails: null, escalateMinutes: DEFAULT_SOS_ESCALATION_MINUTES, silenceMinutes: null },
    });
    const required = { cause: false, carrier: true, place: true, leadership: true };
    // A body without the SLA group or the arrival radius (a client from before them) leaves them as they were.
    const updated = await as.gestor.put(`/api/admin/mission/configs/${config._id}`, { _id: config._id, required });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Config>().required).toEqual(required);
    expect(updated.json<Config & { sla: unknown }>().sla).toEqual(DEMO_SLA_TARGETS);
    expect(updated.json<Config & { arrival: unknown }>().arrival).toEqual({ radius: DEFAULT_ARRIVAL_RADIUS_M });
    expect((await as.operador.get('/api/admin/mission/configs')).json<Config[]>()[0]?.required).toEqual(required);
  });

  it('a tenant without a row gets one, all false, on first read; admins see every tenant', async () => {
    const first = (await as.norte.get('/api/admin/mission/configs')).json<Config[]>();
    expect(first).toEqual([
      {
        _id: expect.any(String) as unknown,
        riskManager: DEMO_IDS.riskManagerNorte,
        required: { cause: false, carrier: false, place: false, leadership: false },
        sla: NO_SLA_TARGETS,
        eta: { roadFactor: null, averageSpeedKmh: null },
        arrival: { radius: DEFAULT_ARRIVAL_RADIUS_M },
        alarms: { phone: null, emails: null, escalateMinutes: DEFAULT_SOS_ESCALATION_MINUTES, silenceMinutes: null },
      },
    ]);
    expect((await as.norte.get('/api/admin/mission/configs')).json<Config[]>()[0]?._id).toBe(first[0]?._id);
    const all = (await as.admin.get('/api/admin/mission/configs')).json<Config[]>();
    expect(all.map((c) => c.riskManager).sort()).toEqual([DEMO_IDS.riskManager, DEMO_IDS.riskManagerNorte]);
  });

  it("writes need perfil admin; another tenant's row is 404; flags must be booleans", async () => {
    const url = `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`;
    const required = { cause: false, carrier: false, place: false, leadership: false };
    expect((await as.operador.put(url, { required })).statusCode).toBe(403);
    expect((await as.norte.put(url, { required })).statusCode).toBe(404);
    const bad = await as.gestor.put(url, { required: { cause: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: ValidationIssue[] }>().errors.map((e) => e.path).sort()).toEqual(['required.carrier', 'required.leadership', 'required.place']);
    // The live estimate's parameters (docs/rules/positions.md): a factor below 1, a speed that is not a whole number.
    const badEta = await as.gestor.put(url, { required, eta: { roadFactor: 0.5, averageSpeedKmh: 'rápido' } });
    expect(badEta.statusCode).toBe(400);
    expect(badEta.json<{ errors: ValidationIssue[] }>().errors.map((e) => e.path).sort()).toEqual(['eta.averageSpeedKmh', 'eta.roadFactor']);
    // The arrival radius (docs/rules/positions.md): whole metres between 50 and 5,000.
    for (const radius of [49, 5_001, 120.5, '200']) {
      const wrong = await as.gestor.put(url, { required, arrival: { radius } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ errors: ValidationIssue[] }>().errors.map((e) => e.path)).toEqual(['arrival.radius']);
    }
    const [config] = (await as.gestor.get('/api/admin/mission/configs')).json<Config[]>();
    expect(config?.required).toEqual({ cause: true, carrier: true, place: false, leadership: false });
    expect(config).toMatchObject({ arrival: { radius: DEFAULT_ARRIVAL_RADIUS_M } });
  });
});
