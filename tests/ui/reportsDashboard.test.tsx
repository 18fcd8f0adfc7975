/**
 * The reports dashboard (docs/rules/reports.md, ours) over the real server (contractHarness.tsx) on the demo
 * seed: what a person reads — the waiting times, the ranking, the status figures, the shippers of
 * the cost chart — the empty period, a failure with its retry, and the period's own rules. The
 * figures expected are the ones the server answers for the period the screen asks (its sums have
 * their own tests in the server suite); thousands and a failure, which the seed cannot give, come
 * from a wrapper around the real client. recharts measures its container with a ResizeObserver;
 * jsdom has no layout, so the observer here reports a fixed size and the charts draw.
 */
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, lazy } from 'react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { defaultDashboardRange, minutesToHhmm, rateToPercent, type Dashboard } from '../../src/domain/reports/dashboard';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { formatNumber } from '../../src/domain/validators/numbers';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { resourceEndpoints } from '../../src/resources';
import type { Account } from '../server/catalogueClient';
import { defined } from '../defined';
import './contractHarness';
import { createUiServer, type UiServer } from './uiServer';

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

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer();
}, 120_000);
afterAll(async () => server?.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** The screen's "now": the server's clock, so the last 90 days hold the demo missions seeded up to it. */
const now = () => server.clock.now;

/** What the server answers `account` for the screen's default period (read apart from the screen). */
async function served(account: Account = 'gestor', at: Date = now()): Promise<Dashboard> {
  const { httpClient } = await server.signedIn(account);
  const { start, end } = defaultDashboardRange(at);
  const answer = await httpClient<Dashboard>('reports', 'dashboard', { query: { start: start.toISOString(), end: end.toISOString() } });
  server.requests.length = 0;
  return answer.data;
}

async function renderDashboard({ account = 'gestor', at = now(), wrap }: { account?: Account; at?: Date; wrap?: (inner: HttpClient) => HttpClient } = {}) {
  const { httpClient, authProvider } = await server.signedIn(account);
  const dataProvider = createDataProvider({ httpClient: wrap ? wrap(httpClient) : httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={['/home/reports']}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Suspense fallback={<p>Carregando painel</p>}>
          <ReportsDashboard now={() => at} />
        </Suspense>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const dashboardCalls = () => server.requests.filter((r) => r.startsWith('GET /api/reports/dashboard'));
const shownStatuses = (answer: Dashboard) => answer.statusCounts.filter((s) => s.count > 0);

describe('reports dashboard', () => {
  it('asks for the last 90 days and shows the waiting times, statuses, costs and ranking', { timeout: 60_000 }, async () => {
    const answer = await served();
    // The seed gives every part something to show.
    expect(answer.providerRanking.length).toBeGreaterThan(1);
    expect(answer.costPerShipper.length).toBeGreaterThan(0);
    expect(answer.averages.openToAcceptedMinutes).not.toBeNull();
    await renderDashboard();
    const accepted = await screen.findByRole('region', { name: 'Tempo médio até o aceite' });
    expect(within(accepted).getByText(minutesToHhmm(answer.averages.openToAcceptedMinutes))).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Tempo médio até a finalização' })).getByText(minutesToHhmm(answer.averages.openToFinishedMinutes)),
    ).toBeInTheDocument();
    const start = new Date(now().getTime() - 90 * 24 * 60 * 60 * 1000).toISOString();
    expect(dashboardCalls()).toEqual([`GET /api/reports/dashboard?start=${encodeURIComponent(start)}&end=${encodeURIComponent(now().toISOString())}`]);

    const statuses = within(screen.getByRole('list', { name: 'Missões por status' }));
    expect(statuses.getAllByRole('listitem').map((li) => li.textContent)).toEqual(shownStatuses(answer).map((s) => `${s.label}: ${s.count}`));
    const total = answer.statusCounts.reduce((sum, s) => sum + s.count, 0);
    expect(screen.getByText(`${total} missões no período`)).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Ranking de prestadores' })).getAllByRole('row');
    expect(rows.map((r) => within(r).getAllByRole(r.querySelector('th') ? 'columnheader' : 'cell').map((c) => c.textContent))).toEqual([
      ['#', 'Prestador', 'Missões', 'Tempo médio até o aceite', 'ETA cumprido'],
      ...answer.providerRanking.map((p, i) => [String(i + 1), p.name, String(p.missions), minutesToHhmm(p.avgAcceptMinutes), rateToPercent(p.etaKeptRate)]),
    ]);

    const costs = within(screen.getByRole('region', { name: 'Custo por cliente' }));
    // The legend names the shippers drawn (recharts lays it out after its first measure).
    const shippers = [...new Set(answer.costPerShipper.map((c) => c.shipperName))];
    expect(await costs.findByText(defined(shippers[0], 'a shipper'))).toBeInTheDocument();
    for (const name of shippers) expect(costs.getByText(name)).toBeInTheDocument();
  });

  it('each status bar carries its status and its count: its colour is never the only key', { timeout: 60_000 }, async () => {
    const shown = shownStatuses(await served());
    await renderDashboard();
    const region = await screen.findByRole('region', { name: 'Missões por status' });
    // The chart is drawn once its container is measured, a moment after the card: looked for until then.
    const chart = await waitFor(() => {
      const drawn = region.querySelector('.recharts-wrapper');
      expect(drawn?.querySelectorAll('.recharts-label-list text')).toHaveLength(shown.length);
      return drawn;
    });
    // A label wider than the axis wraps onto lines (tspans): read them as one text.
    const texts = (selector: string) =>
      [...(chart?.querySelectorAll(selector) ?? [])].map((node) => [...node.querySelectorAll('tspan')].map((line) => line.textContent).join(' '));
    // Top to bottom: the status beside each bar, the count at its end.
    expect(texts('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')).toEqual(shown.map((s) => s.label));
    expect(texts('.recharts-label-list text')).toEqual(shown.map((s) => String(s.count)));
  });

  it('reads thousands in pt-BR: counts, the total and the ranking', { timeout: 60_000 }, async () => {
    // The seed has a handful of missions: the wrapper makes the server's answer count in thousands.
    const answer = await served();
    const finished = defined(answer.statusCounts.find((s) => s.status === 'finished'), 'the finished count');
    const others = answer.statusCounts.reduce((sum, s) => sum + s.count, 0) - finished.count;
    await renderDashboard({
      wrap: (inner) =>
        (async (base, path, options) => {
        const real = await inner(base, path, options);
        if (path !== 'dashboard') return real;
        const data = real.data as Dashboard;
        return {
          ...real,
          data: {
            ...data,
            statusCounts: data.statusCounts.map((s) => (s.status === 'finished' ? { ...s, count: 12_345 } : s)),
            providerRanking: [{ ...defined(data.providerRanking[0], 'a ranked provider'), missions: 12_345 }],
          },
        } as typeof real;
      }) as HttpClient,
    });
    const statuses = within(await screen.findByRole('list', { name: 'Missões por status' }));
    expect(statuses.getByText('Finalizado: 12.345')).toBeInTheDocument();
    expect(screen.getByText(`${formatNumber(12_345 + others)} missões no período`)).toBeInTheDocument();
    expect(formatNumber(12_345 + others)).toMatch(/^12\.3\d\d$/);
    const ranking = within(screen.getByRole('table', { name: 'Ranking de prestadores' }));
    expect(ranking.getByRole('cell', { name: '12.345' })).toBeInTheDocument();
  });

  it('says so when the period has nothing', { timeout: 60_000 }, async () => {
    // Five years before the seed: no mission in the last 90 days then.
    const before = new Date(now().getTime() - 5 * 365 * 24 * 60 * 60 * 1000);
    const answer = await served('gestor', before);
    expect(answer.statusCounts.every((s) => s.count === 0)).toBe(true);
    await renderDashboard({ at: before });
    expect(await screen.findByText('Sem dados no período')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure with the server message and loads again on retry', { timeout: 60_000 }, async () => {
    let fail = true;
    // The real server answers the dashboard: the wrapper fails the first load in its place.
    await renderDashboard({
      wrap: (inner) => (base, path, options) => (fail && path === 'dashboard' ? Promise.reject(new HttpError(503, { error: 'Serviço indisponível' })) : inner(base, path, options)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar o painel: Serviço indisponível');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Ranking de prestadores' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The failed load never reached the server; the retry did.
    expect(dashboardCalls()).toHaveLength(1);
  });

  it("names the provider side of the money for a provider, who sees no competitor's figures", { timeout: 60_000 }, async () => {
    const gestorView = await served('gestor');
    const answer = await served('prestador');
    expect(answer.costSide).toBe('serviceProvider');
    const competitors = gestorView.providerRanking.filter((p) => !answer.providerRanking.some((own) => own.serviceProvider === p.serviceProvider));
    expect(competitors.length).toBeGreaterThan(0);
    await renderDashboard({ account: 'prestador' });
    expect(await screen.findByRole('region', { name: 'Valor a receber por cliente' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Ranking de prestadores' });
    for (const p of competitors) expect(screen.queryByText(p.name)).not.toBeInTheDocument();
  });

  it('a start outside the years 1900–2099: the years message and no request for it', { timeout: 60_000 }, async () => {
    await renderDashboard();
    await screen.findByRole('table', { name: 'Ranking de prestadores' });
    const group = await screen.findByRole('group', { name: 'Início' });
    const user = userEvent.setup();
    await user.click(defined(within(group).getAllByRole('spinbutton')[2], 'the year'));
    await user.keyboard('1899');
    expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect(dashboardCalls()).toHaveLength(1);
  });
});
