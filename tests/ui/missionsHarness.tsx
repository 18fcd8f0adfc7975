/**
 * The missions screen on its route over the fake API of frameworkHarness: the monitoring endpoint
 * pages and filters an in-memory list of rows like the server (status filter, 1-based pages), the
 * other missions calls answer from handlers the tests add, and the catalogue lists the new-mission
 * form reads come from collections.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';
import MissionsScreen from '../../src/custom/missions/MissionsScreen';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { MissionRow, MonitoringPage } from '../../src/domain/missions';
import { resourceEndpoints } from '../../src/resources';
import { RISK_MANAGER_ID, createFakeApi, renderApp, type FakeRequest, type TestUser } from './frameworkHarness';

export const PROVIDER_ID = 'aaaaaaaaaaaaaaaaaaaaaa09';
export const OTHER_PROVIDER_ID = 'aaaaaaaaaaaaaaaaaaaaaa0a';

let counter = 0;
/** A monitoring row; ids are 24 hex characters like the server's. */
export function missionRow(overrides: Partial<MissionRow> = {}): MissionRow {
  const n = ++counter;
  const status = overrides.storedStatus ?? 'open';
  return {
    _id: `dddddddddddddddddddd${n.toString(16).padStart(4, '0')}`,
    processNumber: `PROC-${n}`,
    status,
    storedStatus: status,
    finishingAsked: false,
    createdAt: '2026-03-05T17:30:00.000Z',
    createdAtDisplay: '05/03/2026 14:30',
    riskManager: RISK_MANAGER_ID,
    riskManagerName: 'Gestora Alfa',
    shipper: 'eeeeeeeeeeeeeeeeeeee0001',
    shipperName: 'Transportes Beta',
    franchise_plan: 'eeeeeeeeeeeeeeeeeeee0002',
    franchisePlanName: 'Escolta armada',
    requester: 'eeeeeeeeeeeeeeeeeeee0003',
    requesterNameDisplay: 'Carla Souza',
    serviceProvider: null,
    serviceProviderName: 'Em leilão',
    location: {
      zipcode: '01001000',
      address: 'Praça da Sé',
      number: 'lado ímpar',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      latitude: -23.5503,
      longitude: -46.6339,
    },
    place: { _id: 'eeeeeeeeeeeeeeeeeeee0004', name: 'Catedral da Sé' },
    unreadMessages: 0,
    ownProposal: null,
    sla: null,
    ...overrides,
  };
}

export const PAGE_SIZE = 2;

/** GET request/monitoring over `rows()` (a function, so a test can change the list between polls). */
export function monitoringAnswer(rows: MissionRow[], request: FakeRequest): MonitoringPage {
  const query = request.query ?? {};
  const page = Number(query.page ?? 1);
  const status = typeof query.status === 'string' ? query.status : undefined;
  const matching = status ? rows.filter((r) => r.status === status) : rows;
  const totalPages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  return { data: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), page, totalPages, total: matching.length };
}

export const isMonitoring = (r: FakeRequest) => r.base === 'missions' && r.path === 'request/monitoring';

function Elsewhere() {
  const params = useParams();
  return <p>{`Outra tela: ${params['*'] ?? ''}`}</p>;
}

export function renderMissions(user: TestUser, rows: () => MissionRow[], collections: Record<string, ApiRecord[]> = {}) {
  const api = createFakeApi(collections);
  api.use((request) => (isMonitoring(request) ? monitoringAnswer(rows(), request) : undefined));
  const app = renderApp({
    path: '/home/missions',
    api,
    user,
    endpoints: resourceEndpoints,
    children: (
      <Routes>
        <Route path="/home/missions" element={<MissionsScreen />} />
        <Route path="/home/*" element={<Elsewhere />} />
      </Routes>
    ),
  });
  return { api, app, user: userEvent.setup() };
}

/** The accessible names of a row's action buttons, in order. */
export async function actionsOfRow(processNumber: string): Promise<string[]> {
  const table = await screen.findByRole('table', { name: 'Missões' });
  const row = within(table).getByText(processNumber).closest('tr');
  if (!row) throw new Error(`no row ${processNumber}`);
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

export const monitoringCalls = (calls: FakeRequest[]) => calls.filter(isMonitoring);
