/**
 * The missions screen on its route over the REAL server (the contract harness's way: buildApp on a
 * migrated PGlite with the demo seed, the real http client answered through `app.inject`, the real
 * data provider and auth provider of a demo account signed in through the login endpoint). One
 * server per test file; each test starts from no missions and writes the ones it shows straight
 * to the tables (seedMission), as the server's own missions tests do. The server's request log
 * stands in for what the screen asked (monitoring pages, polls), its tables for what it stored.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq, sql } from 'drizzle-orm';
import type { ReactNode } from 'react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes, useParams, type Location } from 'react-router-dom';
import { OutboxProvider } from '../../src/layout/OutboxProvider';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { missionConfigs, missions, proposals } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS, fixedId } from '../../server/demo/seedCatalogues';
import MissionsScreen from '../../src/custom/missions/MissionsScreen';
import { createDataProvider } from '../../src/dataProvider';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import type { ProposalStatus, StoredMissionStatus } from '../../src/domain/missions';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { RaNotificationBridge } from '../../src/layout/RaNotificationBridge';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import { clearMissions } from '../server/missionsClient';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { signIn } from './contractHarness';

/** The demo accounts the screens are shown to (server/demo/seed.ts). */
export const ACCOUNTS = {
  /** Gestor Demo: risk manager, admin profile. */
  gestor: 'gestor@demo.com.br',
  /** Operador Demo: risk manager, operational profile. */
  operador: 'operador@demo.com.br',
  /** Prestador Demo of Pronta Resposta Demo. */
  prestador: 'prestador@demo.com.br',
  /** Prestador Sul of Escolta Sul, the tenant's other provider. */
  sul: 'prestador2@demo.com.br',
} as const;
export type Account = keyof typeof ACCOUNTS;

export const PROVIDER_ID = DEMO_IDS.provider;
export const OTHER_PROVIDER_ID = DEMO_IDS.providerSul;
/** The demo tenant's first place, requester and plan of Andrade Alimentos (seedCatalogues.ts). */
export const PLACE_ID = fixedId(0x22, 1);
export const REQUESTER_ID = fixedId(0x24, 1);

/** One request the server answered: what the screen asked. */
export interface ServedRequest {
  method: string;
  /** The path without the query, e.g. /api/missions/request/monitoring. */
  path: string;
  query: URLSearchParams;
}

export interface MissionsServer {
  t: TestApp;
  /** Every request the screen sent in this test, oldest first (not the fixtures' `call`s). */
  requests: ServedRequest[];
  /** Calls an endpoint as `account` (a fixture step the screen does not show). */
  call<T>(account: Account, method: string, url: string, payload?: object): Promise<T>;
}

/** Marks a fixture's request, which the request log leaves out. */
const FIXTURE = 'x-test-fixture';

/** One server for the file, missions and the request log cleared before each test. */
export function serveMissions(): MissionsServer {
  const requests: ServedRequest[] = [];
  const tokens = new Map<Account, string>();
  const server = {
    requests,
    async call<T>(account: Account, method: string, url: string, payload?: object): Promise<T> {
      let token = tokens.get(account);
      if (!token) {
        token = await login(server.t.app, ACCOUNTS[account]);
        tokens.set(account, token);
      }
      const response = await server.t.app.inject({ method: method as 'GET', url, headers: { 'x-access-token': token, [FIXTURE]: '1' }, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
      return (response.body ? response.json() : undefined) as T;
    },
  } as MissionsServer;
  beforeAll(async () => {
    server.t = await createTestApp(
      {},
      {
        setup: (app) => {
          app.addHook('onRequest', (request, _reply, done) => {
            if (!request.headers[FIXTURE]) {
              const url = new URL(request.url, 'http://localhost');
              requests.push({ method: request.method, path: url.pathname, query: url.searchParams });
            }
            done();
          });
        },
      },
    );
    // The demo tenant's SLA targets put a clock counted from now beside each status; the missions
    // here have fixed dates, so the tenant has none (the clock: tests/server/sla.test.ts, e2e/sla).
    await server.t.database.db
      .update(missionConfigs)
      .set({ slaProposal: null, slaAccept: null, slaArrival: null, slaExecution: null, slaBilling: null })
      .where(eq(missionConfigs.riskManager, DEMO_IDS.riskManager));
    await server.t.app.settle();
  }, 120_000);
  afterAll(async () => server.t?.close());
  beforeEach(async () => {
    await clearMissions(server.t);
    requests.length = 0;
  });
  return server;
}

export const MONITORING = '/api/missions/request/monitoring';
/** The monitoring pages the screen asked for, oldest first (their query). */
export const monitoringCalls = (server: MissionsServer) => server.requests.filter((r) => r.method === 'GET' && r.path === MONITORING).map((r) => r.query);
/** The requests that write, as 'METHOD path'. */
export const writes = (server: MissionsServer) =>
  server.requests.filter((r) => r.method !== 'GET' && r.path !== '/api/auth/' && r.path !== '/api/missions/live/ticket').map((r) => `${r.method} ${r.path}`);

export interface MissionSeed {
  processNumber?: string;
  status?: StoredMissionStatus;
  serviceProvider?: string | null;
  finishingAsked?: boolean;
  /** null: no place of the catalogue. */
  place?: string | null;
  createdAt?: Date;
  riskManager?: string;
}

/** 05/03/2026 14:30 in São Paulo. */
export const CREATED_AT = new Date('2026-03-05T17:30:00.000Z');
let seeded = 0;

/**
 * A mission of the demo tenant written to the table, at Praça da Sé for Andrade Alimentos. Each
 * one is a second older than the one before, so missions of the same weight list in the order
 * they were seeded.
 */
export async function seedMission(server: MissionsServer, seed: MissionSeed = {}): Promise<string> {
  seeded += 1;
  const [row] = await server.t.database.db
    .insert(missions)
    .values({
      riskManager: seed.riskManager ?? DEMO_IDS.riskManager,
      processNumber: seed.processNumber ?? `PROC-${seeded}`,
      shipper: CATALOGUE_IDS.shipperAndrade,
      franchisePlan: CATALOGUE_IDS.planAndrade,
      requester: REQUESTER_ID,
      place: seed.place === undefined ? PLACE_ID : seed.place,
      status: seed.status ?? 'open',
      serviceProvider: seed.serviceProvider ?? null,
      finishingAsked: seed.finishingAsked ?? false,
      zipcode: '01001000',
      address: 'Praça da Sé',
      number: 'lado ímpar',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      latitude: -23.5503,
      longitude: -46.6339,
      createdAt: seed.createdAt ?? new Date(CREATED_AT.getTime() - seeded * 1000),
    })
    .returning({ id: missions.id });
  if (!row) throw new Error('mission not inserted');
  // What the server keeps in memory (pages, counts) hears the write before the screen asks.
  await server.t.app.settle();
  return row.id;
}

/** A fresh id of 24 hex characters, like the server's, for rows written in bulk. */
const HEX_ID = sql`substr(md5(random()::text || clock_timestamp()::text), 1, 24)`;

/** `count` open missions in one statement (a long list for paging). */
export async function seedManyOpen(server: MissionsServer, count: number): Promise<void> {
  await server.t.database.db.execute(sql`insert into missions (id, risk_manager_id, process_number, shipper_id, franchise_plan_id, requester_id, city, state, created_at)
    select ${HEX_ID}, ${DEMO_IDS.riskManager}, 'LOTE-' || n, ${CATALOGUE_IDS.shipperAndrade}, ${CATALOGUE_IDS.planAndrade}, ${REQUESTER_ID}, 'São Paulo', 'SP',
      ${CREATED_AT}::timestamptz - n * interval '1 minute'
    from generate_series(1, ${count}) as n`);
  await server.t.app.settle();
}

/** `count` chat messages of the holder (Prestador Demo) on `mission`, unread by everyone else. */
export async function seedChat(server: MissionsServer, mission: string, count: number): Promise<void> {
  await server.t.database.db.execute(sql`insert into mission_messages (id, mission_id, sender_name, sender_role, chat_type, message)
    select ${HEX_ID}, ${mission}, 'Prestador Demo', 'service_provider', 'mission_chat', 'Mensagem ' || n from generate_series(1, ${count}) as n`);
  await server.t.app.settle();
}

/** The stored status and finishing flag of a mission. */
export async function storedMission(server: MissionsServer, id: string) {
  const [row] = await server.t.database.db
    .select({ status: missions.status, serviceProvider: missions.serviceProvider, finishingAsked: missions.finishingAsked })
    .from(missions)
    .where(eq(missions.id, id));
  return row;
}

/** Changes a mission behind the screen's back (another user's action), as the server then finds it. */
export async function setStored(server: MissionsServer, id: string, values: Partial<typeof missions.$inferInsert>): Promise<void> {
  await server.t.database.db.update(missions).set(values).where(eq(missions.id, id));
  await server.t.app.settle();
}

/** `provider`'s completed proposal on `mission`, as if sent through Propostas. */
export async function seedProposal(server: MissionsServer, mission: string, provider: string, missionCreatedAt: Date): Promise<void> {
  await server.t.database.db.insert(proposals).values({ mission, riskManager: DEMO_IDS.riskManager, serviceProvider: provider, status: 'completed', missionCreatedAt });
  await server.t.app.settle();
}

/** What became of `provider`'s proposal on `mission` (the acceptance of another's rejects it). */
export async function setProposalStatus(server: MissionsServer, mission: string, provider: string, status: ProposalStatus): Promise<void> {
  await server.t.database.db
    .update(proposals)
    .set({ status })
    .where(and(eq(proposals.mission, mission), eq(proposals.serviceProvider, provider)));
  await server.t.app.settle();
}

function Elsewhere() {
  const params = useParams();
  return <p>{`Outra tela: ${params['*'] ?? ''}`}</p>;
}

export interface RenderOptions {
  /**
   * Wraps the real http client: only for a failure the server cannot be brought to answer
   * (a 500, a network error), never to answer in the server's place.
   */
  wrap?: (real: HttpClient) => HttpClient;
  children?: ReactNode;
}

/** Signs `account` in and renders the missions screen at /home/missions with the real providers. */
export async function renderMissions(server: MissionsServer, account: Account, { wrap, children }: RenderOptions = {}) {
  const signedIn = await signIn(server.t.app, ACCOUNTS[account]);
  const httpClient = wrap ? wrap(signedIn.httpClient) : signedIn.httpClient;
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  let current: Location | undefined;
  const result = render(
    <TestMemoryRouter initialEntries={['/home/missions']} locationCallback={(l) => (current = l)}>
      <AdminContext dataProvider={dataProvider} authProvider={signedIn.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        {/* The app's frame holds the device's outbox (src/layout/Layout.tsx): the field actions go through it. */}
        <OutboxProvider>
          <Routes>
            <Route path="/home/missions" element={<MissionsScreen />} />
            <Route path="/home/*" element={<Elsewhere />} />
          </Routes>
        </OutboxProvider>
        <RaNotificationBridge />
        {children}
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return {
    ...result,
    user: userEvent.setup(),
    location: () => {
      if (!current) throw new Error('router location not reported yet');
      return current;
    },
  };
}

/** The accessible names of a row's action buttons, in order. */
export async function actionsOfRow(processNumber: string): Promise<string[]> {
  const row = await rowOf(processNumber);
  const cells = within(row).getAllByRole('cell');
  const last = cells[cells.length - 1];
  if (!last) throw new Error('no actions cell');
  return within(last)
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? '');
}

export async function rowOf(processNumber: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Missões' });
  const row = (await within(table).findByText(processNumber)).closest('tr');
  if (!row) throw new Error(`no row ${processNumber}`);
  return row;
}
