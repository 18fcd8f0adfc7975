/**
 * SLA clocks per phase: targets in the mission parameters (PUT /api/admin/mission/configs), the
 * clocks' inputs on the monitoring rows (who sees which), breaches written on the timeline exactly
 * once (also under concurrent sweeps and saves), and the dashboard's compliance on a fixture whose
 * every number is worked out below.
 */
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import { missionAgents, missionConfigs, missionEvents, missions, proposals, slaEnds } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import { recordSlaBreaches } from '../../server/missions/slaBreaches';
import { MIGRATIONS_DIR } from '../../server/db/migrate';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { INVALID_NUMBER, INVALID_TYPE, maxValue, minValue } from '../../src/domain/messages';
import { slaClock, type MissionEvent, type MissionRow, type MonitoringPage, type SlaTargets, type StoredMissionStatus } from '../../src/domain/missions';
import type { Dashboard } from '../../src/domain/reports/dashboard';
import { resourceEndpoints } from '../../src/resources';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { clearMissions, MISSION_ACCOUNTS, type MissionAccount } from './missionsClient';

const P = DEMO_IDS.provider; // Pronta Resposta Demo
const S = DEMO_IDS.providerSul; // Escolta Sul
const ANDRADE = CATALOGUE_IDS.shipperAndrade;
const VALE = CATALOGUE_IDS.shipperVale;
const NOW = new Date('2026-03-31T12:00:00.000Z');
const CONFIG_URL = `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`;
const REQUIRED = { cause: true, carrier: true, place: false, leadership: false };
const TARGETS: SlaTargets = { proposal: 60, accept: 30, arrival: 10, execution: 120, billing: 1440 };

const at = (iso: string, minutes = 0) => new Date(Date.parse(iso) + minutes * 60_000);

interface Spec {
  created: string;
  status: StoredMissionStatus;
  shipper: string;
  holder?: string;
  eta?: string;
  /** [action, minutes after creation, provider, to status] */
  events?: [string, number, string?, StoredMissionStatus?][];
  arrival?: number;
  norte?: boolean;
}

/** A mission written the way the app's writers leave it: proposal, then its events, then the agent. */
async function insert(db: Db, spec: Spec): Promise<string> {
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
  if (spec.holder) {
    await db
      .insert(proposals)
      .values({ mission, riskManager, serviceProvider: spec.holder, status: 'approved', missionCreatedAt: createdAt, etaTime: spec.eta ?? null });
  }
  for (const [action, minutes, provider, to] of [['created', 0] as const, ...(spec.events ?? [])]) {
    await db.insert(missionEvents).values({
      mission,
      actorName: 'Fixture',
      roleType: 'risk_manager',
      action: action as 'created',
      serviceProvider: provider ?? null,
      toStatus: to ?? null,
      createdAt: at(spec.created, minutes),
    });
  }
  if (spec.arrival !== undefined) {
    const reading = (m: number) => ({ km: 1000 + m, time: at(spec.created, m).toISOString() });
    await db.insert(missionAgents).values({
      mission,
      name: 'Agente 1',
      odometer: { start: reading(spec.arrival - 30), arrivalOnPlace: reading(spec.arrival), endOnPlace: null, end: reading(spec.arrival + 60) },
      createdAt: at(spec.created, spec.arrival),
    });
  }
  return mission;
}

/**
 * Targets (min): proposal 60, accept 30, arrival ETA + 10, execution 120, billing 1440. Now: 31/03 12:00.
 * - A Andrade, finished, held by P: proposal +20 (met), accepted +40 (20 min: met), ETA 00:30 → due
 *   +80, arrived +70 (met), finished +250 (180 min: breached), billing running for weeks (breached).
 * - B Vale, billed, held by S: proposal +90 (breached), accepted +100 (met), ETA 00:20 → due +130,
 *   arrived +150 (breached), finished +200 (met), billed +400 (200 min: met).
 * - C Andrade, open, created 30 min ago: proposal running on time (green at 50%: not measured).
 * - D Vale, open, created 2 h ago: proposal running past its hour (breached).
 * - E Andrade, canceled while open: its proposal phase skipped (not measured).
 * - F Vale, started, held by S: proposal +10 (met), accepted +20 at 10:00 (met), ETA 00:30 → due 10:40,
 *   nobody on place at 12:00 (breached, running).
 * - N Gerenciadora Norte, open for days, no targets: no clock, no breach.
 * The timeline gets the breaches running now (A billing, D proposal, F arrival); A's execution and
 * B's proposal and arrival ended late weeks ago, before there were targets: the dashboard counts
 * them, the timeline does not judge them after the fact.
 */
const A: Spec = {
  created: '2026-01-10T12:00:00Z', status: 'finished', shipper: ANDRADE, holder: P, eta: '00:30', arrival: 70,
  events: [['proposal_completed', 20, P], ['accepted', 40, P], ['finished', 250, P]],
};
const B: Spec = {
  created: '2026-02-05T10:00:00Z', status: 'billed', shipper: VALE, holder: S, eta: '00:20', arrival: 150,
  events: [['proposal_completed', 90, S], ['accepted', 100, S], ['finished', 200, S], ['billed_shipper', 300, S, 'billed_shipper'], ['billed_provider', 400, S, 'billed']],
};
const C: Spec = { created: '2026-03-31T11:30:00Z', status: 'open', shipper: ANDRADE };
const D: Spec = { created: '2026-03-31T10:00:00Z', status: 'open', shipper: VALE };
const E: Spec = { created: '2026-01-15T08:00:00Z', status: 'canceled', shipper: ANDRADE, events: [['canceled', 5]] };
const F: Spec = {
  created: '2026-03-31T09:40:00Z', status: 'started', shipper: VALE, holder: S, eta: '00:30',
  events: [['proposal_completed', 10, S], ['accepted', 20, S]],
};
const N: Spec = { created: '2026-03-20T08:00:00Z', status: 'open', shipper: CATALOGUE_IDS.shipperNorte, norte: true };
/** Written once the targets are in force: its execution (180 min) ended late three days before the sweep first looks. */
const L: Spec = {
  created: '2026-03-28T08:00:00Z', status: 'billed', shipper: ANDRADE, holder: P, eta: '00:30', arrival: 70,
  events: [['proposal_completed', 20, P], ['accepted', 40, P], ['finished', 250, P], ['billed_shipper', 300, P, 'billed_shipper'], ['billed_provider', 400, P, 'billed']],
};

let t: TestApp;
let as: Record<MissionAccount, Client>;
const ids: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'N' | 'L', string> = { A: '', B: '', C: '', D: '', E: '', F: '', N: '', L: '' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = NOW;
  await clearMissions(t);
  // Targets off while the fixture is written, so nothing is judged before the test sets them.
  await t.database.db.update(missionConfigs).set({ slaProposal: null, slaAccept: null, slaArrival: null, slaExecution: null, slaBilling: null });
  for (const [key, spec] of Object.entries({ A, B, C, D, E, F, N })) ids[key as keyof typeof ids] = await insert(t.database.db, spec);
  const entries = await Promise.all(
    (Object.keys(MISSION_ACCOUNTS) as MissionAccount[]).map(async (a) => [a, clientFor(t.app, await login(t.app, MISSION_ACCOUNTS[a]))] as const),
  );
  as = Object.fromEntries(entries) as Record<MissionAccount, Client>;
}, 120_000);
afterAll(async () => t?.close());

async function breaches(): Promise<string[]> {
  const rows = await t.database.db
    .select({ mission: missionEvents.mission, action: missionEvents.action })
    .from(missionEvents)
    .where(like(missionEvents.action, 'sla_breached_%'));
  const name = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return rows.map((r) => `${name[r.mission]}:${r.action.replace('sla_breached_', '')}`).sort();
}

const EXPECTED_BREACHES = ['A:billing', 'D:proposal', 'F:arrival'];

/** fetch over app.inject, any method: the data provider's real calls against the real app. */
function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const method = (init.method ?? 'GET') as 'GET' | 'PUT';
    const response = await app.inject({ method, url, headers, payload: typeof init.body === 'string' ? init.body : undefined });
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? '') },
    });
  };
}

async function providerFor(who: MissionAccount) {
  const token = await login(t.app, MISSION_ACCOUNTS[who]);
  const httpClient = createHttpClient({ fetch: injectFetch(t.app), getToken: () => token, sleep: () => Promise.resolve() });
  return createDataProvider({ httpClient, endpoints: resourceEndpoints });
}

describe('SLA targets in the mission parameters', () => {
  it('bad targets are refused in Portuguese and change nothing', async () => {
    const cases: [unknown, string][] = [
      ['10', INVALID_TYPE],
      [1.5, INVALID_NUMBER],
      [0, minValue(1)],
      [43_201, maxValue(43_200)],
      [true, INVALID_TYPE],
    ];
    for (const [proposal, message] of cases) {
      const response = await as.gestor.put(CONFIG_URL, { required: REQUIRED, sla: { ...TARGETS, proposal } });
      expect(response.statusCode, JSON.stringify(proposal)).toBe(400);
      expect(response.json<{ errors: ValidationIssue[] }>().errors).toEqual([expect.objectContaining({ path: 'sla.proposal', message })]);
    }
    expect((await as.gestor.put(CONFIG_URL, { required: REQUIRED, sla: 'rápido' })).statusCode).toBe(400);
    const [config] = await t.database.db.select().from(missionConfigs).where(eq(missionConfigs.id, CATALOGUE_IDS.missionConfigDemo));
    expect(config?.slaProposal).toBeNull();
    expect(await breaches()).toEqual([]);
  });

  it('only the tenant’s admin profile sets them; another tenant gets 404', async () => {
    expect((await as.operador.put(CONFIG_URL, { required: REQUIRED, sla: TARGETS })).statusCode).toBe(403);
    expect((await as.prestador.put(CONFIG_URL, { required: REQUIRED, sla: TARGETS })).statusCode).toBe(403);
    expect((await as.norte.put(CONFIG_URL, { required: REQUIRED, sla: TARGETS })).statusCode).toBe(404);
    expect(await breaches()).toEqual([]);
  });

  it('saved through the data provider, they apply at once: the phases running past them are on the timeline', async () => {
    const dp = await providerFor('gestor');
    const saved = await dp.update('configs', { id: CATALOGUE_IDS.missionConfigDemo, data: { required: REQUIRED, sla: TARGETS }, previousData: {} });
    expect((saved.data as { sla: SlaTargets }).sla).toEqual(TARGETS);
    expect(await breaches()).toEqual(EXPECTED_BREACHES);
  });
});

describe('breaches are written once', () => {
  it('concurrent sweeps and saves add none, and the database refuses a second one', async () => {
    await Promise.all([
      ...Array.from({ length: 4 }, () => recordSlaBreaches(t.database.db, NOW)),
      ...Array.from({ length: 3 }, () => as.gestor.put(CONFIG_URL, { required: REQUIRED, sla: TARGETS })),
      recordSlaBreaches(t.database.db, new Date(NOW.getTime() + 60_000)),
    ]);
    expect(await breaches()).toEqual(EXPECTED_BREACHES);
    await expect(
      t.database.db.insert(missionEvents).values({ mission: ids.D, actorName: 'x', roleType: 'admin', action: 'sla_breached_proposal', createdAt: NOW }),
    ).rejects.toThrow();
    expect(await breaches()).toEqual(EXPECTED_BREACHES);
  });

  it('a clock running out is written by the next sweep', async () => {
    // C's first proposal is due at 12:30.
    expect(await recordSlaBreaches(t.database.db, new Date('2026-03-31T12:29:59Z'))).toBe(0);
    expect(await recordSlaBreaches(t.database.db, new Date('2026-03-31T12:30:01Z'))).toBe(1);
    expect(await breaches()).toEqual(['A:billing', 'C:proposal', 'D:proposal', 'F:arrival']);
  });

  it('the timeline shows them with the chain intact; a provider sees only its own phases', async () => {
    const actions = async (who: MissionAccount, id: string) =>
      (await as[who].get(`/api/missions/${id}/events`)).json<MissionEvent[]>().map((e) => e.action).filter((a) => a.startsWith('sla_'));
    expect(await actions('gestor', ids.A)).toEqual(['sla_breached_billing']);
    // The billing phase is not the holder's business.
    expect(await actions('prestador', ids.A)).toEqual([]);
    expect(await actions('sul', ids.F)).toEqual(['sla_breached_arrival']);
    expect(await actions('gestor', ids.F)).toEqual(['sla_breached_arrival']);
    expect((await as.prestador.get(`/api/missions/${ids.F}/events`)).statusCode).toBe(404);
    const events = (await as.gestor.get(`/api/missions/${ids.D}/events`)).json<MissionEvent[]>();
    expect(events.at(-1)).toMatchObject({ action: 'sla_breached_proposal', actor: { name: 'Monitor de prazos' } });
    const verify = await as.gestor.get(`/api/reports/missionDetail/verify?missionRequestId=${ids.D}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json<{ intact: boolean; events: number }>()).toMatchObject({ intact: true, events: 2 });
  });
});

describe('the monitoring rows carry the clocks', () => {
  const rowsOf = async (who: MissionAccount) => (await as[who].get('/api/missions/request/monitoring?page=1')).json<MonitoringPage>().data;
  const clockOf = (row: MissionRow | undefined) => row?.sla && slaClock({ status: row.storedStatus, createdAt: row.createdAt, sla: row.sla }, NOW.getTime());

  it('the risk manager sees every phase and the tenant’s targets', async () => {
    const rows = await rowsOf('gestor');
    const byId = new Map(rows.map((r) => [r._id, r]));
    expect(byId.get(ids.C)?.sla?.targets).toEqual(TARGETS);
    expect(clockOf(byId.get(ids.C))).toEqual({ phase: 'proposal', color: 'green', remainingMs: 30 * 60_000, arrivesInMinutes: null, forecastLate: false });
    expect(clockOf(byId.get(ids.D))).toEqual({ phase: 'proposal', color: 'red', remainingMs: -60 * 60_000, arrivesInMinutes: null, forecastLate: false });
    expect(clockOf(byId.get(ids.A))).toMatchObject({ phase: 'billing', color: 'red' });
    expect(clockOf(byId.get(ids.F))).toEqual({ phase: 'arrival', color: 'red', remainingMs: -80 * 60_000, arrivesInMinutes: null, forecastLate: false });
    expect(byId.get(ids.B)?.sla).toMatchObject({ firstProposalAt: at(B.created, 90).toISOString(), etaMinutes: 20, billedAt: at(B.created, 400).toISOString() });
  });

  it('a provider sees clocks only on the missions it holds, and only its own phases', async () => {
    const rows = await rowsOf('prestador');
    const byId = new Map(rows.map((r) => [r._id, r]));
    expect(byId.get(ids.C)?.sla).toBeNull();
    expect(byId.get(ids.D)?.sla).toBeNull();
    expect(byId.has(ids.B)).toBe(false);
    expect(byId.has(ids.F)).toBe(false);
    const held = byId.get(ids.A)?.sla;
    expect(held).toMatchObject({ firstProposalAt: null, billedAt: null, targets: { proposal: null, accept: null, arrival: 10, execution: 120, billing: null } });
    // Its billing phase is the risk manager's business: no clock on a finished mission.
    expect(clockOf(byId.get(ids.A))).toBeNull();
    const sul = new Map((await rowsOf('sul')).map((r) => [r._id, r]));
    expect(clockOf(sul.get(ids.F))).toEqual({ phase: 'arrival', color: 'red', remainingMs: -80 * 60_000, arrivesInMinutes: null, forecastLate: false });
  });

  it('another tenant sees none of them, and its own mission has no clock without targets', async () => {
    const rows = await rowsOf('norte');
    expect(rows.map((r) => r._id)).toEqual([ids.N]);
    expect(clockOf(rows[0])).toBeNull();
  });
});

describe('compliance on the dashboard', () => {
  const PERIOD = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-03-31T23:59:59Z') };
  const line = (key: string, name: string, met: number, breached: number) => ({
    key,
    name,
    met,
    breached,
    rate: met + breached === 0 ? null : met / (met + breached),
  });

  it('per phase, per provider and per shipper for the risk manager (through the data provider)', async () => {
    const d: Dashboard = await (await providerFor('gestor')).reportsDashboard(PERIOD.start, PERIOD.end);
    // C's breach, written at 12:30:01 by the test above, counts although the dashboard is asked at 12:00.
    expect(d.sla.byPhase).toEqual([
      line('proposal', 'Primeira proposta', 2, 3),
      line('accept', 'Aceite', 3, 0),
      line('arrival', 'Chegada no local', 1, 2),
      line('execution', 'Execução', 1, 1),
      line('billing', 'Faturamento', 1, 1),
    ]);
    expect(d.sla.byProvider).toEqual([line(S, 'Escolta Sul', 1, 2), line(P, 'Pronta Resposta Demo', 1, 1)]);
    expect(d.sla.byShipper).toEqual([line(ANDRADE, 'Andrade Alimentos', 3, 3), line(VALE, 'Vale Eletrônicos', 5, 4)]);
  });

  it('a provider counts only the missions it holds and the phases it answers for', async () => {
    const response = await as.prestador.get(`/api/reports/dashboard?start=${PERIOD.start.toISOString()}&end=${PERIOD.end.toISOString()}`);
    const d = response.json<Dashboard>();
    expect(d.sla.byPhase).toEqual([line('arrival', 'Chegada no local', 1, 0), line('execution', 'Execução', 0, 1)]);
    expect(d.sla.byProvider).toEqual([line(P, 'Pronta Resposta Demo', 1, 1)]);
    expect(d.sla.byShipper).toEqual([line(ANDRADE, 'Andrade Alimentos', 1, 1)]);
  });

  it('another tenant counts nothing of them', async () => {
    const d = (await as.norte.get(`/api/reports/dashboard?start=${PERIOD.start.toISOString()}&end=${PERIOD.end.toISOString()}`)).json<Dashboard>();
    expect(d.sla.byShipper).toEqual([]);
    expect(d.sla.byPhase.every((p) => p.met + p.breached === 0)).toBe(true);
  });
});

describe('the missions the sweep looks at', () => {
  it('a mission whose breach is written is looked at again once its next phase runs late', async () => {
    // D's proposal breach is written; a proposal completed at 12:31 starts its acceptance (30 min).
    await t.database.db.insert(missionEvents).values({ mission: ids.D, actorName: 'Fixture', roleType: 'service_provider', action: 'proposal_completed', serviceProvider: P, createdAt: at(NOW.toISOString(), 31) });
    expect(await recordSlaBreaches(t.database.db, at(NOW.toISOString(), 60))).toBe(0);
    expect(await recordSlaBreaches(t.database.db, at(NOW.toISOString(), 62))).toBe(1);
    expect(await breaches()).toEqual(['A:billing', 'C:proposal', 'D:accept', 'D:proposal', 'F:arrival']);
    // Written on the row by the timeline's trigger: the sweep's index leaves D out until its phase changes again.
    const [row] = await t.database.db.select({ breached: missions.slaBreached }).from(missions).where(eq(missions.id, ids.D));
    expect(row?.breached).toEqual(['sla_breached_proposal', 'sla_breached_accept']);
  });

  it('a phase that ended late days before the sweep first looks is written once, and nothing is left to look at', async () => {
    ids.L = await insert(t.database.db, L);
    const written = await Promise.all(Array.from({ length: 3 }, () => recordSlaBreaches(t.database.db, at(NOW.toISOString(), 62))));
    expect(written.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await breaches()).toEqual(['A:billing', 'C:proposal', 'D:accept', 'D:proposal', 'F:arrival', 'L:execution']);
    // Every end was judged once (L's other phases on time): the queue is empty again.
    expect(await t.database.db.select().from(slaEnds)).toEqual([]);
    expect(await recordSlaBreaches(t.database.db, at(NOW.toISOString(), 63))).toBe(0);
  });

  it('the migration fills the breaches already on the timeline', async () => {
    await t.database.db.update(missions).set({ slaBreached: [] });
    const fill = readFileSync(join(MIGRATIONS_DIR, '0031_sla_pending.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => /^\s*UPDATE missions m SET sla_breached/m.test(statement));
    await t.database.db.execute(sql.raw(fill ?? 'select missing_fill_statement'));
    const rows = await t.database.db.select({ id: missions.id, breached: missions.slaBreached }).from(missions).where(sql`cardinality(${missions.slaBreached}) > 0`);
    const name = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    expect(rows.flatMap((r) => r.breached.map((b) => `${name[r.id]}:${b.replace('sla_breached_', '')}`)).sort()).toEqual(await breaches());
    // Nothing is written twice after it.
    expect(await recordSlaBreaches(t.database.db, at(NOW.toISOString(), 62))).toBe(0);
  });
});
