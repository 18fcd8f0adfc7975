/**
 * GET /api/reports/dashboard (docs/rules/reports.md, ours): the figures on a fixture whose every number is
 * worked out below, who sees what, bad input, and the data provider's call against the real app.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import type { Db } from '../../server/db/client';
import { missionAgents, missionBillings, missionEvents, missions, proposals } from '../../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { HttpError } from '../../src/dataProvider/HttpError';
import { DATE_RANGE_ORDER, INVALID_DATE, INVALID_TYPE } from '../../src/domain/messages';
import type { StoredMissionStatus } from '../../src/domain/missions/statuses';
import { DASHBOARD_DATES_REQUIRED, DASHBOARD_RANGE_TOO_LONG, type Dashboard } from '../../src/domain/reports/dashboard';
import { resourceEndpoints } from '../../src/resources';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { clearMissions, MISSION_ACCOUNTS, type MissionAccount } from './missionsClient';

const DASHBOARD_URL = '/api/reports/dashboard';
const START = '2026-01-01T00:00:00.000Z';
const END = '2026-03-31T23:59:59.000Z';
const PERIOD = `${DASHBOARD_URL}?start=${START}&end=${END}`;

const P = DEMO_IDS.provider; // Pronta Resposta Demo
const S = DEMO_IDS.providerSul; // Escolta Sul
const ANDRADE = CATALOGUE_IDS.shipperAndrade;
const VALE = CATALOGUE_IDS.shipperVale;
const NORTE = CATALOGUE_IDS.shipperNorte;

const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000);

interface MissionSpec {
  created: string;
  status: StoredMissionStatus;
  shipper: string;
  holder?: string;
  norte?: boolean;
  /** [action, minutes after creation, provider named by the event] */
  events?: [string, number, string?][];
  eta?: string;
  /** Agents' arrivalOnPlace, minutes after creation. */
  arrivals?: number[];
  shipperCost?: [number, 'created' | 'priced' | 'billed'];
  providerCost?: number;
}

async function insert(db: Db, spec: MissionSpec): Promise<string> {
  const riskManager = spec.norte ? DEMO_IDS.riskManagerNorte : DEMO_IDS.riskManager;
  const createdAt = at(spec.created);
  const [row] = await db
    .insert(missions)
    .values({
      riskManager,
      shipper: spec.shipper,
      franchisePlan: spec.norte ? fixedId(0x41, 4) : CATALOGUE_IDS.planAndrade,
      requester: spec.norte ? CATALOGUE_IDS.requesterNorte : '5f0000240000000000000001',
      status: spec.status,
      serviceProvider: spec.holder ?? null,
      city: 'São Paulo',
      state: 'SP',
      createdAt,
    })
    .returning({ id: missions.id });
  const mission = row!.id;
  const events: [string, number, string?][] = [['created', 0], ...(spec.events ?? [])];
  for (const [action, minutes, provider] of events) {
    await db.insert(missionEvents).values({
      mission,
      actorName: 'Fixture',
      roleType: 'risk_manager',
      action: action as 'created',
      serviceProvider: provider ?? null,
      createdAt: at(spec.created, minutes),
    });
  }
  if (spec.holder && spec.eta !== undefined) {
    await db.insert(proposals).values({ mission, riskManager, serviceProvider: spec.holder, status: 'approved', missionCreatedAt: createdAt, etaTime: spec.eta });
  }
  for (const [i, minutes] of (spec.arrivals ?? []).entries()) {
    const reading = (m: number) => ({ km: 1000 + m, time: at(spec.created, m).toISOString() });
    await db.insert(missionAgents).values({
      mission,
      name: `Agente ${i + 1}`,
      odometer: { start: reading(minutes - 30), arrivalOnPlace: reading(minutes), endOnPlace: null, end: reading(minutes + 60) },
      createdAt: at(spec.created, i),
    });
  }
  const billing = { mission, riskManager, missionCreatedAt: createdAt };
  if (spec.shipperCost) {
    const [cents, status] = spec.shipperCost;
    await db.insert(missionBillings).values({ ...billing, type: 'shipper', company: spec.shipper, status, finalCostCents: status === 'created' ? 0 : cents });
  }
  if (spec.providerCost !== undefined && spec.holder) {
    await db.insert(missionBillings).values({ ...billing, type: 'serviceProvider', company: spec.holder, status: 'priced', finalCostCents: spec.providerCost });
  }
  return mission;
}

/**
 * The fixture (period January–March 2026), with what each figure must come to:
 * - M1 Andrade, finished, held by P: Escolta Sul was accepted at +20, the mission reopened, P
 *   accepted at +30 and finished at +150. P promised 00:40 → 13:10 (holder's acceptance + eta);
 *   first agent on place at 13:05 (the second at 13:20) → kept. Costs 500,00 / P's side 300,00.
 * - M2 Vale, billed, held by P: accepted +90, finished +270; eta 00:30 → arrival +130 > +120 → not
 *   kept. 700,00 / 400,00.
 * - M3 Andrade, started, held by Escolta Sul: accepted +60; eta but no agent → not measurable.
 * - M4 Andrade, open. M5 Vale, canceled, nobody held it.
 * - M6 Andrade, finished, held by P, created 2026-03-01 02:00 UTC = 28/02 23:00 in São Paulo, so
 *   its costs fall in 2026-02: accepted +10, finished +60, no eta. 200,00 / 100,00.
 * - M9 Vale, finished, held by P, shipper side only 'created' (not priced yet): counted nowhere in costs.
 * - M7 before the period (31/12/2025 23:00 UTC): counted nowhere.
 * - M8 Gerenciadora Norte, finished, no events, 123,45.
 */
const FIXTURE: MissionSpec[] = [
  {
    created: '2026-01-10T12:00:00Z', status: 'finished', shipper: ANDRADE, holder: P,
    events: [['accepted', 20, S], ['reopened', 25], ['accepted', 30, P], ['finished', 150]],
    eta: '00:40', arrivals: [65, 80], shipperCost: [50000, 'priced'], providerCost: 30000,
  },
  {
    created: '2026-02-05T10:00:00Z', status: 'billed', shipper: VALE, holder: P,
    events: [['accepted', 90, P], ['finished', 270]], eta: '00:30', arrivals: [130], shipperCost: [70000, 'billed'], providerCost: 40000,
  },
  { created: '2026-02-20T08:00:00Z', status: 'started', shipper: ANDRADE, holder: S, events: [['accepted', 60, S]], eta: '01:00' },
  { created: '2026-02-21T08:00:00Z', status: 'open', shipper: ANDRADE },
  { created: '2026-01-15T08:00:00Z', status: 'canceled', shipper: VALE, events: [['canceled', 5]] },
  {
    created: '2026-03-01T02:00:00Z', status: 'finished', shipper: ANDRADE, holder: P,
    events: [['accepted', 10, P], ['finished', 60]], shipperCost: [20000, 'priced'], providerCost: 10000,
  },
  {
    created: '2026-03-10T08:00:00Z', status: 'finished', shipper: VALE, holder: P,
    events: [['accepted', 50, P], ['finished', 110]], shipperCost: [0, 'created'],
  },
  {
    created: '2025-12-31T23:00:00Z', status: 'finished', shipper: ANDRADE, holder: P,
    events: [['accepted', 1, P], ['finished', 2]], eta: '00:01', arrivals: [500], shipperCost: [99999, 'priced'], providerCost: 99999,
  },
  { created: '2026-01-20T08:00:00Z', status: 'finished', shipper: NORTE, norte: true, shipperCost: [12345, 'priced'] },
];

let t: TestApp;
let as: Record<MissionAccount, Client>;
beforeAll(async () => {
  t = await createTestApp();
  await clearMissions(t);
  for (const spec of FIXTURE) await insert(t.database.db, spec);
  const entries = await Promise.all(
    (Object.keys(MISSION_ACCOUNTS) as MissionAccount[]).map(async (a) => [a, clientFor(t.app, await login(t.app, MISSION_ACCOUNTS[a]))] as const),
  );
  as = Object.fromEntries(entries) as Record<MissionAccount, Client>;
}, 120_000);
afterAll(async () => t?.close());

async function dashboardOf(who: MissionAccount, url = PERIOD): Promise<Dashboard> {
  const response = await as[who].get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Dashboard>();
}

const countsOf = (d: Dashboard) => Object.fromEntries(d.statusCounts.filter((s) => s.count > 0).map((s) => [s.status, s.count]));

describe('dashboard figures', () => {
  it('counts, averages, costs and ranking for a risk manager', async () => {
    const d = await dashboardOf('gestor');
    expect(d.statusCounts.map((s) => s.status)).toEqual(['open', 'started', 'finished', 'billed_shipper', 'billed_provider', 'billed', 'canceled']);
    expect(d.statusCounts.find((s) => s.status === 'billed')?.label).toBe('Faturado');
    expect(countsOf(d)).toEqual({ open: 1, started: 1, finished: 3, billed: 1, canceled: 1 });
    // First acceptances: 20, 90, 60, 10, 50 → 46; finishes: 150, 270, 60, 110 → 147,5.
    expect(d.averages.openToAcceptedMinutes).toBeCloseTo(46, 6);
    expect(d.averages.openToFinishedMinutes).toBeCloseTo(147.5, 6);
    expect(d.costSide).toBe('shipper');
    expect(d.costPerShipper).toEqual([
      { month: '2026-01', shipper: ANDRADE, shipperName: 'Andrade Alimentos', totalCents: 50000 },
      { month: '2026-02', shipper: ANDRADE, shipperName: 'Andrade Alimentos', totalCents: 20000 },
      { month: '2026-02', shipper: VALE, shipperName: 'Vale Eletrônicos', totalCents: 70000 },
    ]);
    // P: held M1, M2, M6, M9 — its own acceptances 30, 90, 10, 50 → 45; ETA measurable on M1 (kept), M2 (not).
    expect(d.providerRanking).toEqual([
      { serviceProvider: P, name: 'Pronta Resposta Demo', missions: 4, avgAcceptMinutes: 45, etaKeptRate: 0.5 },
      { serviceProvider: S, name: 'Escolta Sul', missions: 1, avgAcceptMinutes: 60, etaKeptRate: null },
    ]);
  });

  it('a provider sees only the missions it holds, its own ranking row and its own side of the money', async () => {
    const d = await dashboardOf('prestador');
    expect(countsOf(d)).toEqual({ finished: 3, billed: 1 });
    // M1 20 (Escolta Sul's earlier acceptance is still the mission's first), 90, 10, 50.
    expect(d.averages.openToAcceptedMinutes).toBeCloseTo(42.5, 6);
    expect(d.averages.openToFinishedMinutes).toBeCloseTo(147.5, 6);
    expect(d.costSide).toBe('serviceProvider');
    expect(d.costPerShipper).toEqual([
      { month: '2026-01', shipper: ANDRADE, shipperName: 'Andrade Alimentos', totalCents: 30000 },
      { month: '2026-02', shipper: ANDRADE, shipperName: 'Andrade Alimentos', totalCents: 10000 },
      { month: '2026-02', shipper: VALE, shipperName: 'Vale Eletrônicos', totalCents: 40000 },
    ]);
    expect(d.providerRanking.map((r) => r.serviceProvider)).toEqual([P]);

    const sul = await dashboardOf('sul');
    expect(countsOf(sul)).toEqual({ started: 1 });
    expect(sul.averages).toEqual({ openToAcceptedMinutes: 60, openToFinishedMinutes: null });
    expect(sul.costPerShipper).toEqual([]);
    expect(sul.providerRanking).toEqual([{ serviceProvider: S, name: 'Escolta Sul', missions: 1, avgAcceptMinutes: 60, etaKeptRate: null }]);
  });

  it('another tenant sees its own only; the admin sees every tenant', async () => {
    const norte = await dashboardOf('norte');
    expect(countsOf(norte)).toEqual({ finished: 1 });
    expect(norte.averages).toEqual({ openToAcceptedMinutes: null, openToFinishedMinutes: null });
    expect(norte.costPerShipper).toEqual([{ month: '2026-01', shipper: NORTE, shipperName: 'Amazônia Pescados', totalCents: 12345 }]);
    expect(norte.providerRanking).toEqual([]);

    const admin = await dashboardOf('admin');
    expect(countsOf(admin)).toEqual({ open: 1, started: 1, finished: 4, billed: 1, canceled: 1 });
    expect(admin.costPerShipper.map((c) => c.totalCents)).toEqual([12345, 50000, 20000, 70000]);
    expect(admin.providerRanking.map((r) => r.missions)).toEqual([4, 1]);

    const operador = await dashboardOf('operador');
    expect(countsOf(operador)).toEqual(countsOf(await dashboardOf('gestor')));
  });

  it('counts the period inclusively and nothing outside it', async () => {
    const d = await dashboardOf('gestor', `${DASHBOARD_URL}?start=2025-12-31T23:00:00.000Z&end=2025-12-31T23:00:00.000Z`);
    expect(countsOf(d)).toEqual({ finished: 1 });
    expect(d.providerRanking).toEqual([{ serviceProvider: P, name: 'Pronta Resposta Demo', missions: 1, avgAcceptMinutes: 1, etaKeptRate: 0 }]);
    const empty = await dashboardOf('gestor', `${DASHBOARD_URL}?start=2020-01-01T00:00:00Z&end=2020-02-01T00:00:00Z`);
    expect(countsOf(empty)).toEqual({});
    expect(empty).toMatchObject({ averages: { openToAcceptedMinutes: null, openToFinishedMinutes: null }, costPerShipper: [], providerRanking: [] });
  });

  it('refuses the tech profile and anonymous callers', async () => {
    expect((await as.ti.get(PERIOD)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: PERIOD })).statusCode).toBe(401);
  });
});

describe('dashboard bad input', () => {
  const cases: [string, string][] = [
    ['', DASHBOARD_DATES_REQUIRED],
    [`start=${START}`, DASHBOARD_DATES_REQUIRED],
    [`start=ontem&end=${END}`, INVALID_DATE],
    [`start=${START}&end=2026-13-45T00:00:00Z`, INVALID_DATE],
    [`start=${END}&end=${START}`, DATE_RANGE_ORDER],
    [`start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:01Z`, DASHBOARD_RANGE_TOO_LONG],
    [`start=${START}&start=${START}&end=${END}`, INVALID_TYPE],
    [`start=${encodeURIComponent(`${START}\u0000`)}&end=${END}`, ''],
    [`start=${'9'.repeat(5000)}&end=${END}`, ''],
  ];
  it.each(cases)('?%s → 400 in Portuguese', async (query, message) => {
    const response = await as.gestor.get(`${DASHBOARD_URL}?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: { message: string }[] }>();
    const messages = body.errors.map((e) => e.message);
    if (message) expect(messages).toContain(message);
    else expect(messages.join(' ')).toMatch(/[a-zà-ú]{3,}/i);
  });

  it('accepts exactly one year', async () => {
    expect((await as.gestor.get(`${DASHBOARD_URL}?start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:00Z`)).statusCode).toBe(200);
  });
});

/** A fetch over app.inject, so the real http client and data provider cross the real routes. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await app.inject({ method: 'GET', url, headers });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
  };
}

describe('dashboard through the data provider', () => {
  const providerFor = async (who: MissionAccount) => {
    const token = await login(t.app, MISSION_ACCOUNTS[who]);
    const httpClient = createHttpClient({ fetch: injectFetch(t.app), getToken: () => token, sleep: () => Promise.resolve() });
    return createDataProvider({ httpClient, endpoints: resourceEndpoints });
  };

  it('sends the period as ISO instants and reads the answer the screen draws', async () => {
    const dp = await providerFor('gestor');
    const d = await dp.reportsDashboard(new Date(START), new Date(END));
    expect(d.start).toBe(START);
    expect(d.providerRanking[0]).toMatchObject({ name: 'Pronta Resposta Demo', etaKeptRate: 0.5 });
    expect(d.costPerShipper).toHaveLength(3);
  });

  it('surfaces the server refusals as HttpError with their messages', async () => {
    const dp = await providerFor('gestor');
    await expect(dp.reportsDashboard(new Date(END), new Date(START))).rejects.toMatchObject({ status: 400, message: DATE_RANGE_ORDER });
    const ti = await providerFor('ti');
    await expect(ti.reportsDashboard(new Date(START), new Date(END))).rejects.toBeInstanceOf(HttpError);
  });
});
