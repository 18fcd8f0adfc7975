import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MONITORING_PAGE_SIZE, type MissionDetail, type MonitoringPage } from '../../src/domain/missions';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE } from '../../src/domain/messages';
import { LIST_FILTER_TOO_LONG, LIST_ORDER_INVALID, LIST_SORT_INVALID } from '../../src/domain/schemas/listPage';
import { missionVehicles, missions } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { BASE, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * GET request/monitoring with `q` (process number, plate, shipper or provider) and a header's
 * `sort`/`order`: within each viewer's missions only, never matching or ordering by what the
 * competition rule hides from a provider (the winner of a mission it lost, that mission's
 * vehicles), folded like the catalogue lists' Filtrar, with the status and date filters and pages.
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

async function page(who: MissionAccount, query: Record<string, string | number>): Promise<MonitoringPage> {
  const response = await m.as[who].get(`${BASE}/request/monitoring?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MonitoringPage>();
}
const found = async (who: MissionAccount, q: string, extra: Record<string, string | number> = {}) =>
  (await page(who, { q, ...extra })).data.map((r) => r.processNumber);

async function plate(mission: string, value: string) {
  await m.t.database.db.insert(missionVehicles).values({ mission, driver: 'João', type: 'truck', plate: value, createdAt: new Date() });
}

/** A mission Pronta Resposta Demo bid on and Escolta Sul got. */
async function lostByDemo(extra: Record<string, unknown>): Promise<MissionDetail> {
  const mission = await m.create(extra);
  await m.as.prestador.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' });
  const proposal = await m.propose('sul', mission._id);
  const accepted = await m.as.gestor.put(`${BASE}/request/${mission._id}/status`, {
    missionRequest: mission._id,
    status: 'started',
    serviceProvider: proposal.serviceProvider,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return mission;
}

async function held(holder: MissionAccount, processNumber: string): Promise<MissionDetail> {
  const mission = await m.started(holder);
  await m.t.database.db.update(missions).set({ processNumber }).where(eq(missions.id, mission._id));
  return mission;
}

describe('monitoring search', () => {
  it('finds by process number, plate, shipper and provider within each viewer, never through a competitor', async () => {
    // Held by Pronta Resposta Demo (Escolta Sul bid and lost), Andrade Alimentos, plate ABC-1D23.
    const alfa = await held('prestador', 'PR-ALFA-001');
    await plate(alfa._id, 'ABC-1D23');
    // Held by Escolta Sul, lost by Pronta Resposta Demo, Vale Eletrônicos, plate QWE4R56.
    const beta = await lostByDemo({ processNumber: 'PR-BETA-002', shipper: CATALOGUE_IDS.shipperVale, franchise_plan: '5f0000410000000000000003' });
    await plate(beta._id, 'QWE4R56');
    await m.create({ processNumber: 'PR-GAMA-003' });
    // Held by Escolta Sul without a bid from Pronta Resposta Demo: none of its business.
    await held('sul', 'PR-DELTA-004');
    const norte = await m.as.norte.post(`${BASE}/request`, {
      processNumber: 'PR-ALFA-NORTE',
      shipper: CATALOGUE_IDS.shipperNorte,
      franchise_plan: '5f0000410000000000000004',
      requester: CATALOGUE_IDS.requesterNorte,
      location: { zipcode: '69005-010', address: 'Rua Teste', number: '1', neighborhood: 'Centro', city: 'Manaus', state: 'AM', latitude: -3.1, longitude: -60 },
    });
    expect(norte.statusCode, norte.body).toBe(201);

    // Tenants: each its own.
    expect(await found('gestor', 'alfa')).toEqual(['PR-ALFA-001']);
    expect(await found('norte', 'alfa')).toEqual(['PR-ALFA-NORTE']);
    expect((await found('admin', 'alfa')).sort()).toEqual(['PR-ALFA-001', 'PR-ALFA-NORTE']);
    // The risk manager finds by every text: provider, plate with or without its hyphen, shipper folded.
    expect((await found('gestor', 'escolta sul')).sort()).toEqual(['PR-BETA-002', 'PR-DELTA-004']);
    expect(await found('gestor', 'qwe-4r56')).toEqual(['PR-BETA-002']);
    expect(await found('gestor', 'abc1d23')).toEqual(['PR-ALFA-001']);
    expect(await found('gestor', 'ELETRONICOS')).toEqual(['PR-BETA-002']);
    expect(await found('gestor', 'pralfa001')).toEqual(['PR-ALFA-001']);
    expect(await found('norte', 'amazonia')).toEqual(['PR-ALFA-NORTE']);
    expect(await found('norte', 'escolta')).toEqual([]);

    // The provider that holds a mission finds it by anything; the one that lost it, only by what it saw bidding.
    expect(await found('prestador', 'pronta resposta demo')).toEqual(['PR-ALFA-001']);
    expect(await found('prestador', 'ABC-1D23')).toEqual(['PR-ALFA-001']);
    const lost = await page('prestador', { q: 'beta' });
    expect(lost.data.map((r) => [r.processNumber, r.status, r.serviceProviderName])).toEqual([['PR-BETA-002', 'rejected', '']]);
    expect(await found('prestador', 'vale eletrônicos')).toEqual(['PR-BETA-002']);
    // Who won must not leak: neither the winner's name nor the plates of the run it did not get.
    expect(await found('prestador', 'escolta sul')).toEqual([]);
    expect(await found('prestador', 'escolta')).toEqual([]);
    expect(await found('prestador', 'qwe4r56')).toEqual([]);
    expect(await found('prestador', 'delta')).toEqual([]);
    expect((await page('prestador', { q: 'escolta' })).total).toBe(0);
    // And the other way round.
    expect(await found('sul', 'pronta resposta')).toEqual([]);
    expect(await found('sul', 'abc1d23')).toEqual([]);
    expect(await found('sul', 'alfa')).toEqual(['PR-ALFA-001']);
    expect((await found('sul', 'escolta sul')).sort()).toEqual(['PR-BETA-002', 'PR-DELTA-004']);
    // LIKE's wildcards are literal.
    expect(await found('gestor', '%')).toEqual([]);
    expect(await found('gestor', '_')).toEqual([]);
  }, 120_000);

  it('combines with the status and date filters and pages with the right total', async () => {
    const created: string[] = [];
    for (let i = 0; i < MONITORING_PAGE_SIZE + 5; i++) created.push((await m.create({ processNumber: `LOTE-${String(i).padStart(2, '0')}` }))._id);
    await m.create({ processNumber: 'OUTRO-1' });
    const canceled = created.slice(0, 3);
    for (const id of canceled) await m.as.gestor.put(`${BASE}/request/${id}/status`, { missionRequest: id, status: 'canceled' });
    await m.t.database.db.update(missions).set({ createdAt: new Date(Date.UTC(2026, 0, 10, 12)) }).where(eq(missions.id, created[24] ?? ''));

    const first = await page('gestor', { q: 'lote' });
    expect(first.total).toBe(MONITORING_PAGE_SIZE + 5);
    expect(first.totalPages).toBe(2);
    expect(first.data).toHaveLength(MONITORING_PAGE_SIZE);
    const second = await page('gestor', { q: 'lote', page: 2 });
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((r) => r._id))).toEqual(new Set(created));
    // Without a sort the list keeps its order: status, then newest first (canceled after open).
    expect(second.data.slice(-3).map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled']);
    // A page past the end: empty, with the real total.
    expect(await page('gestor', { q: 'lote', page: 3 })).toMatchObject({ data: [], total: MONITORING_PAGE_SIZE + 5, totalPages: 2 });

    const canceledOnly = await page('gestor', { q: 'lote', status: 'canceled' });
    expect(canceledOnly.data.map((r) => r._id).sort()).toEqual([...canceled].sort());
    expect(canceledOnly.total).toBe(3);
    const january = await page('gestor', { q: 'LOTE', start: '2026-01-01T00:00:00.000Z', end: '2026-01-31T23:59:59.999Z' });
    expect(january.data.map((r) => r.processNumber)).toEqual(['LOTE-24']);
    // A provider's filter and search together: the open ones it sees.
    expect((await page('prestador', { q: 'lote', status: 'open' })).total).toBe(MONITORING_PAGE_SIZE + 5 - 3);
  }, 120_000);

  it('sorts by a header, ties newest first; a provider never orders a lost mission by its winner', async () => {
    const names = ['PR-C', 'PR-A', 'PR-B'];
    for (const processNumber of names) await m.create({ processNumber });
    const ascending = await page('gestor', { sort: 'processNumber', order: 'ASC' });
    expect(ascending.data.map((r) => r.processNumber)).toEqual(['PR-A', 'PR-B', 'PR-C']);
    const descending = await page('gestor', { sort: 'processNumber', order: 'DESC' });
    expect(descending.data.map((r) => r.processNumber)).toEqual(['PR-C', 'PR-B', 'PR-A']);
    expect((await page('gestor', { q: 'pr-', sort: 'processNumber', order: 'DESC' })).data.map((r) => r.processNumber)).toEqual(['PR-C', 'PR-B', 'PR-A']);

    await held('prestador', 'PR-OURS');
    await lostByDemo({ processNumber: 'PR-THEIRS' });
    const byProvider = async (who: MissionAccount, order: string) =>
      (await page(who, { sort: 'provider', order })).data.map((r) => [r.processNumber, r.serviceProviderName]);
    // The risk manager: 'Em leilão' < 'Escolta Sul' < 'Pronta Resposta Demo'.
    expect((await byProvider('gestor', 'ASC')).map(([p]) => p).slice(-2)).toEqual(['PR-THEIRS', 'PR-OURS']);
    // The provider: its lost mission has no provider on its row, so it sorts last both ways.
    for (const order of ['ASC', 'DESC']) {
      const rows = await byProvider('prestador', order);
      expect(rows.at(-1)).toEqual(['PR-THEIRS', '']);
      expect(rows.map(([p]) => p)).toContain('PR-OURS');
    }
    // 'status' is the plain list's order; 'createdAt' newest last when ascending.
    const byStatus = await page('gestor', { sort: 'status', order: 'ASC' });
    expect(byStatus.data.map((r) => r._id)).toEqual((await page('gestor', {})).data.map((r) => r._id));
    await m.t.database.db.update(missions).set({ createdAt: new Date(Date.UTC(2026, 0, 10, 12)) }).where(eq(missions.processNumber, 'PR-B'));
    expect((await page('gestor', { sort: 'createdAt', order: 'ASC' })).data[0]?.processNumber).toBe('PR-B');
    expect((await page('gestor', { sort: 'createdAt', order: 'DESC' })).data.at(-1)?.processNumber).toBe('PR-B');
  }, 120_000);

  it.each([
    ['an over-long text', { q: 'x'.repeat(201) }, LIST_FILTER_TOO_LONG],
    ['a control character', { q: 'PR\u0000' }, CONTROL_CHARACTERS_NOT_ALLOWED],
    ['a line break', { q: 'PR\n1' }, CONTROL_CHARACTERS_NOT_ALLOWED],
    ['an unknown sort', { sort: 'riskManager' }, LIST_SORT_INVALID],
    ['an unknown order', { sort: 'shipper', order: 'up' }, LIST_ORDER_INVALID],
  ] as const)('refuses %s with 400 in Portuguese', async (_name, query, message) => {
    const response = await m.as.gestor.get(`${BASE}/request/monitoring?${new URLSearchParams(query)}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
  });

  it('refuses a repeated q (a list, not a text) with 400 in Portuguese', async () => {
    const response = await m.as.gestor.get(`${BASE}/request/monitoring?q=a&q=b`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(INVALID_TYPE);
  });
});
