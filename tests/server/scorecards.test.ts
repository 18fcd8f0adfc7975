/**
 * GET /api/reports/scorecards… (ours): every figure of a fixture whose numbers are worked out
 * below, who sees which scorecard, the Excel export, bad input, and the data provider's calls
 * against the real app.
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import type { Db } from '../../server/db/client';
import { missionAgents, missionBillings, missionEvents, missions, proposals, serviceProviders } from '../../server/db/schema';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { DATE_RANGE_ORDER, INVALID_DATE } from '../../src/domain/messages';
import type { StoredMissionStatus } from '../../src/domain/missions/statuses';
import { DASHBOARD_DATES_REQUIRED, DASHBOARD_RANGE_TOO_LONG } from '../../src/domain/reports/dashboard';
import type { ProviderScorecard, ScorecardFigures, ScorecardRanking } from '../../src/domain/reports/scorecards';
import { SLA_BREACH_ACTIONS } from '../../src/domain/missions/sla';
import { resourceEndpoints } from '../../src/resources';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { clearMissions, MISSION_ACCOUNTS, type MissionAccount } from './missionsClient';

const URL_BASE = '/api/reports/scorecards';
const START = '2026-01-01T00:00:00.000Z';
const END = '2026-03-31T23:59:59.000Z';
const PERIOD = `start=${START}&end=${END}`;

const P = DEMO_IDS.provider; // Pronta Resposta Demo
const S = DEMO_IDS.providerSul; // Escolta Sul

const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000);

interface MissionSpec {
  created: string;
  status: StoredMissionStatus;
  holder?: string;
  norte?: boolean;
  /** [action, minutes after creation, provider named by the event] */
  events?: [string, number, string?][];
  eta?: string;
  /** The first agent's arrivalOnPlace, minutes after creation. */
  arrival?: number;
  providerCost?: [number, 'priced' | 'billed'];
}

async function insert(db: Db, spec: MissionSpec): Promise<void> {
  const riskManager = spec.norte ? DEMO_IDS.riskManagerNorte : DEMO_IDS.riskManager;
  const createdAt = at(spec.created);
  const [row] = await db
    .insert(missions)
    .values({
      riskManager,
      shipper: spec.norte ? CATALOGUE_IDS.shipperNorte : CATALOGUE_IDS.shipperAndrade,
      franchisePlan: spec.norte ? fixedId(0x41, 4) : CATALOGUE_IDS.planAndrade,
      requester: spec.norte ? CATALOGUE_IDS.requesterNorte : '5f0000240000000000000001',
      status: spec.status,
      serviceProvider: spec.holder ?? null,
      createdAt,
    })
    .returning({ id: missions.id });
  const mission = row!.id;
  for (const [action, minutes, provider] of [['created', 0] as [string, number], ...(spec.events ?? [])]) {
    await db.insert(missionEvents).values({
      mission,
      actorName: 'Fixture',
      roleType: 'risk_manager',
      // The SLA events come from another part of the system; the log stores any kind as text.
      action: action as 'created',
      serviceProvider: provider ?? null,
      createdAt: at(spec.created, minutes),
    });
  }
  if (spec.holder && spec.eta !== undefined) {
    await db.insert(proposals).values({ mission, riskManager, serviceProvider: spec.holder, status: 'approved', missionCreatedAt: createdAt, etaTime: spec.eta });
  }
  if (spec.arrival !== undefined) {
    const reading = (m: number) => ({ km: 1000 + m, time: at(spec.created, m).toISOString() });
    await db.insert(missionAgents).values({
      mission,
      name: 'Agente',
      odometer: { start: reading(spec.arrival - 20), arrivalOnPlace: reading(spec.arrival), endOnPlace: null, end: reading(spec.arrival + 60) },
      createdAt,
    });
  }
  if (spec.providerCost && spec.holder) {
    const [cents, status] = spec.providerCost;
    await db.insert(missionBillings).values({ mission, riskManager, missionCreatedAt: createdAt, type: 'serviceProvider', company: spec.holder, status, finalCostCents: cents });
  }
}

/**
 * The fixture, Gerenciadora Demo unless said (period January–March 2026):
 * - M1 10/01 finished by P: proposals S +5, P +8; P accepted +30; ETA 00:40 → promised +70, on place +65: kept. P's side priced 300,00.
 * - M2 05/02 billed, P: proposal P +10; accepted +90; ETA 00:30 → +120, on place +130: late. Two SLA
 *   breaches: one naming nobody (→ the holder P), one naming P. P's side billed 400,00.
 * - M3 20/02 started by S: proposals S +15, P +20 (P lost); S accepted +60; one SLA breach naming nobody (→ S); ETA but no agent.
 * - M4 21/02 open, no proposals. M5 15/01: P proposed +3, accepted +12, canceled +40.
 * - M6 01/03 02:00 UTC = 28/02 23:00 in São Paulo (a February mission): P accepted +10, its side billed 100,00.
 * - M7 31/12/2025 before the period; M8 Gerenciadora Norte: counted nowhere.
 */
const FIXTURE: MissionSpec[] = [
  {
    created: '2026-01-10T12:00:00Z', status: 'finished', holder: P, eta: '00:40', arrival: 65, providerCost: [30000, 'priced'],
    events: [['proposal_completed', 5, S], ['proposal_completed', 8, P], ['accepted', 30, P], ['finished', 150, P]],
  },
  {
    created: '2026-02-05T10:00:00Z', status: 'billed', holder: P, eta: '00:30', arrival: 130, providerCost: [40000, 'billed'],
    events: [['proposal_completed', 10, P], ['accepted', 90, P], [SLA_BREACH_ACTIONS.accept, 100], [SLA_BREACH_ACTIONS.arrival, 200, P], ['finished', 270, P]],
  },
  {
    created: '2026-02-20T08:00:00Z', status: 'started', holder: S, eta: '01:00',
    events: [['proposal_completed', 15, S], ['proposal_completed', 20, P], ['accepted', 60, S], [SLA_BREACH_ACTIONS.accept, 70]],
  },
  { created: '2026-02-21T08:00:00Z', status: 'open' },
  { created: '2026-01-15T08:00:00Z', status: 'canceled', holder: P, events: [['proposal_completed', 3, P], ['accepted', 12, P], ['canceled', 40]] },
  { created: '2026-03-01T02:00:00Z', status: 'billed', holder: P, providerCost: [10000, 'billed'], events: [['accepted', 10, P], ['finished', 60, P]] },
  { created: '2025-12-31T23:00:00Z', status: 'finished', holder: P, providerCost: [99999, 'billed'], events: [['proposal_completed', 1, P], ['accepted', 2, P]] },
  { created: '2026-01-20T08:00:00Z', status: 'open', norte: true },
];

const ZERO: ScorecardFigures = {
  offered: 0, proposals: 0, won: 0, avgAcceptMinutes: null, etaKeptRate: null, slaBreaches: 0, cancellations: 0, avgCostCents: null, billedTotalCents: 0,
};
const P_TOTALS: ScorecardFigures = {
  offered: 6, proposals: 4, won: 4, avgAcceptMinutes: (30 + 90 + 12 + 10) / 4, etaKeptRate: 0.5, slaBreaches: 2, cancellations: 1,
  avgCostCents: Math.round((30000 + 40000 + 10000) / 3), billedTotalCents: 50000,
};
const S_TOTALS: ScorecardFigures = { ...ZERO, offered: 6, proposals: 2, won: 1, avgAcceptMinutes: 60, slaBreaches: 1 };
// The period starts at 01/01 00:00 UTC, still 31/12 21:00 in São Paulo: December is one of its months.
const P_MONTHS = [
  { month: '2025-12', ...ZERO },
  { month: '2026-01', ...ZERO, offered: 2, proposals: 2, won: 2, avgAcceptMinutes: 21, etaKeptRate: 1, cancellations: 1, avgCostCents: 30000 },
  { month: '2026-02', ...ZERO, offered: 4, proposals: 2, won: 2, avgAcceptMinutes: 50, etaKeptRate: 0, slaBreaches: 2, avgCostCents: 25000, billedTotalCents: 50000 },
  { month: '2026-03', ...ZERO },
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

async function json<T>(who: MissionAccount, url: string): Promise<T> {
  const response = await as[who].get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe('scorecard figures', () => {
  it('ranks the tenant providers with every figure exact', async () => {
    const ranking = await json<ScorecardRanking>('gestor', `${URL_BASE}?${PERIOD}`);
    expect(ranking).toEqual({
      start: START,
      end: END,
      rows: [
        { rank: 1, serviceProvider: P, name: 'Pronta Resposta Demo', ...P_TOTALS },
        { rank: 2, serviceProvider: S, name: 'Escolta Sul', ...S_TOTALS },
      ],
    });
  });

  it("gives one provider's months (São Paulo months, zeros included) and totals", async () => {
    const card = await json<ProviderScorecard>('gestor', `${URL_BASE}/${P}?${PERIOD}`);
    expect(card).toEqual({ serviceProvider: P, name: 'Pronta Resposta Demo', start: START, end: END, totals: P_TOTALS, months: P_MONTHS });
    const sul = await json<ProviderScorecard>('gestor', `${URL_BASE}/${S}?${PERIOD}`);
    expect(sul.totals).toEqual(S_TOTALS);
    expect(sul.months.map((m) => m.won)).toEqual([0, 0, 1, 0]);
  });

  it('counts the period inclusively: the December mission alone', async () => {
    const instant = '2025-12-31T23:00:00.000Z';
    const card = await json<ProviderScorecard>('gestor', `${URL_BASE}/${P}?start=${instant}&end=${instant}`);
    expect(card.months).toEqual([{ month: '2025-12', ...card.totals }]);
    expect(card.totals).toEqual({ ...ZERO, offered: 1, proposals: 1, won: 1, avgAcceptMinutes: 2, avgCostCents: 99999, billedTotalCents: 99999 });
  });
});

describe('who sees which scorecard', () => {
  it('a provider sees its own scorecard only: the same figures, never the ranking nor another provider', async () => {
    expect(await json<ProviderScorecard>('prestador', `${URL_BASE}/${P}?${PERIOD}`)).toEqual(await json('gestor', `${URL_BASE}/${P}?${PERIOD}`));
    expect((await as.prestador.get(`${URL_BASE}?${PERIOD}`)).statusCode).toBe(403);
    expect((await as.prestador.get(`${URL_BASE}/excel?${PERIOD}`)).statusCode).toBe(403);
    expect((await as.prestador.get(`${URL_BASE}/${S}?${PERIOD}`)).statusCode).toBe(404);
    expect((await as.prestador.get(`${URL_BASE}/${S}/excel?${PERIOD}`)).statusCode).toBe(404);
  });

  it('another tenant sees none of these providers; the platform admin sees them all', async () => {
    expect((await json<ScorecardRanking>('norte', `${URL_BASE}?${PERIOD}`)).rows).toEqual([]);
    expect((await as.norte.get(`${URL_BASE}/${P}?${PERIOD}`)).statusCode).toBe(404);
    const admin = await json<ScorecardRanking>('admin', `${URL_BASE}?${PERIOD}`);
    expect(admin.rows.map((r) => [r.serviceProvider, r.won])).toEqual([[P, 4], [S, 1]]);
  });

  it('refuses profiles other than admin, the tech profile and anonymous callers', async () => {
    for (const who of ['operador', 'sul', 'ti'] as const) {
      expect((await as[who].get(`${URL_BASE}?${PERIOD}`)).statusCode, who).toBe(403);
      expect((await as[who].get(`${URL_BASE}/${S}?${PERIOD}`)).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `${URL_BASE}?${PERIOD}` })).statusCode).toBe(401);
  });
});

async function sheetOf(who: MissionAccount, url: string) {
  const response = await as[who].get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  expect(response.headers['content-disposition']).toBe('attachment; filename="desempenho-2026-01-01-a-2026-03-31.xlsx"');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  return Array.from({ length: sheet.rowCount }, (_, i) => (sheet.getRow(i + 1).values as unknown[]).slice(1));
}

describe('scorecard Excel', () => {
  it("exports a provider's months and total as numbers", async () => {
    const rows = await sheetOf('gestor', `${URL_BASE}/${P}/excel?${PERIOD}`);
    expect(rows[0]).toEqual(['Mês', 'Missões oferecidas', 'Propostas enviadas', 'Missões ganhas', 'Tempo médio até o aceite', 'ETA cumprido', 'Violações de SLA', 'Cancelamentos', 'Custo médio por missão', 'Total faturado']);
    expect(rows.map((r) => r[0])).toEqual(['Mês', '12/2025', '01/2026', '02/2026', '03/2026', 'Total']);
    const total = rows[5]!;
    expect(total.slice(1, 4)).toEqual([6, 4, 4]);
    // A duration cell ([h]:mm) reads back as a time of Excel's day 0: 35,5 minutes.
    expect(total[4]).toEqual(new Date(Date.UTC(1899, 11, 30, 0, 35, 30)));
    expect(total.slice(5)).toEqual([0.5, 2, 1, 266.67, 500]);
    // Unknown figures stay empty cells, not zeros.
    expect(rows[4]!.slice(4, 6)).toEqual([undefined, undefined]);
    // The provider exports its own the same way.
    expect(await sheetOf('prestador', `${URL_BASE}/${P}/excel?${PERIOD}`)).toEqual(rows);
  });

  it('exports the ranking', async () => {
    const rows = await sheetOf('gestor', `${URL_BASE}/excel?${PERIOD}`);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['Posição', 'Prestadora', 'Missões oferecidas', 'Propostas enviadas', 'Missões ganhas'],
      [1, 'Pronta Resposta Demo', 6, 4, 4],
      [2, 'Escolta Sul', 6, 2, 1],
    ]);
  });
});

describe('an inactive provider', () => {
  it('leaves the ranking (screen, Excel and the platform admin’s) while its own scorecard stays readable', async () => {
    await t.database.db.update(serviceProviders).set({ active: false }).where(eq(serviceProviders.id, S));
    try {
      expect((await json<ScorecardRanking>('gestor', `${URL_BASE}?${PERIOD}`)).rows).toEqual([
        { rank: 1, serviceProvider: P, name: 'Pronta Resposta Demo', ...P_TOTALS },
      ]);
      expect((await json<ScorecardRanking>('admin', `${URL_BASE}?${PERIOD}`)).rows.map((r) => r.serviceProvider)).toEqual([P]);
      expect((await sheetOf('gestor', `${URL_BASE}/excel?${PERIOD}`)).map((r) => r.slice(0, 2))).toEqual([
        ['Posição', 'Prestadora'],
        [1, 'Pronta Resposta Demo'],
      ]);
      expect((await json<ProviderScorecard>('gestor', `${URL_BASE}/${S}?${PERIOD}`)).totals).toEqual(S_TOTALS);
    } finally {
      await t.database.db.update(serviceProviders).set({ active: true }).where(eq(serviceProviders.id, S));
    }
  });
});

describe('scorecard bad input', () => {
  const cases: [string, string][] = [
    ['', DASHBOARD_DATES_REQUIRED],
    [`start=${START}`, DASHBOARD_DATES_REQUIRED],
    [`start=ontem&end=${END}`, INVALID_DATE],
    [`start=${END}&end=${START}`, DATE_RANGE_ORDER],
    [`start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:01Z`, DASHBOARD_RANGE_TOO_LONG],
    [`start=${encodeURIComponent(`${START}\u0000`)}&end=${END}`, ''],
    [`start=${'9'.repeat(5000)}&end=${END}`, ''],
  ];
  it.each(cases)('?%s → 400 in Portuguese, on the ranking and on a scorecard', async (query, message) => {
    for (const url of [`${URL_BASE}?${query}`, `${URL_BASE}/${P}?${query}`, `${URL_BASE}/${P}/excel?${query}`]) {
      const response = await as.gestor.get(url);
      expect(response.statusCode, url).toBe(400);
      const messages = response.json<{ errors: { message: string }[] }>().errors.map((e) => e.message);
      if (message) expect(messages).toContain(message);
      else expect(messages.join(' ')).toMatch(/[a-zà-ú]{3,}/i);
    }
  });

  it('answers 404 in Portuguese for an id that is no provider', async () => {
    for (const id of ['abc', '0'.repeat(24), encodeURIComponent('\u0001x'), 'x'.repeat(90)]) {
      const response = await as.gestor.get(`${URL_BASE}/${id}?${PERIOD}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: 'Prestadora não encontrada.' });
    }
  });
});

/** A fetch over app.inject, so the real http client and data provider cross the real routes. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await app.inject({ method: 'GET', url, headers });
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
  };
}

describe('scorecards through the data provider', () => {
  const providerFor = async (who: MissionAccount) => {
    const token = await login(t.app, MISSION_ACCOUNTS[who]);
    const httpClient = createHttpClient({ fetch: injectFetch(t.app), getToken: () => token, sleep: () => Promise.resolve() });
    return createDataProvider({ httpClient, endpoints: resourceEndpoints });
  };

  it('reads the ranking and a scorecard the screens draw, and the workbook bytes', async () => {
    const dp = await providerFor('gestor');
    const ranking = await dp.scorecardRanking(new Date(START), new Date(END));
    expect(ranking.rows.map((r) => r.name)).toEqual(['Pronta Resposta Demo', 'Escolta Sul']);
    const card = await dp.providerScorecard(P, new Date(START), new Date(END));
    expect(card.totals).toEqual(P_TOTALS);
    const file = await dp.scorecardExcel(P, new Date(START), new Date(END));
    expect(file.name).toBe('desempenho-2026-01-01-a-2026-03-31.xlsx');
    expect(file.blob.size).toBeGreaterThan(1000);
  });

  it('surfaces refusals with their messages', async () => {
    const dp = await providerFor('prestador');
    await expect(dp.providerScorecard(S, new Date(START), new Date(END))).rejects.toMatchObject({ status: 404, message: 'Prestadora não encontrada.' });
    await expect(dp.scorecardRanking(new Date(END), new Date(START))).rejects.toMatchObject({ status: 400, message: DATE_RANGE_ORDER });
  });
});
