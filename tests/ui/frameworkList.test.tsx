/**
 * The generated list screen over the real server (contractHarness.tsx), which serves the test's
 * own entity ('tools': an entry, a shared schema and a table made here): count, sortable headers,
 * text filter, empty text, paging, spinner, retry after a load error, and 'Extrair relatório' (the
 * workbook holds the filtered rows under the visible columns' labels).
 */
import Build from '@mui/icons-material/Build';
import { screen, waitFor, within } from '@testing-library/react';
import { boolean as booleanColumn, pgTable, text } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { boolean, object, string } from 'yup';
import { APP_CATALOGUES } from '../../server/catalogues/records';
import { createdAt, idColumn, refColumn, updatedAt } from '../../server/db/schema/columns';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import { defined } from '../defined';
import { CATALOGUES, type CatalogueEntry } from '../../src/domain/catalogues';
import { activeField, enumField, group, requiredText, riskManagerRef } from '../../src/domain/schemas/fields';
import { isCatalogueAdmin } from '../../src/domain/permissions';
import { dismiss } from '../../src/layout/notify';
import { LIST_EXPORT_PATH, listExportFileName } from '../../src/domain/listExport';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { columnLabel } from '../../src/resources/framework/values';
import { renderOverServer, type SignedIn, type Screens } from './contractHarness';
import { createUiServer, type UiServer } from './uiServer';
import { crudEndpoint } from '../../src/domain/endpoints';

const tools: ResourceDeclaration = {
  name: 'tools',
  title: 'Ferramentas',
  entity: 'Ferramenta',
  endpoint: crudEndpoint('admin', 'tools'),
  schema: object({ name: string().required(), kind: string().required(), active: boolean().required() }),
  fields: [
    { source: 'name', label: 'Nome', type: 'text' },
    {
      source: 'kind',
      label: 'Tipo',
      type: 'select',
      options: [
        { value: 'hand', label: 'Manual' },
        { value: 'power', label: 'Elétrica' },
      ],
    },
    { source: 'active', label: 'Ativo', type: 'boolean' },
  ],
  // The headers are the fields' labels (columnLabel).
  columns: [{ source: 'name' }, { source: 'kind' }, { source: 'active' }],
  sections: [{ title: 'Dados', fields: ['name', 'kind', 'active'] }],
  perPage: 2,
  legend: [{ icon: <span>●</span>, label: 'Ferramenta ativa' }],
  // The admin area routes its tiles' lists.
  tile: { group: 'simple', label: 'Ferramentas', icon: Build, see: (user) => isCatalogueAdmin(user.role) },
};

/** The server side of the entity: its registry entry, shared schema and table. */
const toolsEntry = { label: 'Ferramentas', endpoint: crudEndpoint('admin', 'tools'), tenancy: 'riskManager', providersRead: false } as const satisfies CatalogueEntry;
const toolSchema = group({
  name: requiredText('Preencha o nome'),
  kind: enumField(['hand', 'power'], 'Selecione o tipo'),
  active: activeField(),
  riskManager: riskManagerRef(),
});
const toolsTable = pgTable('tools', {
  id: idColumn(),
  riskManager: refColumn('risk_manager_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  active: booleanColumn('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
const TOOLS_TABLE = `
  create table "tools" (
    "id" char(24) primary key not null,
    "risk_manager_id" char(24) not null references "risk_managers"("id") on delete restrict,
    "name" text not null,
    "kind" text not null,
    "active" boolean default true not null,
    "created_at" timestamp with time zone default now() not null,
    "updated_at" timestamp with time zone default now() not null
  )`;

const screens: Screens = { declarations: [tools], endpoints: { tools: tools.endpoint } };
const names = ['Martelo', 'Alicate', 'Furadeira', 'Serra', 'Chave'];

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer({
    catalogues: {
      registry: { ...CATALOGUES, tools: toolsEntry },
      tables: { ...APP_CATALOGUES.tables, tools: toolsTable },
      records: { ...APP_CATALOGUES.records, tools: { schema: toolSchema } },
      createTables: TOOLS_TABLE,
    },
  });
  // Nothing below writes: the five tools are created once, through the real API.
  const { httpClient } = await server.signedIn('gestor');
  for (const name of names) {
    const kind = name === 'Furadeira' || name === 'Serra' ? 'power' : 'hand';
    await httpClient('admin', 'tools', { method: 'POST', body: { name, kind, active: name !== 'Chave' } });
  }
}, 120_000);
afterAll(async () => server?.close());

async function renderTools(signedIn?: SignedIn) {
  return renderOverServer('/home/admin/tools', signedIn ?? (await server.signedIn('gestor')), screens);
}

/** A header's sort button: react-admin names it after what a click does ('Ordenar por nome crescente'). */
const sortButton = (table: HTMLElement, label: string) =>
  within(table).getByRole('button', { name: new RegExp(`^Ordenar por ${label.toLowerCase()} (crescente|decrescente)$`) });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const firstCells = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[0]?.textContent);

// Bound copies of the originals, put back after each test.
const createObjectURL = URL.createObjectURL.bind(URL);
const revokeObjectURL = URL.revokeObjectURL.bind(URL);
afterEach(() => {
  dismiss();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

describe('generated list screen', () => {
  it('counts, sorts both ways, pages and shows labels, Sim/Não and the legend', { timeout: 60_000 }, async () => {
    const { user } = await renderTools();

    const table = await screen.findByRole('table', { name: 'Ferramentas' });
    expect(screen.getByText('5 registros')).toBeInTheDocument();
    // Default sort: first column ascending; 2 per page.
    expect(firstCells(table)).toEqual(['Alicate', 'Chave']);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    const alicate = defined(bodyRows(table)[0], 'first row');
    expect(within(alicate).getByText('Manual')).toBeInTheDocument();
    expect(within(alicate).getByText('Sim')).toBeInTheDocument();
    expect(within(defined(bodyRows(table)[1], 'second row')).getByText('Não')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Legendas' })).toHaveTextContent('Ferramenta ativa');

    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    // The page number moves at once; the rows follow when the page arrives.
    await waitFor(() => expect(firstCells(table)).toEqual(['Furadeira', 'Martelo']));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(firstCells(table)).toEqual(['Serra']));
    expect(screen.getByText('Página 3 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    await waitFor(() => expect(firstCells(table)).toEqual(['Furadeira', 'Martelo']));
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();

    // Clicking the sorted header flips to descending, clicking again back to ascending.
    await user.click(sortButton(table, 'Nome'));
    await waitFor(() => expect(firstCells(table)).toEqual(['Serra', 'Martelo']));
    await user.click(sortButton(table, 'Nome'));
    await waitFor(() => expect(firstCells(table)).toEqual(['Alicate', 'Chave']));
    // Another header sorts by that column, ascending.
    await user.click(sortButton(table, 'Ativo'));
    await waitFor(() => expect(firstCells(table)[0]).toBe('Chave'));
  });

  it('sorts a select column by its labels, not its stored codes', { timeout: 60_000 }, async () => {
    const { user } = await renderTools();
    const table = await screen.findByRole('table', { name: 'Ferramentas' });
    const kinds = () => bodyRows(table).map((row) => within(row).getAllByRole('cell')[1]?.textContent);

    // Codes 'hand' < 'power', labels 'Elétrica' < 'Manual': ascending shows the power tools first.
    await user.click(sortButton(table, 'Tipo'));
    await waitFor(() => expect(firstCells(table)).toEqual(['Furadeira', 'Serra']));
    expect(kinds()).toEqual(['Elétrica', 'Elétrica']);
    await user.click(sortButton(table, 'Tipo'));
    await waitFor(() => expect(kinds()).toEqual(['Manual', 'Manual']));
  });

  it('filters by text and shows the empty text when nothing matches', { timeout: 60_000 }, async () => {
    const { user } = await renderTools();
    const table = await screen.findByRole('table', { name: 'Ferramentas' });

    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'ser');
    await waitFor(() => expect(firstCells(table)).toEqual(['Serra']));
    expect(screen.getByText('1 registro')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 1')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'xyz');
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.getByText('0 registros')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('filters on what the rows show: labels and Sim/Não, never hidden ids or stored codes', { timeout: 60_000 }, async () => {
    const { user } = await renderTools();
    const table = await screen.findByRole('table', { name: 'Ferramentas' });
    const filter = screen.getByRole('searchbox', { name: 'Filtrar' });
    const shows = async (text: string, count: string) => {
      await user.clear(filter);
      await user.type(filter, text);
      await waitFor(() => expect(screen.getByText(count)).toBeInTheDocument());
    };

    await shows('eletrica', '2 registros'); // label, accent-insensitive
    expect(firstCells(table)).toEqual(['Furadeira', 'Serra']);
    await shows('NÃO', '1 registro');
    expect(firstCells(table)).toEqual(['Chave']);
    await shows('sim', '4 registros');
    // Every id holds digits, every stored kind is 'hand' or 'power': none of it is on screen.
    await shows('1', '0 registros');
    await shows('power', '0 registros');
  });

  it('shows a spinner while loading and a retry button after a failed load', { timeout: 60_000 }, async () => {
    // Simulated: the first load waits, then fails as an unavailable server would; the retry
    // reaches the real server.
    const signedIn = await server.signedIn('gestor');
    let failures = 1;
    const failingOnce: HttpClient = async (base, path, options) => {
      if ((options?.method ?? 'GET') === 'GET' && failures-- > 0) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        throw new HttpError(503, { error: 'indisponível' });
      }
      return signedIn.httpClient(base, path, options);
    };
    const { user } = await renderTools({ ...signedIn, httpClient: failingOnce });

    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'Ferramentas' })).toBeInTheDocument();
    expect(screen.getByText('5 registros')).toBeInTheDocument();
  });

  it('exports the whole filtered list (every page) with the column labels as header', { timeout: 60_000 }, async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: capture the Blob the screen hands to the browser.
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:xlsx';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await renderTools();
    await screen.findByRole('table', { name: 'Ferramentas' });

    // 'manual' matches the shown kind of three tools: more than one page of two.
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar' }), 'manual');
    await waitFor(() => expect(screen.getByText('3 registros')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Extrair relatório' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalledTimes(1);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await defined(blobs[0], 'downloaded blob').arrayBuffer());
    const sheet = defined(workbook.worksheets[0], 'worksheet');
    const rows = sheet.getSheetValues().slice(1).map((row: unknown) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Nome', 'Tipo', 'Ativo']);
    expect(rows.slice(1)).toEqual([
      ['Alicate', 'Manual', 'Sim'],
      ['Chave', 'Manual', 'Não'],
      ['Martelo', 'Manual', 'Sim'],
    ]);
  });
  it("'Extrair relatório' waits disabled, with a spinner, until the server's file arrives", { timeout: 60_000 }, async () => {
    URL.createObjectURL = () => 'blob:xlsx';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The server's workbook waits in a wrapper until the test has looked at the button.
    const signedIn = await server.signedIn('gestor');
    const inner = signedIn.httpClient;
    const httpClient: HttpClient = async (base, path, options) => {
      if (path === LIST_EXPORT_PATH) await held;
      return inner(base, path, options);
    };
    const { user } = await renderTools({ ...signedIn, httpClient });
    await screen.findByRole('table', { name: 'Ferramentas' });
    await user.click(screen.getByRole('button', { name: 'Extrair relatório' }));
    const exporting = screen.getByRole('button', { name: 'Extrair relatório' });
    await waitFor(() => expect(exporting).toBeDisabled());
    expect(within(exporting).getByRole('progressbar')).toBeInTheDocument();

    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Extrair relatório' })).toBeEnabled());
    expect(within(screen.getByRole('button', { name: 'Extrair relatório' })).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('column headers', () => {
  it('are the column’s own label, else the label of the field it shows (by source or displaySource)', () => {
    const cities = {
      name: 'cities',
      fields: [{ source: 'state', label: 'Estado', type: 'select', displaySource: 'stateName' }],
    } satisfies Pick<ResourceDeclaration, 'name' | 'fields'>;
    expect(columnLabel(tools, { source: 'kind' })).toBe('Tipo');
    expect(columnLabel(tools, { source: 'kind', label: 'Tipo de ferramenta' })).toBe('Tipo de ferramenta');
    expect(columnLabel(cities, { source: 'stateName' })).toBe('Estado');
    expect(() => columnLabel(tools, { source: 'weight' })).toThrow("'tools': a coluna 'weight' não tem rótulo nem campo");
  });
});

describe('export file name', () => {
  it('is the title and the date', () => {
    expect(listExportFileName('Serviços e Franquias', new Date(2025, 0, 31))).toBe('servicos-e-franquias-2025-01-31.xlsx');
  });
});
