import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import type { MissionDetail, Proposal } from '../../src/domain/missions';
import { missionEvents, missions, proposals } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { login } from './helpers';
import { BASE, missionBody, proposalBody, useMissionsApp, type MissionsTest } from './missionsClient';

/** New missions and proposals: tenant-checked references, required parameters, bad input, idempotency. */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const rowCounts = async () => {
  const db = m.t.database.db;
  const [a] = await db.select({ n: count() }).from(missions);
  const [b] = await db.select({ n: count() }).from(proposals);
  const [c] = await db.select({ n: count() }).from(missionEvents);
  return [a?.n, b?.n, c?.n];
};
const messages = (body: unknown) =>
  Object.fromEntries((body as { errors: ValidationIssue[] }).errors.map((e) => [e.path, e.message]));

describe('new mission references', () => {
  it.each([
    // The plan must also be one of THAT shipper's, so a foreign shipper fails both.
    ['another tenant\'s shipper', { shipper: CATALOGUE_IDS.shipperNorte }, { shipper: 'Selecione o cliente', franchise_plan: 'Selecione o serviço' }],
    ['a plan of another shipper', { shipper: CATALOGUE_IDS.shipperVale }, { franchise_plan: 'Selecione o serviço' }],
    ['a providers\' plan', { franchise_plan: CATALOGUE_IDS.planProvidersAll }, { franchise_plan: 'Selecione o serviço' }],
    ['another tenant\'s requester', { requester: CATALOGUE_IDS.requesterNorte }, { requester: 'Selecione o solicitante' }],
    ['another tenant\'s cause', { cause: CATALOGUE_IDS.causeNorte }, { cause: 'Selecione o motivo do acionamento' }],
    ['an unknown carrier', { carrier: '5f00000000000000000000ff' }, { carrier: 'Selecione o transportador' }],
  ])('refuses %s with 400 on the field, creating nothing', async (_, patch, expected) => {
    const response = await m.as.gestor.post(`${BASE}/request`, missionBody(patch));
    expect(response.statusCode).toBe(400);
    expect(messages(response.json())).toEqual(expected);
    expect(await rowCounts()).toEqual([0, 0, 0]);
  });

  it('requires the references the tenant\'s mission parameters require, and only those', async () => {
    const missing = await m.as.gestor.post(`${BASE}/request`, missionBody({ cause: null, carrier: undefined }));
    expect(messages(missing.json())).toEqual({ cause: 'Selecione o motivo do acionamento', carrier: 'Selecione o transportador' });
    const placed = await m.as.gestor.post(`${BASE}/request`, missionBody({ place: CATALOGUE_IDS.stateSaoPaulo }));
    expect(messages(placed.json())).toEqual({ place: 'Selecione o local' });
    expect(await rowCounts()).toEqual([0, 0, 0]);
    expect((await m.create({ processNumber: '  ' })).processNumber).toBeNull();
  });

  it('lets only risk-manager users and admins naming a tenant create', async () => {
    expect((await m.as.prestador.post(`${BASE}/request`, missionBody())).statusCode).toBe(403);
    const anonymous = await m.as.admin.post(`${BASE}/request`, missionBody());
    expect(anonymous.statusCode).toBe(400);
    expect(messages(anonymous.json())).toHaveProperty('riskManager');
    const wrongTenant = await m.as.admin.post(`${BASE}/request`, missionBody({ riskManager: DEMO_IDS.riskManagerNorte }));
    expect(messages(wrongTenant.json())).toMatchObject({ shipper: 'Selecione o cliente' });
    expect(await rowCounts()).toEqual([0, 0, 0]);
    const byAdmin = await m.as.admin.post(`${BASE}/request`, missionBody({ riskManager: DEMO_IDS.riskManager }));
    expect(byAdmin.statusCode).toBe(201);
    // The body never moves a tenant user's mission to another tenant.
    const pinned = await m.as.gestor.post(`${BASE}/request`, missionBody({ riskManager: DEMO_IDS.riskManagerNorte }));
    expect(pinned.json<MissionDetail>().riskManager).toBe(DEMO_IDS.riskManager);
  });
});

describe('bad input → 400 in Portuguese, nothing changed', () => {
  it('on a new mission', async () => {
    const response = await m.as.gestor.post(
      `${BASE}/request`,
      missionBody({
        processNumber: 'PR\u00001',
        shipper: 123,
        location: { ...missionBody().location, latitude: 'norte', city: 'x'.repeat(5000), zipcode: ['01310100'] },
      }),
    );
    expect(response.statusCode).toBe(400);
    const byPath = messages(response.json());
    expect(byPath).toMatchObject({
      processNumber: 'Caracteres de controle não são permitidos',
      shipper: 'Tipo de valor inválido',
      'location.zipcode': 'Tipo de valor inválido',
    });
    expect(byPath['location.city']).toMatch(/^Máximo de \d+ caracteres$/);
    expect(byPath['location.latitude']).toBeTruthy();
    expect((await m.as.gestor.post(`${BASE}/request`, missionBody({ processNumber: 'x'.repeat(600) }))).statusCode).toBe(400);
    const notObject = await m.t.app.inject({ method: 'POST', url: `${BASE}/request`, headers: { 'x-access-token': 'x', 'content-type': 'application/json' }, payload: '[1]' });
    expect(notObject.statusCode).toBe(401);
    expect((await m.as.gestor.post(`${BASE}/request`, [1])).statusCode).toBe(400);
    expect(await rowCounts()).toEqual([0, 0, 0]);
  });

  it('on proposals and status changes', async () => {
    const mission = await m.create();
    const before = await rowCounts();
    const bad = await m.as.prestador.post(`${BASE}/proposals`, { ...proposalBody(mission._id), eta: { time: '25:99', distanceInKm: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(messages(bad.json())).sort()).toEqual(['eta.distanceInKm', 'eta.time']);
    expect((await m.as.prestador.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'approved' })).statusCode).toBe(400);
    expect((await m.as.prestador.post(`${BASE}/proposals`, { missionRequest: 'x', status: 'pending' })).statusCode).toBe(400);
    const proposal = await m.propose('prestador', mission._id);
    const after = await rowCounts();
    const control = await m.as.prestador.put(`${BASE}/proposals/${proposal._id}`, {
      eta: { time: '00:10', distanceInKm: 3 },
      location: { ...proposalBody(mission._id).location, address: 'Rua\u0007A' },
    });
    expect(messages(control.json())).toEqual({ 'location.address': 'Caracteres de controle não são permitidos' });
    expect((await m.as.gestor.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: ['started'] })).statusCode).toBe(400);
    expect((await m.as.gestor.get(`${BASE}/request/id/not-an-id`)).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(after);
    expect(after).toEqual([before[0], (before[1] ?? 0) + 1, (before[2] ?? 0) + 1]);
    const [stored] = (await m.as.prestador.get(`${BASE}/${mission._id}/proposals`)).json<Proposal[]>();
    expect(stored?.location?.address).toBe('Rua Augusta');
  });

  it('on the monitoring query', async () => {
    const answer = async (query: string) => {
      const response = await m.as.gestor.get(`${BASE}/request/monitoring?${query}`);
      return [response.statusCode, Object.values(messages(response.json()))];
    };
    expect(await answer('page=abc')).toEqual([400, ['Tipo de valor inválido']]);
    expect(await answer('page=0')).toEqual([400, ['Opção inválida']]);
    expect(await answer('page=1&page=2')).toEqual([400, ['Tipo de valor inválido']]);
    expect(await answer('status=perdido')).toEqual([400, ['Opção inválida']]);
    expect((await answer('start=ontem'))[0]).toBe(400);
    expect((await answer('start=2026-11-02T00:00:00Z&end=2026-11-01T00:00:00Z'))[0]).toBe(400);
  });
});

describe('idempotency', () => {
  it('answers a repeated new mission or proposal with the stored response, writing once', async () => {
    const send = async (token: string, url: string, payload: object, key: string) =>
      m.t.app.inject({ method: 'POST', url, headers: { 'x-access-token': token, 'idempotency-key': key }, payload });
    const gestor = await login(m.t.app, 'gestor@demo.com.br');
    const first = await send(gestor, `${BASE}/request`, missionBody(), 'k-1');
    const again = await send(gestor, `${BASE}/request`, missionBody(), 'k-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<MissionDetail>()._id).toBe(first.json<MissionDetail>()._id);
    const prestador = await login(m.t.app, 'prestador@demo.com.br');
    const id = first.json<MissionDetail>()._id;
    await send(prestador, `${BASE}/proposals`, { missionRequest: id, status: 'pending' }, 'k-2');
    await send(prestador, `${BASE}/proposals`, { missionRequest: id, status: 'pending' }, 'k-2');
    expect(await rowCounts()).toEqual([1, 1, 2]);
  });
});
