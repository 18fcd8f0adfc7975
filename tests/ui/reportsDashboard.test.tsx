/**
 * The reports dashboard (issue 10, ours) over the fake API: what a person reads — the waiting
 * times, the ranking, the status figures, the shippers of the cost chart — the empty period, a
 * failure with its retry, and the period's own rules. recharts measures its container with a
 * ResizeObserver; jsdom has no layout, so the observer here reports a fixed size and the charts draw.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, lazy } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { Dashboard } from '../../src/domain/reports/dashboard';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { resourceEndpoints } from '../../src/resources';
import { GESTOR_ADMIN, createFakeApi, renderApp, type FakeApi } from './frameworkHarness';

const ReportsDashboard = lazy(() => import('../../src/custom/reports/dashboard/ReportsDashboard'));

const SIZE = { width: 900, height: 300 };
class SizedResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element): void {
    this.callback([{ target, contentRect: sizedRect() } as ResizeObserverEntry], this);
  }
  unobserve(): void {}
  disconnect(): void {}
}
const originalObserver = globalThis.ResizeObserver;
const originalRect = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'getBoundingClientRect');
const sizedRect = () => ({ ...SIZE, top: 0, left: 0, right: SIZE.width, bottom: SIZE.height, x: 0, y: 0, toJSON: () => SIZE }) as DOMRect;
beforeAll(async () => {
  // The lazy chunks (the dashboard with recharts, the date pickers) load once here, not inside the first test's wait.
  await Promise.all([import('../../src/custom/reports/dashboard/ReportsDashboard'), import('../../src/custom/missions/DateTimeFilterPicker')]);
  globalThis.ResizeObserver = SizedResizeObserver;
  window.ResizeObserver = globalThis.ResizeObserver;
  Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', { configurable: true, value: sizedRect });
}, 60_000);
afterAll(() => {
  globalThis.ResizeObserver = originalObserver;
  window.ResizeObserver = originalObserver;
  if (originalRect) Object.defineProperty(HTMLElement.prototype, 'getBoundingClientRect', originalRect);
  else Reflect.deleteProperty(HTMLElement.prototype, 'getBoundingClientRect');
});

const NOW = new Date('2026-04-01T12:00:00.000Z');

const ANSWER: Dashboard = {
  start: '2026-01-01T12:00:00.000Z',
  end: NOW.toISOString(),
  statusCounts: [
    { status: 'open', label: 'Solicitado', count: 2 },
    { status: 'started', label: 'Em andamento', count: 1 },
    { status: 'finished', label: 'Finalizado', count: 4 },
    { status: 'billed_shipper', label: 'Faturado Cliente', count: 0 },
    { status: 'billed_provider', label: 'Faturado Prestadora', count: 0 },
    { status: 'billed', label: 'Faturado', count: 1 },
    { status: 'canceled', label: 'Cancelado', count: 0 },
  ],
  averages: { openToAcceptedMinutes: 46, openToFinishedMinutes: 1805 },
  costSide: 'shipper',
  costPerShipper: [
    { month: '2026-01', shipper: 'a', shipperName: 'Andrade Alimentos', totalCents: 50000 },
    { month: '2026-02', shipper: 'b', shipperName: 'Vale Eletrônicos', totalCents: 70000 },
  ],
  providerRanking: [
    { serviceProvider: 'p1', name: 'Pronta Resposta Demo', missions: 4, avgAcceptMinutes: 45, etaKeptRate: 0.5 },
    { serviceProvider: 'p2', name: 'Escolta Sul', missions: 1, avgAcceptMinutes: 60, etaKeptRate: null },
  ],
  sla: {
    byPhase: [
      { key: 'proposal', name: 'Primeira proposta', met: 3, breached: 1, rate: 0.75 },
      { key: 'accept', name: 'Aceite', met: 0, breached: 0, rate: null },
    ],
    byProvider: [{ key: 'p1', name: 'Pronta Resposta Demo', met: 1, breached: 1, rate: 0.5 }],
    byShipper: [{ key: 'a', name: 'Andrade Alimentos', met: 4, breached: 2, rate: 4 / 6 }],
  },
};

const EMPTY: Dashboard = {
  ...ANSWER,
  statusCounts: ANSWER.statusCounts.map((s) => ({ ...s, count: 0 })),
  averages: { openToAcceptedMinutes: null, openToFinishedMinutes: null },
  costPerShipper: [],
  providerRanking: [],
  sla: { byPhase: [], byProvider: [], byShipper: [] },
};

function renderDashboard(answer: (query: Record<string, unknown>) => unknown): FakeApi {
  const api = createFakeApi();
  api.use((r) => (r.base === 'reports' && r.path === 'dashboard' ? answer(r.query ?? {}) : undefined));
  renderApp({
    path: '/home/reports',
    api,
    endpoints: resourceEndpoints,
    user: GESTOR_ADMIN,
    children: (
      <Suspense fallback={<p>Carregando painel</p>}>
        <ReportsDashboard now={() => NOW} />
      </Suspense>
    ),
  });
  return api;
}

const dashboardCalls = (api: FakeApi) => api.calls.filter((c) => c.base === 'reports' && c.path === 'dashboard');

describe('reports dashboard', () => {
  it('asks for the last 90 days and shows the waiting times, statuses, costs and ranking', async () => {
    const api = renderDashboard(() => ANSWER);
    const accepted = await screen.findByRole('region', { name: 'Tempo médio até o aceite' });
    expect(within(accepted).getByText('00:46')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tempo médio até a finalização' })).getByText('30:05')).toBeInTheDocument();
    expect(dashboardCalls(api)[0]?.query).toEqual({ start: '2026-01-01T12:00:00.000Z', end: '2026-04-01T12:00:00.000Z' });

    const statuses = within(screen.getByRole('list', { name: 'Missões por status' }));
    expect(statuses.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Solicitado: 2', 'Em andamento: 1', 'Finalizado: 4', 'Faturado: 1']);
    expect(screen.getByText('8 missões no período')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Ranking de prestadores' })).getAllByRole('row');
    expect(rows.map((r) => within(r).getAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent))).toEqual([
      ['#', 'Prestador', 'Missões', 'Tempo médio até o aceite', 'ETA cumprido'],
      ['1', 'Pronta Resposta Demo', '4', '00:45', '50%'],
      ['2', 'Escolta Sul', '1', '01:00', '—'],
    ]);

    const costs = within(screen.getByRole('region', { name: 'Custo por cliente' }));
    // The legend names the shippers drawn (recharts lays it out after its first measure).
    expect(await costs.findByText('Andrade Alimentos')).toBeInTheDocument();
    expect(costs.getByText('Vale Eletrônicos')).toBeInTheDocument();
  });

  it('each status bar carries its status and its count: its colour is never the only key', async () => {
    renderDashboard(() => ANSWER);
    const chart = (await screen.findByRole('region', { name: 'Missões por status' })).querySelector('.recharts-wrapper');
    await waitFor(() => expect(chart?.querySelectorAll('.recharts-label-list text')).toHaveLength(4));
    // A label wider than the axis wraps onto lines (tspans): read them as one text.
    const texts = (selector: string) =>
      [...(chart?.querySelectorAll(selector) ?? [])].map((node) => [...node.querySelectorAll('tspan')].map((line) => line.textContent).join(' '));
    // Top to bottom: the status beside each bar, the count at its end.
    expect(texts('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')).toEqual(['Solicitado', 'Em andamento', 'Finalizado', 'Faturado']);
    expect(texts('.recharts-label-list text')).toEqual(['2', '1', '4', '1']);
  });

  it('reads thousands in pt-BR: counts, the total and the ranking', async () => {
    renderDashboard(() => ({
      ...ANSWER,
      statusCounts: ANSWER.statusCounts.map((s) => (s.status === 'finished' ? { ...s, count: 12_345 } : s)),
      providerRanking: [{ ...ANSWER.providerRanking[0]!, missions: 12_345 }],
    }));
    const statuses = within(await screen.findByRole('list', { name: 'Missões por status' }));
    expect(statuses.getByText('Finalizado: 12.345')).toBeInTheDocument();
    expect(screen.getByText('12.349 missões no período')).toBeInTheDocument();
    const ranking = within(screen.getByRole('table', { name: 'Ranking de prestadores' }));
    expect(ranking.getByRole('cell', { name: '12.345' })).toBeInTheDocument();
  });

  it('says so when the period has nothing', async () => {
    renderDashboard(() => EMPTY);
    expect(await screen.findByText('Sem dados no período')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure with the server message and loads again on retry', async () => {
    let fail = true;
    const api = renderDashboard(() => {
      if (fail) throw new HttpError(503, { error: 'Serviço indisponível' });
      return ANSWER;
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o painel: Serviço indisponível');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Ranking de prestadores' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dashboardCalls(api)).toHaveLength(2);
  });

  it('names the provider side of the money for a provider', async () => {
    renderDashboard(() => ({ ...ANSWER, costSide: 'serviceProvider', providerRanking: ANSWER.providerRanking.slice(0, 1) }));
    expect(await screen.findByRole('region', { name: 'Valor a receber por cliente' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Escolta Sul')).not.toBeInTheDocument());
  });

  it('a start outside the years 1900–2099: the years message and no request for it', async () => {
    const api = renderDashboard(() => ANSWER);
    await screen.findByRole('table', { name: 'Ranking de prestadores' });
    const group = await screen.findByRole('group', { name: 'Início' });
    const user = userEvent.setup();
    await user.click(within(group).getAllByRole('spinbutton')[2]!);
    await user.keyboard('1899');
    expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect(dashboardCalls(api)).toHaveLength(1);
  });
});
