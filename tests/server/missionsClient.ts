import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { MissionDetail, MissionEvent, Proposal } from '../../src/domain/missions';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import type { Config } from '../../server/config';

/** The accounts the missions tests act as (server/demo/seed.ts DEMO_USERS). */
export const MISSION_ACCOUNTS = {
  admin: 'admin@demo.com.br',
  gestor: 'gestor@demo.com.br',
  operador: 'operador@demo.com.br',
  /** Pronta Resposta Demo. */
  prestador: 'prestador@demo.com.br',
  /** Escolta Sul, the other provider of the demo tenant. */
  sul: 'prestador2@demo.com.br',
  /** Gerenciadora Norte: another tenant. */
  norte: 'gestor.norte@demo.com.br',
  /** Tech profile of the demo tenant: no missions area (docs/rules/missions.md). */
  ti: 'ti@demo.com.br',
} as const;
export type MissionAccount = keyof typeof MISSION_ACCOUNTS;

export const BASE = '/api/missions';

/** A valid new mission of the demo tenant (its parameters require cause and carrier). */
export const missionBody = (extra: Record<string, unknown> = {}) => ({
  processNumber: 'PR-001',
  shipper: CATALOGUE_IDS.shipperAndrade,
  franchise_plan: CATALOGUE_IDS.planAndrade,
  requester: '5f0000240000000000000001',
  cause: CATALOGUE_IDS.causeRoubo,
  carrier: '5f0000210000000000000001',
  location: {
    zipcode: '01310-100',
    address: 'Avenida Paulista',
    number: '1000',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.5613,
    longitude: -46.6565,
  },
  ...extra,
});

export const proposalBody = (missionRequest: string) => ({
  missionRequest,
  status: 'completed',
  eta: { time: '00:40', distanceInKm: 12.5 },
  location: {
    zipcode: '01311-000',
    address: 'Rua Augusta',
    number: '500',
    neighborhood: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.55,
    longitude: -46.65,
  },
});

/**
 * Seeded missions would skew every count: each test starts from none (TRUNCATE passes the
 * append-only trigger). The missions' sub-collections and chat (docs/rules/missions.md) go with them.
 * Settled as
 * a request that writes is, so what the app keeps in memory has heard it on PostgreSQL too.
 */
export async function clearMissions({ database, app }: Pick<TestApp, 'database' | 'app'>): Promise<void> {
  await database.db.execute(
    sql`truncate mission_billings, mission_event_personal, mission_events, mission_fiscal_keys, proposals, mission_vehicles, mission_occurrences, mission_agents, mission_attachments, mission_messages, chat_reads, tracking_links, sla_ends, mission_alarms, missions, mission_versions`,
  );
  await app.settle();
}

export interface MissionsTest {
  t: TestApp;
  as: Record<MissionAccount, Client>;
  create(extra?: Record<string, unknown>): Promise<MissionDetail>;
  propose(who: MissionAccount, mission: string): Promise<Proposal>;
  /** A started mission held by `holder` (proposal completed and accepted), lost by Escolta Sul (its notice rejected). */
  started(holder?: MissionAccount): Promise<MissionDetail>;
  events(mission: string): Promise<MissionEvent[]>;
}

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>, status: number): Promise<T> {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return r.json<T>();
}

/**
 * One app per file, every account logged in once, missions cleared before each test. The demo
 * catalogues and users are seeded once: mission routes never write them, and a full reset (seed,
 * password hashing) per test would cost more than the tests.
 */
/** `config`: settings of the app, read when it is built (e.g. an S3 server started by the file). */
export function useMissionsApp(ready: (m: MissionsTest) => void, config: () => Partial<Config> = () => ({})): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(config());
    const t = app;
    const entries = await Promise.all(
      (Object.keys(MISSION_ACCOUNTS) as MissionAccount[]).map(
        async (account) => [account, clientFor(t.app, await login(t.app, MISSION_ACCOUNTS[account]))] as const,
      ),
    );
    const as = Object.fromEntries(entries) as Record<MissionAccount, Client>;
    const m: MissionsTest = {
      t,
      as,
      create: (extra) => ok(as.gestor.post(`${BASE}/request`, missionBody(extra)), 201),
      propose: (who, mission) => ok(as[who].post(`${BASE}/proposals`, proposalBody(mission)), 201),
      async started(holder = 'prestador') {
        const mission = await m.create();
        if (holder !== 'sul') await ok(as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }), 201);
        const proposal = await m.propose(holder, mission._id);
        return ok(
          as.gestor.put(`${BASE}/request/${mission._id}/status`, {
            missionRequest: mission._id,
            status: 'started',
            serviceProvider: proposal.serviceProvider,
          }),
          200,
        );
      },
      events: (mission) => ok(as.gestor.get(`${BASE}/${mission}/events`), 200),
    };
    ready(m);
  }, 120_000);
  afterAll(async () => app?.close());
  beforeEach(async () => {
    if (app) await clearMissions(app);
  });
}
