/**
 * GET /api/reports/billing (docs/rules/reports.md): filters, order, pagination, the row's fields, tenancy
 * per role and bad input. Missions and their billing rows are written straight to the tables.
 */
import { describe, expect, it } from 'vitest';
import { REPORT_PAGE_SIZE, REPORT_TOTALLED, type ReportPage, type ReportRow, type ReportTotals } from '../../src/domain/reports';
import { REPORT_DATES_REQUIRED } from '../../src/domain/schemas/report';
import { DATE_RANGE_ORDER, INVALID_DATE, INVALID_OPTION } from '../../src/domain/messages';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';
import { insertReportMission, sideValues } from './reportFixtures';

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const BASE = '/api/reports/billing';
const day = (d: number, h = 12) => new Date(Date.UTC(2026, 2, d, h, 0, 0));
const RANGE = { start: day(1, 0).toISOString(), end: day(31, 23).toISOString() };

type Query = Record<string, string | number | string[] | undefined>;
const qs = (query: Query) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return params.toString();
};

async function report(who: MissionAccount, query: Query = {}): Promise<ReportPage> {
  const response = await m.as[who].get(`${BASE}?${qs({ ...RANGE, ...query })}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReportPage>();
}
const ids = (page: ReportPage) => page.reports.map((r) => r.missionId);

describe('billing report', () => {
  it('answers the rows in range, newest first, with names, first plate and the chosen side', async () => {
    const db = m.t.database.db;
    const older = await insertReportMission(db, { createdAt: day(5), n: 1, plate: 'AAA1A11' });
    const newer = await insertReportMission(db, { createdAt: day(20), n: 2, status: 'billed', processNumber: 'PR-77' });
    await insertReportMission(db, { createdAt: day(40), n: 3 }); // April: out of range
    await insertReportMission(db, { createdAt: new Date(day(1, 0).getTime() - 1), n: 4 }); // a millisecond before start

    const page = await report('gestor');
    expect(ids(page)).toEqual([newer, older]);
    expect(page.pagination).toEqual({ current: 1, pages: 1, quantity: 2 });
    const { franchise, cause, ...row } = page.reports[1] as ReportRow;
    // The names of the mission's service (its plan) and cause, whatever the seed calls them.
    expect(franchise).toMatch(/\S/);
    expect(cause).toMatch(/\S/);
    const shipper = sideValues(1, 'shipper');
    expect(row).toEqual({
      missionId: older,
      createdAt: day(5).toISOString(),
      processNumber: 'PR-1',
      shipper: 'Andrade Alimentos',
      carrier: 'Expresso Bandeirantes',
      plate: 'AAA1A11',
      fiscalKeys: null,
      requester: 'Central de Monitoramento',
      leadership: 'Coordenação Sudeste',
      place: 'Porto de Santos',
      city: 'São Paulo',
      state: 'SP',
      serviceProvider: 'Pronta Resposta Demo',
      billing_startTime: new Date(day(5).getTime() + 30 * 60_000).toISOString(),
      billing_endTime: new Date(day(5).getTime() + 4 * 3_600_000).toISOString(),
      timeUsage: shipper.timeUsageMinutes,
      timeLimit: 180,
      timeOverage: shipper.timeOverageMinutes,
      startDistance: shipper.startDistanceMetres,
      endDistance: shipper.endDistanceMetres,
      distanceUsage: shipper.distanceUsageMetres,
      distanceLimit: 100_000,
      distanceOverage: shipper.distanceOverageMetres,
      price: shipper.priceCents,
      timeOveragePrice: shipper.timeOverageCents,
      distanceOveragePrice: shipper.distanceOverageCents,
      toll: shipper.planTollCents + shipper.tollCents,
      expenses: shipper.expensesCents,
      additions: 250,
      discounts: shipper.discountsCents,
      finalCost: shipper.finalCostCents,
    });
    expect(page.reports[0]?.processNumber).toBe('PR-77');

    const provider = await report('gestor', { billingTarget: 'serviceProvider' });
    expect(provider.reports.map((r) => r.finalCost)).toEqual([sideValues(2, 'serviceProvider').finalCostCents, sideValues(1, 'serviceProvider').finalCostCents]);
  });

  it("'Serviço' is the mission's, as the missions list names it, on both sides (not the service of the side's price table)", async () => {
    const id = await insertReportMission(m.t.database.db, { createdAt: day(8), n: 5, status: 'billed' });
    const listed = await m.as.gestor.get(`/api/missions/request/id/${id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const { franchisePlanName } = listed.json<{ franchisePlanName: string }>();
    for (const billingTarget of ['shipper', 'serviceProvider']) {
      const row = (await report('gestor', { billingTarget })).reports.find((r) => r.missionId === id);
      expect([billingTarget, row?.franchise]).toEqual([billingTarget, franchisePlanName]);
    }
  });

  it('filters by status (repeated, empty = the four) and by companies of the chosen side', async () => {
    const db = m.t.database.db;
    const finished = await insertReportMission(db, { createdAt: day(2), status: 'finished' });
    const billed = await insertReportMission(db, { createdAt: day(3), status: 'billed' });
    const shipperBilled = await insertReportMission(db, { createdAt: day(4), status: 'billed_shipper', shipper: CATALOGUE_IDS.shipperVale });
    const sul = await insertReportMission(db, { createdAt: day(6), status: 'billed_provider', provider: DEMO_IDS.providerSul });
    // Reopened after billing rows existed: not a billing status any more, never in the report.
    await insertReportMission(db, { createdAt: day(7), status: 'started' });

    expect(ids(await report('gestor'))).toEqual([sul, shipperBilled, billed, finished]);
    expect(ids(await report('gestor', { status: 'billed' }))).toEqual([billed]);
    expect(ids(await report('gestor', { status: ['finished', 'billed_shipper'] }))).toEqual([shipperBilled, finished]);
    expect(ids(await report('gestor', { companies: CATALOGUE_IDS.shipperVale }))).toEqual([shipperBilled]);
    expect(ids(await report('gestor', { companies: [CATALOGUE_IDS.shipperVale, CATALOGUE_IDS.shipperAndrade] }))).toHaveLength(4);
    // Provider ids filter the provider side only.
    expect(ids(await report('gestor', { companies: DEMO_IDS.providerSul }))).toEqual([]);
    expect(ids(await report('gestor', { billingTarget: 'serviceProvider', companies: DEMO_IDS.providerSul }))).toEqual([sul]);
  });

  it('pages by REPORT_PAGE_SIZE with every row exactly once, ties in request date included', async () => {
    const db = m.t.database.db;
    const total = 2 * REPORT_PAGE_SIZE + 7;
    const inserted: string[] = [];
    // Pairs share a request date, so the order must break ties the same way on every page.
    for (let i = 0; i < total; i++) inserted.push(await insertReportMission(db, { createdAt: day(2 + Math.floor(i / 2) % 25, 10), n: i }));
    const first = await report('gestor');
    expect(first.pagination).toEqual({ current: 1, pages: 3, quantity: total });
    expect(first.reports).toHaveLength(REPORT_PAGE_SIZE);
    const third = await report('gestor', { page: 3 });
    expect(third.reports).toHaveLength(7);
    const seen = [...ids(first), ...ids(await report('gestor', { page: 2 })), ...ids(third)];
    expect(new Set(seen).size).toBe(total);
    expect(new Set(seen)).toEqual(new Set(inserted));
    const dates = [...first.reports, ...third.reports].map((r) => r.createdAt);
    expect(dates.slice(0, REPORT_PAGE_SIZE)).toEqual([...dates.slice(0, REPORT_PAGE_SIZE)].sort().reverse());
    expect((await report('gestor', { page: 9 })).reports).toEqual([]);
  }, 60_000);

  it('keeps every tenant to its own rows and a provider to its own side', async () => {
    const db = m.t.database.db;
    const demoHeld = await insertReportMission(db, { createdAt: day(10), provider: DEMO_IDS.provider });
    const sulHeld = await insertReportMission(db, { createdAt: day(11), provider: DEMO_IDS.providerSul });
    const norte = await insertReportMission(db, { tenant: 'norte', createdAt: day(12) });

    expect(ids(await report('gestor'))).toEqual([sulHeld, demoHeld]);
    expect(ids(await report('operador'))).toEqual([sulHeld, demoHeld]);
    expect(ids(await report('norte'))).toEqual([norte]);
    // Nothing the client sends widens a tenant: another tenant's shipper filters to nothing.
    expect(ids(await report('norte', { companies: CATALOGUE_IDS.shipperAndrade }))).toEqual([]);
    expect(ids(await report('admin'))).toEqual([norte, sulHeld, demoHeld]);
    expect(ids(await report('admin', { companies: CATALOGUE_IDS.shipperNorte }))).toEqual([norte]);

    // A provider reads its own side of its own missions, whatever it asks for.
    const own = await report('prestador', { billingTarget: 'shipper', companies: DEMO_IDS.providerSul });
    expect(ids(own)).toEqual([demoHeld]);
    expect(own.reports[0]?.finalCost).toBe(sideValues(0, 'serviceProvider').finalCostCents);
    expect(ids(await report('sul'))).toEqual([sulHeld]);

    const ti = await m.as.ti.get(`${BASE}?${qs(RANGE)}`);
    expect(ti.statusCode).toBe(403);
    const excel = await m.as.ti.get(`${BASE}/excel?${qs(RANGE)}`);
    expect(excel.statusCode).toBe(403);
    const anonymous = await m.t.app.inject({ method: 'GET', url: `${BASE}?${qs(RANGE)}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('totals the whole filtered period, every page, within the viewer\'s scope and filter', async () => {
    const db = m.t.database.db;
    const total = REPORT_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) await insertReportMission(db, { createdAt: day(2 + (i % 20), 10), n: i, status: i % 4 === 0 ? 'billed' : 'finished' });
    const sul = 777;
    await insertReportMission(db, { createdAt: day(25), n: sul, provider: DEMO_IDS.providerSul });
    await insertReportMission(db, { tenant: 'norte', createdAt: day(5), n: 555 });
    // Outside the period: not in the totals.
    await insertReportMission(db, { createdAt: new Date(Date.UTC(2026, 3, 2)), n: 999 });

    /** The rows of every page, summed column by column. */
    const summed = async (who: MissionAccount, query: Query = {}): Promise<ReportTotals> => {
      const rows: ReportRow[] = [];
      for (let page = 1; ; page++) {
        const answer = await report(who, { ...query, page });
        rows.push(...answer.reports);
        if (page >= answer.pagination.pages) break;
      }
      return Object.fromEntries(REPORT_TOTALLED.map((f) => [f, rows.reduce((sum, row) => sum + row[f], 0)])) as ReportTotals;
    };

    const first = await report('gestor', { billingTarget: 'serviceProvider' });
    const second = await report('gestor', { billingTarget: 'serviceProvider', page: 2 });
    expect(first.pagination.pages).toBe(2);
    expect(second.totals).toEqual(first.totals);
    expect(first.totals).toEqual(await summed('gestor', { billingTarget: 'serviceProvider' }));
    // Against the fixture itself: the provider side's total of every mission of the period, toll = plan's + typed.
    const ns = [...Array.from({ length: total }, (_, i) => i), sul];
    expect(first.totals.finalCost).toBe(ns.reduce((sum, n) => sum + sideValues(n, 'serviceProvider').finalCostCents, 0));
    expect(first.totals.toll).toBe(ns.length * (sideValues(0, 'serviceProvider').planTollCents + sideValues(0, 'serviceProvider').tollCents));
    expect(first.totals.timeUsage).toBe(ns.reduce((sum, n) => sum + sideValues(n, 'serviceProvider').timeUsageMinutes, 0));

    // The filter narrows the totals as it narrows the rows.
    const billed = await report('gestor', { status: 'billed' });
    expect(billed.totals).toEqual(await summed('gestor', { status: 'billed' }));
    expect(billed.totals.finalCost).toBeLessThan((await report('gestor')).totals.finalCost);
    // A provider's totals are its own side of its own missions: never the competitor's, never the shipper's.
    const own = await report('prestador', { billingTarget: 'shipper' });
    expect(own.totals).toEqual(await summed('prestador'));
    expect(own.totals.finalCost).toBe(ns.slice(0, -1).reduce((sum, n) => sum + sideValues(n, 'serviceProvider').finalCostCents, 0));
    expect((await report('sul')).totals.finalCost).toBe(sideValues(sul, 'serviceProvider').finalCostCents);
    // Another tenant's totals are its own.
    expect((await report('norte')).totals.finalCost).toBe(sideValues(555, 'shipper').finalCostCents);
    // An empty period totals zero.
    const empty = await report('gestor', { start: day(31, 0).toISOString(), end: day(31, 1).toISOString() });
    expect(Object.values(empty.totals).every((v) => v === 0)).toBe(true);
  }, 60_000);

  it.each([
    ['no dates', {}, REPORT_DATES_REQUIRED],
    ['no end', { start: RANGE.start }, REPORT_DATES_REQUIRED],
    ['a date that is none', { ...RANGE, start: 'ontem' }, INVALID_DATE],
    ['end before start', { start: RANGE.end, end: RANGE.start }, DATE_RANGE_ORDER],
    ['an unknown status', { ...RANGE, status: ['billed', 'open'] }, INVALID_OPTION],
    ['an unknown side', { ...RANGE, billingTarget: 'admin' }, INVALID_OPTION],
    ['a company that is no id', { ...RANGE, companies: 'x'.repeat(300) }, INVALID_OPTION],
    ['page zero', { ...RANGE, page: 0 }, INVALID_OPTION],
    ['page as text', { ...RANGE, page: 'dois' }, undefined],
    ['control characters', { ...RANGE, start: '2026-03-01T00:00:00Z\u0000' }, undefined],
  ] as const)('refuses %s with 400 in Portuguese, on the page and the export', async (_name, query, message) => {
    for (const url of [BASE, `${BASE}/excel`]) {
      const response = await m.as.gestor.get(`${url}?${qs(query as Query)}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      const text = response.body;
      if (message) expect(text).toContain(message);
      else expect(text).toMatch(/inválid|não|caracteres/i);
    }
  });
});
