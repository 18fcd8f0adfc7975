/**
 * The reports screen's billing report (spec 2 Reports screen) over the fake API: no query without a date, 'Todos'
 * sent as an empty list, paging, the table's formatting by column kind, and 'Extrair Excel' with
 * its progress bar, its saved file and its error toast.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BillingReportSection } from '../../src/custom/reports/BillingReportSection';
import { NEED_DATES } from '../../src/custom/reports/ReportFilters';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { REPORT_EXCEL_ERROR, type ReportPage, type ReportRow } from '../../src/domain/reports';
import { REPORT_ROWS_HEADER } from '../../src/domain/reports/excel';
import { DATE_OUT_OF_RANGE } from '../../src/domain/validators/dates';
import { dismiss } from '../../src/layout/notify';
import { resourceEndpoints } from '../../src/resources';
import { GESTOR_ADMIN, PRESTADOR_ADMIN, createFakeApi, renderApp, type FakeRequest, type TestUser } from './frameworkHarness';

const row = (n: number, extra: Partial<ReportRow> = {}): ReportRow => ({
  missionId: `ffffffffffffffffffff${String(n).padStart(4, '0')}`,
  createdAt: '2026-03-05T17:30:00.000Z',
  processNumber: `REL-${n}`,
  shipper: 'Andrade Alimentos',
  carrier: null,
  plate: 'ABC1D23',
  franchise: 'Escolta armada',
  requester: 'Central',
  leadership: null,
  cause: 'Roubo',
  place: null,
  city: 'São Paulo',
  state: 'SP',
  serviceProvider: 'Pronta Resposta Demo',
  billing_startTime: '2026-03-05T18:00:00.000Z',
  billing_endTime: null,
  timeUsage: 200,
  timeLimit: 180,
  timeOverage: 20,
  startDistance: 1_000_000,
  endDistance: 1_123_456,
  distanceUsage: 123_456,
  distanceLimit: 100_000,
  distanceOverage: 23_456,
  price: 123_456,
  timeOveragePrice: 4_000,
  distanceOveragePrice: 1_999,
  toll: 620,
  expenses: 3_000,
  additions: 250,
  discounts: 100,
  finalCost: 132_725,
  ...extra,
});

/** The screen's clock: 15 March 2026, 10:00 in the browser's time zone. */
const NOW = new Date(2026, 2, 15, 10, 0);
const MARCH = { start: new Date(2026, 2, 1).toISOString(), end: new Date(2026, 3, 1, 0, 0, 0, -1).toISOString() };

const isReport = (r: FakeRequest) => r.base === 'reports' && r.path === 'billing';
const reportCalls = (calls: FakeRequest[]) => calls.filter(isReport);

interface Excel {
  /** The stream the next export answers with, and how to feed it. */
  push(bytes: number): void;
  end(): void;
  fail: boolean;
}

function renderReports(user: TestUser, rows: ReportRow[]) {
  const api = createFakeApi({
    'admin:shippers': [
      { _id: 'eeeeeeeeeeeeeeeeeeee0001', name: 'Andrade Alimentos', active: true },
      { _id: 'eeeeeeeeeeeeeeeeeeee0002', name: 'Vale Logística', active: true },
    ],
  });
  api.use((request) => {
    if (!isReport(request)) return undefined;
    const page = Number(request.query?.page ?? 1);
    const answer: ReportPage = { pagination: { current: page, pages: Math.max(1, Math.ceil(rows.length / 2)), quantity: rows.length }, reports: rows.slice((page - 1) * 2, page * 2) };
    return answer;
  });
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const excel: Excel = {
    push: (bytes) => controller?.enqueue(new Uint8Array(bytes)),
    end: () => controller?.close(),
    fail: false,
  };
  const fake = api.httpClient;
  // The export answers a stream with the row-count header, as the server does.
  api.httpClient = (async (base, path, options) => {
    if (base === 'reports' && path === 'billing/excel') {
      api.calls.push({ method: 'GET', base, path, body: undefined, query: options?.query });
      if (excel.fail) throw new HttpError(500, { error: 'falhou' });
      const data = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      return {
        status: 200,
        headers: new Headers({ [REPORT_ROWS_HEADER]: '100', 'Content-Disposition': 'attachment; filename="relatorio-faturamento-01-03-2026-a-31-03-2026.xlsx"' }),
        data,
      };
    }
    return fake(base, path, options);
  }) as HttpClient;
  renderApp({
    path: '/home/reports',
    api,
    user,
    endpoints: resourceEndpoints,
    children: (
      <Routes>
        <Route path="/home/reports" element={<BillingReportSection providerOnly={user.role.type === 'service_provider'} now={() => NOW} />} />
      </Routes>
    ),
  });
  return { api, excel, user: userEvent.setup() };
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, typed: string) {
  const group = await screen.findByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(typed);
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const list = await screen.findByRole('listbox');
  await user.click(within(list).getByRole('option', { name: option }));
  await user.keyboard('{Escape}');
}

let clicked: string[] = [];
beforeEach(() => {
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:relatorio');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  dismiss();
  vi.restoreAllMocks();
});

describe('reports screen', () => {
  it('opens on the current month, already searched, so Extrair Excel works at once', async () => {
    const { api } = renderReports(GESTOR_ADMIN, [row(1)]);
    expect(await screen.findByText('REL-1')).toBeInTheDocument();
    expect(reportCalls(api.calls)).toHaveLength(1);
    expect(reportCalls(api.calls)[0]?.query).toMatchObject({ ...MARCH, status: [], companies: [], billingTarget: 'shipper', page: 1 });
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeEnabled();
    expect(await screen.findByRole('group', { name: 'Início' })).toHaveTextContent('01/03/2026 00:00');
    expect(await screen.findByRole('group', { name: 'Fim' })).toHaveTextContent('31/03/2026 23:59');
  }, 30_000);

  it('runs no query without a date; an empty date of the pair becomes now; Todos is sent as empty lists; Limpar goes back to the month', async () => {
    const { api, user } = renderReports(GESTOR_ADMIN, [row(1)]);
    await waitFor(() => expect(reportCalls(api.calls)).toHaveLength(1));
    for (const label of ['Início', 'Fim']) {
      await user.click(within(await screen.findByRole('group', { name: label })).getAllByRole('spinbutton')[0]!);
      await user.keyboard('{Control>}a{/Control}{Backspace}');
    }
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByText(NEED_DATES)).toBeInTheDocument();
    expect(reportCalls(api.calls)).toHaveLength(1);

    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportCalls(api.calls)).toHaveLength(2));
    expect(reportCalls(api.calls)[1]?.query).toMatchObject({ start: new Date(2026, 2, 1, 8).toISOString(), end: NOW.toISOString() });

    await pick(user, 'Status', 'Faturado');
    await pick(user, 'Empresas', 'Vale Logística');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportCalls(api.calls)).toHaveLength(3));
    expect(reportCalls(api.calls)[2]?.query).toMatchObject({ status: ['billed'], companies: ['eeeeeeeeeeeeeeeeeeee0002'] });

    await pick(user, 'Status', 'Todos');
    await pick(user, 'Empresas', 'Todos');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await waitFor(() => expect(reportCalls(api.calls)).toHaveLength(4));
    expect(reportCalls(api.calls)[3]?.query).toMatchObject({ status: [], companies: [] });

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(reportCalls(api.calls).at(-1)?.query).toMatchObject({ ...MARCH, page: 1 }));
  }, 90_000);

  it('shows the columns formatted by kind and pages with previous and next', async () => {
    const { api, user } = renderReports(GESTOR_ADMIN, [row(1), row(2), row(3, { processNumber: 'REL-3' })]);
    await typeDate(user, 'Fim', '310320262300');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    const table = await screen.findByRole('table', { name: 'Relatório de faturamento' });
    const header = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(header.slice(0, 3)).toEqual(['Data da solicitação', 'Nº do processo', 'Cliente']);
    const first = within(table).getAllByRole('row')[1]!;
    const cells = within(first).getAllByRole('cell').map((c) => c.textContent);
    const created = new Date('2026-03-05T17:30:00.000Z');
    const two = (n: number) => String(n).padStart(2, '0');
    expect(cells[0]).toBe(`${two(created.getDate())}/${two(created.getMonth() + 1)}/2026 ${two(created.getHours())}:30`);
    expect(cells).toContain('03:20');
    expect(cells).toContain('1.123,456 km');
    expect(cells).toContain('R$ 1.234,56');
    expect(cells).toContain('R$ 1.327,25');
    expect(cells[3]).toBe('-');
    expect(screen.getByText('3 registros')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('REL-3')).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2')).toBeInTheDocument();
    expect(reportCalls(api.calls).at(-1)?.query).toMatchObject({ page: 2 });
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
  }, 30_000);

  it('a date outside the years 1900–2099: the years message under it, Pesquisar disabled, no query', async () => {
    const { api, user } = renderReports(GESTOR_ADMIN, [row(1)]);
    // The screen opens on the current month, already searched once.
    expect(await screen.findByText('REL-1')).toBeInTheDocument();
    const opened = reportCalls(api.calls).length;
    await typeDate(user, 'Fim', '010321000800');
    expect(await screen.findByText(DATE_OUT_OF_RANGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();
    expect(reportCalls(api.calls)).toHaveLength(opened);
  }, 30_000);

  it('says so when nothing matches, and a provider user has only its own side', async () => {
    const { api, user } = renderReports(PRESTADOR_ADMIN, []);
    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(reportCalls(api.calls)[0]?.query).toMatchObject({ billingTarget: 'serviceProvider' });
    expect(screen.queryByRole('combobox', { name: 'Empresas' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Faturamento de' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Prestadora']);
  }, 30_000);

  it('Extrair Excel: a percentage while the file streams, the file saved, the button disabled meanwhile', async () => {
    const { api, excel, user } = renderReports(GESTOR_ADMIN, [row(1)]);
    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await screen.findByText('REL-1');
    await user.click(screen.getByRole('button', { name: 'Extrair Excel' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da extração' });
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeDisabled();
    const exported = api.calls.find((c) => c.path === 'billing/excel');
    expect(exported?.query).toMatchObject({ status: [], companies: [], billingTarget: 'shipper', page: undefined });
    // 100 rows at ~185 bytes each plus the fixed parts: about 22.5 KB expected.
    excel.push(11_500);
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(45));
    expect(screen.getByText(/^\d+%$/)).toBeInTheDocument();
    excel.push(11_500);
    excel.end();
    await waitFor(() => expect(clicked).toEqual(['relatorio-faturamento-01-03-2026-a-31-03-2026.xlsx']));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Progresso da extração' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeEnabled();
  }, 30_000);

  it('Extrair Excel failing: the spec toast, nothing saved', async () => {
    const { excel, user } = renderReports(GESTOR_ADMIN, [row(1)]);
    excel.fail = true;
    await typeDate(user, 'Início', '010320260800');
    await user.click(screen.getByRole('button', { name: 'Pesquisar' }));
    await screen.findByText('REL-1');
    await user.click(screen.getByRole('button', { name: 'Extrair Excel' }));
    expect(await screen.findByText(REPORT_EXCEL_ERROR)).toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(screen.getByRole('button', { name: 'Extrair Excel' })).toBeEnabled();
  }, 30_000);
});
