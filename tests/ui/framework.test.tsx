/**
 * The framework claim: a resource declared here, in the test file and nowhere else, gets its tile
 * on the admin home and working list, create, edit and delete screens from the declaration alone.
 * It runs over the real server (contractHarness.tsx), which serves the entity from a registry entry,
 * a shared schema and a table created here (as the registry test adds one).
 */
import Build from '@mui/icons-material/Build';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { integer, boolean as booleanColumn, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { boolean, number, object, string } from 'yup';
import { APP_CATALOGUES } from '../../server/catalogues/records';
import { createdAt, idColumn, refColumn, updatedAt } from '../../server/db/schema/columns';
import { DEMO_IDS } from '../../server/demo/demoIds';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { CATALOGUES, type CatalogueEntry } from '../../src/domain/catalogues';
import { crudEndpoint } from '../../src/domain/endpoints';
import { isCatalogueAdmin } from '../../src/domain/permissions';
import { activeField, group, moneyCents, requiredText, riskManagerRef } from '../../src/domain/schemas/fields';
import { dismiss } from '../../src/layout/notify';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { renderOverServer, type Screens } from './contractHarness';
import { PathProbe, createUiServer, currentPath, type UiServer } from './uiServer';

const gadgets: ResourceDeclaration = {
  name: 'gadgets',
  title: 'Gadgets',
  entity: 'Gadget',
  endpoint: crudEndpoint('admin', 'gadgets'),
  schema: object({
    name: string().trim().required('Preencha o nome do gadget'),
    price: number().required('Preencha o preço').integer().min(0),
    active: boolean().required(),
  }),
  fields: [
    { source: 'name', label: 'Nome', type: 'text' },
    { source: 'price', label: 'Preço', type: 'money', defaultValue: 0 },
    { source: 'active', label: 'Ativo', type: 'boolean', defaultValue: true },
  ],
  columns: [
    { source: 'name', label: 'Nome' },
    { source: 'price', label: 'Preço' },
    { source: 'active', label: 'Ativo' },
  ],
  sections: [{ title: 'Dados do gadget', fields: ['name', 'price', 'active'] }],
  successMessage: 'Gadgets atualizados com sucesso',
  tile: { group: 'simple', label: 'Gadgets', icon: Build, see: (user) => isCatalogueAdmin(user.role) },
};

/** The server side of the entity: its registry entry, shared schema and table. */
const gadgetsEntry = {
  label: 'Gadgets',
  endpoint: crudEndpoint('admin', 'gadgets'),
  tenancy: 'riskManager',
  providersRead: false,
} as const satisfies CatalogueEntry;

const gadgetSchema = group({
  name: requiredText('Preencha o nome do gadget'),
  price: moneyCents('Preencha o preço'),
  active: activeField(),
  riskManager: riskManagerRef(),
});

const gadgetsTable = pgTable('gadgets', {
  id: idColumn(),
  riskManager: refColumn('risk_manager_id').notNull(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  active: booleanColumn('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const GADGETS_TABLE = `
  create table "gadgets" (
    "id" char(24) primary key not null,
    "risk_manager_id" char(24) not null references "risk_managers"("id") on delete restrict,
    "name" text not null,
    "price" integer not null,
    "active" boolean default true not null,
    "created_at" timestamp with time zone default now() not null,
    "updated_at" timestamp with time zone default now() not null
  )`;

const screens: Screens = { declarations: [gadgets], endpoints: { gadgets: gadgets.endpoint } };

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer({
    catalogues: {
      registry: { ...CATALOGUES, gadgets: gadgetsEntry },
      tables: { ...APP_CATALOGUES.tables, gadgets: gadgetsTable },
      records: { ...APP_CATALOGUES.records, gadgets: { schema: gadgetSchema } },
      createTables: GADGETS_TABLE,
    },
  });
}, 120_000);
afterAll(async () => server?.close());
afterEach(() => dismiss());

/** The gadgets the server stores for the demo risk manager. */
async function storedGadgets(): Promise<ApiRecord[]> {
  const { httpClient } = await server.signedIn('gestor');
  return (await httpClient<ApiRecord[]>('admin', 'gadgets')).data;
}

describe('a resource declared only in this file', () => {
  it('shows its tile, then lists, creates, edits and deletes through the generated screens', { timeout: 90_000 }, async () => {
    const signedIn = await server.signedIn('gestor');
    const radio = (await signedIn.httpClient<ApiRecord>('admin', 'gadgets', { method: 'POST', body: { name: 'Rádio', price: 123456, active: true } })).data;
    server.requests.length = 0;
    const { user } = renderOverServer('/home/admin', signedIn, screens, <PathProbe />);

    // The admin home shows the declared tile in its group; the tile opens the list.
    const group = await screen.findByRole('region', { name: 'Configurações' });
    await user.click(within(group).getByRole('button', { name: 'Gadgets' }));
    expect(currentPath()).toBe('/home/admin/gadgets');

    // List: title, count, formatted cells.
    expect(await screen.findByRole('heading', { name: /^Gadgets/ })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Gadgets' });
    expect(within(table).getByText('Rádio')).toBeInTheDocument();
    expect(within(table).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(table).getByText('Sim')).toBeInTheDocument();
    expect(screen.getByText('1 registro')).toBeInTheDocument();

    // Create.
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const createDialog = await screen.findByRole('dialog', { name: 'Criar | Gadget' });
    await user.click(within(createDialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(createDialog).findByText('Preencha o nome do gadget')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.startsWith('POST '))).toEqual([]);
    await user.type(within(createDialog).getByLabelText('Nome'), 'Lanterna');
    await user.type(within(createDialog).getByLabelText('Preço'), '4990');
    expect(within(createDialog).getByLabelText('Preço')).toHaveValue('R$ 49,90');
    await user.click(within(createDialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Gadgets atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const lanterna = (await storedGadgets()).find((g) => g.name === 'Lanterna');
    expect(lanterna).toMatchObject({ price: 4990, active: true, riskManager: DEMO_IDS.riskManager });
    expect(await within(table).findByText('Lanterna')).toBeInTheDocument();
    expect(screen.getByText('2 registros')).toBeInTheDocument();

    // Edit: read-only until Editar.
    const row = within(table).getByText('Lanterna').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    const editDialog = await screen.findByRole('dialog', { name: 'Consultar | Gadget' });
    expect(within(editDialog).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(editDialog).getByText('R$ 49,90')).toBeInTheDocument();
    await user.click(within(editDialog).getByRole('button', { name: 'Editar' }));
    const name = within(editDialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Lanterna tática');
    await user.click(within(editDialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests).toContain(`PUT /api/admin/gadgets/${lanterna?._id}`);
    expect((await storedGadgets()).find((g) => g._id === lanterna?._id)).toMatchObject({ name: 'Lanterna tática', price: 4990, active: true });
    expect(await within(table).findByText('Lanterna tática')).toBeInTheDocument();

    // Delete.
    await user.click(within(within(table).getByText('Rádio').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const viewDialog = await screen.findByRole('dialog', { name: 'Consultar | Gadget' });
    await user.click(within(viewDialog).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deletar | Gadget' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests).toContain(`DELETE /api/admin/gadgets/${radio._id}`);
    await waitFor(() => expect(within(table).queryByText('Rádio')).not.toBeInTheDocument());
    expect(screen.getByText('1 registro')).toBeInTheDocument();
    expect((await storedGadgets()).map((g) => g.name)).toEqual(['Lanterna tática']);

    // Voltar goes back to the admin home.
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('button', { name: 'Gadgets' })).toBeInTheDocument();
    expect(currentPath()).toBe('/home/admin');
  });

  it("keeps its tile and its screen from a user the tile's rule leaves out", { timeout: 60_000 }, async () => {
    const operador = await server.signedIn('operador');
    server.requests.length = 0;
    renderOverServer('/home/admin', operador, screens);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    cleanup();
    renderOverServer('/home/admin/gadgets', operador, screens, <PathProbe />);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
    expect(server.requests).toEqual([]);
  });
});
