/**
 * The reports screen's billing report (docs/rules/reports.md) over the real server (uiServer.tsx)
 * on the demo seed plus March 2026's billed missions written here: no query without a date,
 * 'Todos' sent as no key at all, paging past the server's page size, the table's formatting by
 * column kind, a provider user reading only its own side (never a competitor's rows), and
 * 'Extrair Excel' with its progress bar, its saved file and its error toast. What the screen asked
 * is read from the requests the server received; the figures expected are the rows written here
 * (the seed's missions lie in the hours before the server's clock, never in March 2026). Only the
 * pace of the file's stream and a failing export, which the server cannot be led to give, come
 * from a wrapper around the real http client.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { BillingReportSection } from '../../src/custom/reports/BillingReportSection';
import { NEED_DATES } from '../../src/custom/reports/ReportFilters';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { REPORT_COLUMNS, REPORT_EXCEL_ERROR, REPORT_PAGE_SIZE, REPORT_TOTALS_LABEL, type ReportPage } from '../../src/domain/reports';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { formatMoney } from '../../src/domain/validators/money';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { dismiss } from '../../src/layout/notify';
import { RaNotificationBridge } from '../../src/layout/RaNotificationBridge';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import type { Account } from '../server/catalogueClient';
import { insertReportMission, sideValues } from '../server/reportFixtures';
import { defined } from '../defined';
import { createUiServer, type UiServer } from './uiServer';

/** The screen's clock: 15 March 2026, 10:00 in the browser's time zone. */
const NOW = new Date(2026, 2, 15, 10, 0);
const MARCH = { start: new Date(2026, 2, 1).toISOString(), end: new Date(2026, 3, 1, 0, 0, 0, -1).toISOString() };

/**
 * The demo provider's billed missions for Andrade Alimentos, one more than a page: PR-1 on 2 March
 * at 08:00, PR-2 at 14:00, two a day up to PR-51 on 27 March at 08:00 (the newest, with no vehicle:
 * its plate reads '-'). Their figures derive from n (reportFixtures.ts sideValues).
 */
const OWN = Array.from({ length: REPORT_PAGE_SIZE + 1 }, (_, i) => ({
  n: i + 1,
  createdAt: new Date(2026, 2, 2 + Math.floor(i / 2), i % 2 === 0 ? 8 : 14),
}));
const NEWEST = defined(OWN.at(-1), 'the newest row');
/** Escolta Sul's (the demo provider's competitor) billed mission for Vale Eletrônicos, 10 March at 12:00, amid the others. */
const COMPETITOR = { n: 900, createdAt: new Date(2026, 2, 10, 12) };
/** Every row of March on the shipper side, as the gestor reads it. */
const MARCH_ROWS = OWN.length + 1;

let server: UiServer;
beforeAll(async () => {
  // The date pickers are a lazy chunk: loaded once here, not inside the first test's wait.
  await import('../../src/custom/missions/DateTimeFilterPicker');
  server = await createUiServer();
  const db = server.database.db;
  for (const { n, createdAt } of OWN) await insertReportMission(db, { n, createdAt, status: 'billed', plate: n === NEWEST.n ? null : undefined });
  await insertReportMission(db, { ...COMPETITOR, status: 'billed', shipper: CATALOGUE_IDS.shipperVale, provider: DEMO_IDS.providerSul });
  // The report's total is cached under the missions' change stamps: let the inserts' announcements arrive.
  await server.app.settle();
}, 120_000);
afterAll(async () => server?.close());

/** The query strings of the report pages the server was asked for, oldest first. */
const reportQueries = () =>
  server.requests.filter((r) => r.startsWith('GET /api/reports/billing?')).map((r) => new URLSearchParams(r.slice(r.indexOf('?') + 1)));
const excelQueries = () =>
  server.requests.filter((r) => r.startsWith('GET /api/reports/billing/excel')).map((r) => new URLSearchParams(r.slice(r.indexOf('?') + 1)));
/** A query's keys as lists (status and companies repeat), to compare whole. */
const queryOf = (params: URLSearchParams | undefined) => {
  const keys = [...new Set(params?.keys())];
  return Object.fromEntries(keys.map((k) => [k, params?.getAll(k)]));
};

/** A report page as the server answers `account` (read apart from the screen). */
async function served(account: Account, query: Record<string, string>): Promise<ReportPage> {
  const { httpClient } = await server.signedIn(account);
  const answer = await httpClient<ReportPage>('reports', 'billing', { query });
  server.requests.length = 0;
  return answer.data;
}

async function renderReports(account: Account, wrap?: (inner: HttpClient) => HttpClient) {
  const signedIn = await server.signedIn(account);
  const httpClient = wrap ? wrap(signedIn.httpClient) : signedIn.httpClient;
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const providerOnly = signedIn.getUser()?.role.type === 'service_provider';
  render(
    <TestMemoryRouter initialEntries={['/home/reports']}>
      <AdminContext dataProvider={dataProvider} authProvider={signedIn.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/home/reports" element={<BillingReportSection providerOnly={providerOnly} now={() => NOW} />} />
        </Routes>
        <RaNotificationBridge />
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function typeDate(user: User, label: string, typed: string) {
  const group = await screen.findByRole('group', { name: label });
  await user.click(defined(within(group).getAllByRole('spinbutton')[0], 'the day'));
  await user.keyboard(typed);
}

async function pick(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  await user.click(within(list).getByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

const table = () => screen.findByRole('table', { name: 'Relatório de faturamento' });
/** The table's mission rows: neither the header nor the totals row under them. */
const bodyRows = (shown: HTMLElement) =>
  within(shown)
    .getAllByRole('row')
    .slice(1)
    .filter((r) => r.getAttribute('aria-label') !== REPORT_TOTALS_LABEL);
/** The process numbers of the table's rows, top to bottom. */
const shownProcesses = async () => bodyRows(await table()).map((r) => within(r).getAllByRole('cell')[1]?.textContent);

/** The saved files' names, and the files handed to the browser. */
let clicked: string[] = [];
let blobs: Blob[] = [];
beforeEach(() => {
  clicked = [];
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:relatorio';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  server.requests.length = 0;
});
afterEach(() => {
  act(() => dismiss());
  vi.restoreAllMocks();
});

describe('reports screen', () => {
  it('opens on the current month, already searched, so Extrair Excel works at once', async () => {
    await renderReports('gestor');
    expect(await screen.findByText(`PR-${NEWEST.n}`)).toBeInTheDocument();
    expect(screen.getByText(`${MARCH_ROWS} registros`)).toBeInTheDocument();
    expect(reportQueries()).toHaveLength(1);
    // 'Todos' (status, companies) travels as no key at all.
    expect(queryOf(reportQueries()[0])).toEqual({ start: [MARCH.start], end: [MARCH.end], billingTarget: ['shipper'], page: ['1'] });
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeEnabled();
    expect(await screen.findByRole('group', { name: 'Início' })).toHaveTextContent('01/03/2026 00:00');
    expect(await screen.findByRole('group', { name: 'Fim' })).toHaveTextContent('31/03/2026 23:59');
  }, 60_000);

  it('runs no query without a date; an empty date of the pair becomes now; Todos is sent as empty lists; Limpar goes back to the month', async () => {
    const { user } = await renderReports('gestor');
    await waitFor(() => expect(reportQueries()).toHaveLength(1));
    for (const label of ['Início', 'Fim']) {
      await user.click(defined(within(await screen.findByRole('group', { name: label })).getAllByRole('spinbutton')[0], 'the day'));
      await user.keyboard('{Control>}a{/Control}{Backspace}');
    }
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByText(NEED_DATES)).toBeInTheDocument();
    expect(reportQueries()).toHaveLength(1);

    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportQueries()).toHaveLength(2));
    expect(queryOf(reportQueries()[1])).toMatchObject({ start: [new Date(2026, 2, 1, 8).toISOString()], end: [NOW.toISOString()] });
    // Up to the screen's now: the rows of 2 March to 14 March, and the competitor's.
    const untilNow = OWN.filter((r) => r.createdAt <= NOW).length + 1;
    expect(await screen.findByText(`${untilNow} registros`)).toBeInTheDocument();

    await pick(user, 'Status', 'Faturado');
    await pick(user, 'Empresas', 'Vale Eletrônicos');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportQueries()).toHaveLength(3));
    expect(queryOf(reportQueries()[2])).toMatchObject({ status: ['billed'], companies: [CATALOGUE_IDS.shipperVale] });
    expect(await screen.findByText('1 registros')).toBeInTheDocument();
    expect(await shownProcesses()).toEqual([`PR-${COMPETITOR.n}`]);

    await pick(user, 'Status', 'Todos');
    await pick(user, 'Empresas', 'Todos');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportQueries()).toHaveLength(4));
    const all = queryOf(reportQueries()[3]);
    expect(all.status).toBeUndefined();
    expect(all.companies).toBeUndefined();
    expect(await screen.findByText(`${untilNow} registros`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(queryOf(reportQueries().at(-1))).toMatchObject({ start: [MARCH.start], end: [MARCH.end], page: ['1'] }));
    expect(await screen.findByText(`${MARCH_ROWS} registros`)).toBeInTheDocument();
  }, 120_000);

  it('shows the columns formatted by kind and pages with previous and next', async () => {
    const { user } = await renderReports('gestor');
    await typeDate(user, 'Fim', '310320262300');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportQueries()).toHaveLength(2));
    const first = await table();
    const header = within(first).getAllByRole('columnheader').map((h) => h.textContent);
    expect(header.slice(0, 3)).toEqual(['Data da solicitação', 'Nº do processo', 'Cliente']);
    const rows = bodyRows(first);
    expect(rows).toHaveLength(REPORT_PAGE_SIZE);
    // The newest request first: PR-51, 27 March at 08:00, no vehicle; its shipper side's figures
    // (reportFixtures.ts sideValues with n = 51): 251 minutes, the odometer at 1,123,558 m,
    // R$ 100.51 of service and R$ 200.51 in all.
    const cells = within(defined(rows[0], 'the first row')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['27/03/2026 08:00', `PR-${NEWEST.n}`, 'Andrade Alimentos']);
    expect(cells[4]).toBe('-');
    expect(cells).toContain('04:11');
    expect(cells).toContain('1.123,558 km');
    expect(cells).toContain('R$ 100,51');
    expect(cells).toContain('R$ 200,51');
    expect(screen.getByText(`${MARCH_ROWS} registros`)).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    // The pager is disabled while a page is being fetched (its answer may still be on the way).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Próxima página' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    // What is left past the first page: the two oldest rows, 2 March at 14:00 and 08:00.
    await waitFor(async () => expect(await shownProcesses()).toEqual(['PR-2', 'PR-1']));
    expect(queryOf(reportQueries().at(-1))).toMatchObject({ page: ['2'] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página anterior' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(await screen.findByText(`PR-${NEWEST.n}`)).toBeInTheDocument();
  }, 60_000);

  it('the totals row under the table sums the whole period, not the page, and stays on every page', async () => {
    const { user } = await renderReports('gestor');
    // The screen opens on March, already searched.
    expect(await screen.findByText(`PR-${NEWEST.n}`, {}, { timeout: 30_000 })).toBeInTheDocument();
    // Every March row on the shipper side: the demo provider's 51 and the competitor's, summed by the server.
    const ns = [...OWN.map((o) => o.n), COMPETITOR.n];
    const cents = (field: 'finalCostCents' | 'priceCents') => ns.reduce((sum, n) => sum + sideValues(n, 'shipper')[field], 0);
    const minutes = ns.reduce((sum, n) => sum + sideValues(n, 'shipper').timeUsageMinutes, 0);
    const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const expected = async () => {
      // The footer's one row (role queries over the 50 rows' cells are slow in jsdom).
      const footer = defined(within(await table()).getAllByRole('rowgroup')[2], 'the table footer');
      const row = within(footer).getByRole('row');
      expect(row).toHaveAccessibleName(REPORT_TOTALS_LABEL);
      const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
      expect(cells[0]).toBe(REPORT_TOTALS_LABEL);
      expect(cells).toContain(formatMoney(cents('finalCostCents')));
      expect(cells).toContain(formatMoney(cents('priceCents')));
      expect(cells).toContain(hhmm);
      // The odometer readings (KM inicial/final) are positions: no total.
      const readings = (['startDistance', 'endDistance'] as const).map((field) => REPORT_COLUMNS.findIndex((column) => column.field === field));
      expect(readings.map((column) => cells[column])).toEqual(['', '']);
    };
    await expected();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Próxima página' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    expect(await screen.findByText('PR-1', {}, { timeout: 30_000 })).toBeInTheDocument();
    await expected();
  }, 120_000);

  it('a date outside the years 1900–2099: the years message under it, Pesquisar disabled, no query', async () => {
    const { user } = await renderReports('gestor');
    // The screen opens on the current month, already searched once.
    expect(await screen.findByText(`PR-${NEWEST.n}`)).toBeInTheDocument();
    const opened = reportQueries().length;
    await typeDate(user, 'Fim', '010321000800');
    expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();
    expect(reportQueries()).toHaveLength(opened);
  }, 60_000);

  it("a provider user has only its own side: its own rows, never a competitor's, and says so when nothing matches", async () => {
    // 10 March from 10:00 to 13:00 (Fim takes in its whole minute) holds only the competitor's
    // mission, which the gestor reads on the provider side.
    const morning = { start: new Date(2026, 2, 10, 10).toISOString(), end: new Date(2026, 2, 10, 13, 0, 59, 999).toISOString() };
    const gestorView = await served('gestor', { ...morning, billingTarget: 'serviceProvider' });
    expect(gestorView.reports.map((r) => r.processNumber)).toEqual([`PR-${COMPETITOR.n}`]);

    const { user } = await renderReports('prestador');
    expect(await screen.findByText(`PR-${NEWEST.n}`)).toBeInTheDocument();
    expect(queryOf(reportQueries()[0])).toMatchObject({ billingTarget: ['serviceProvider'] });
    // Its own missions only: one row fewer than March holds, and not the competitor's, which would sit on this first page.
    expect(screen.getByText(`${OWN.length} registros`)).toBeInTheDocument();
    expect(screen.queryByText(`PR-${COMPETITOR.n}`)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Empresas' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Faturamento de' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Prestadora']);
    await user.keyboard('{Escape}');

    await typeDate(user, 'Início', '100320261000');
    await typeDate(user, 'Fim', '100320261300');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(queryOf(reportQueries().at(-1))).toMatchObject({ start: [morning.start], end: [morning.end], billingTarget: ['serviceProvider'] });
    expect(screen.getByText('0 registros')).toBeInTheDocument();
  }, 60_000);

  it('Extrair Excel: a percentage while the file streams, the file saved, the button disabled meanwhile', async () => {
    // The server's file arrives in one piece through app.inject: the wrapper hands the real answer
    // (its headers and bytes) on in two halves, the second when the test says, so the screen is
    // seen mid-stream.
    let release: () => void = () => undefined;
    const rest = new Promise<void>((resolve) => (release = resolve));
    const { user } = await renderReports('gestor', (inner) =>
      (async (base, path, options) => {
        const real = await inner(base, path, options);
        if (path !== 'billing/excel') return real;
        const bytes = new Uint8Array(await new Response(real.data as ReadableStream<Uint8Array>).arrayBuffer());
        const half = Math.floor(bytes.byteLength / 2);
        const data = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(bytes.slice(0, half));
            await rest;
            controller.enqueue(bytes.slice(half));
            controller.close();
          },
        });
        return { ...real, data };
      }) as HttpClient,
    );
    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportQueries()).toHaveLength(2));
    await screen.findByText(`PR-${NEWEST.n}`);
    await user.click(screen.getByRole('button', { name: 'Extrair Excel' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da extração' });
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeDisabled();
    // The searched filter, without a page.
    expect(excelQueries().map(queryOf)).toEqual([{ start: [new Date(2026, 2, 1, 8).toISOString()], end: [MARCH.end], billingTarget: ['shipper'] }]);
    // Half the file: a percentage between none and all, estimated from the server's row count.
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    const percent = Number(bar.getAttribute('aria-valuenow'));
    expect(percent).toBeLessThan(100);
    expect(screen.getByText(`${percent}%`)).toBeInTheDocument();
    expect(clicked).toEqual([]);

    release();
    // The server names the file after the period in São Paulo's calendar.
    await waitFor(() => expect(clicked).toEqual(['relatorio-faturamento-01-03-2026-a-31-03-2026.xlsx']));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Progresso da extração' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeEnabled();
    // The saved file is the server's workbook: a header row, every row of the period and the totals row.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await defined(blobs[0], 'the saved file').arrayBuffer());
    expect(defined(workbook.worksheets[0], 'the sheet').rowCount).toBe(1 + MARCH_ROWS + 1);
  }, 60_000);

  it('Extrair Excel failing: the product’s toast, nothing saved', async () => {
    // The server builds the file whenever the filter is valid, and the screen sends only valid
    // filters: the wrapper fails the export in its place.
    const { user } = await renderReports('gestor', (inner) => (base, path, options) =>
      path === 'billing/excel' ? Promise.reject(new HttpError(500, { error: 'falhou' })) : inner(base, path, options),
    );
    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportQueries()).toHaveLength(2));
    await screen.findByText(`PR-${NEWEST.n}`);
    await user.click(screen.getByRole('button', { name: 'Extrair Excel' }));
    expect(await screen.findByText(REPORT_EXCEL_ERROR)).toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(excelQueries()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeEnabled();
  }, 60_000);
});
