/**
 * A catalogue added through the registry alone (src/domain/catalogues.ts) — its entry and its
 * table — gets its admin-home tile, breadcrumb, list, form, permission checks and a working
 * server route, with nothing else written for it. The entities exist only in this test: their
 * registry is the app's plus their entries, their tables are created in the test's database.
 * 'colors' is a simple lookup (lookupEntry); 'vehicleKinds' a record declared by its fields
 * (defineRecord) — the three declarations docs/add-a-catalogue.md asks for: the
 * descriptor, the table, the registration — listed, created, edited and deleted on its screen
 * through the real server. Its screen is a react-admin <Resource> at the product's URL, whose
 * definition react-admin knows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useCanAccess, useGetRecordRepresentation, useResourceDefinition } from 'react-admin';
import { boolean, pgTable, text as text_ } from 'drizzle-orm/pg-core';
import { tenantLookup } from '../../server/db/schema';
import { createdAt, idColumn, refColumn, updatedAt } from '../../server/db/schema/columns';
import { APP_CATALOGUES } from '../../server/catalogues/records';
import { CATALOGUES, lookupEntry, type CatalogueRegistry } from '../../src/domain/catalogues';
import { crudEndpoint } from '../../src/domain/endpoints';
import { defineRecord, flag, text } from '../../src/domain/recordDescriptor';
import { recordDefinitionsOf } from '../../src/domain/recordSchemas';
import { breadcrumbLabels, crumbsFor } from '../../src/domain/navigation';
import { canReadEntry, canWriteEntry } from '../../src/domain/permissions';
import { dismiss } from '../../src/layout/notify';
import { createCanAccess, type AccessQuery } from '../../src/custom/admin/catalogueAccess';
import { adminDeclarationsOf, allDeclarationsOf, resourceEndpointsOf } from '../../src/resources';
import { ACCOUNTS, clientFor } from '../server/catalogueClient';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { expectToast, fill, renderOverServer, signIn, type Screens } from './contractHarness';

const colors = lookupEntry(
  'Cores',
  {
    nameRequired: 'Preencha o nome da cor',
    nameLabel: 'Nome da cor',
    entity: 'Cor',
    tileLabel: 'Cores',
    successMessage: 'Cores atualizadas com sucesso',
  },
  'colors',
);

const URL = '/api/admin/colors';

/** 1. The descriptor: the entry and its fields (label, validation, whether the list shows it). */
const vehicleKinds = defineRecord({
  label: 'Tipos de veículo',
  endpoint: crudEndpoint('admin', 'vehicleKinds'),
  tenancy: 'riskManager',
  providersRead: true,
  entity: 'Tipo de veículo',
  tile: { group: 'advanced', label: 'Tipos de veículo' },
  successMessage: 'Tipos de veículo atualizados com sucesso',
  fields: {
    name: text({ label: 'Tipo', required: 'Preencha o tipo' }),
    axles: text({ label: 'Eixos', required: 'Preencha os eixos' }),
    notes: text({ label: 'Observação', required: 'Preencha a observação', max: 'text', column: false }),
    active: flag(),
  },
});

/** 2. The table: a column per field, of its name, and the tenant's (tsc checks it against the descriptor in RECORD_TABLES). */
const vehicleKindsTable = pgTable('vehicle_kinds', {
  id: idColumn(),
  riskManager: refColumn('risk_manager_id').notNull(),
  name: text_('name').notNull(),
  axles: text_('axles').notNull(),
  notes: text_('notes').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** 3. The registration: the entry in the registry (the app's: CATALOGUES), the table in the tables (RECORD_TABLES). */
const registry: CatalogueRegistry = { ...CATALOGUES, colors, vehicleKinds };

/** The table and its migration, as server/db/schema/catalogues.ts and migrations write them for a lookup. */
const COLORS_TABLE = `
  create table "colors" (
    "id" char(24) primary key not null,
    "risk_manager_id" char(24) not null references "risk_managers"("id") on delete restrict,
    "name" text not null,
    "active" boolean default true not null,
    "created_at" timestamp with time zone default now() not null,
    "updated_at" timestamp with time zone default now() not null
  )`;

const KINDS_TABLE = `
  create table "vehicle_kinds" (
    "id" char(24) primary key not null,
    "risk_manager_id" char(24) not null references "risk_managers"("id") on delete restrict,
    "name" text not null,
    "axles" text not null,
    "notes" text not null,
    "active" boolean default true not null,
    "created_at" timestamp with time zone default now() not null,
    "updated_at" timestamp with time zone default now() not null
  )`;

/** What react-admin knows of a resource: its definition and whether the signed-in user may create. */
function ResourceProbe({ name }: { name: string }) {
  const definition = useResourceDefinition({ resource: name });
  const represent = useGetRecordRepresentation(name);
  const { canAccess } = useCanAccess({ resource: name, action: 'create' });
  const label = (definition.options as { label?: string } | undefined)?.label ?? '';
  const represented = represent({ id: 'x', name: 'Azul' });
  return (
    <output data-testid={`probe-${name}`}>
      {[label, typeof represented === 'string' ? represented : '', definition.hasList ? 'lista' : '', canAccess ? 'pode criar' : ''].join(' · ')}
    </output>
  );
}

const screens: Screens = { declarations: adminDeclarationsOf(registry), endpoints: resourceEndpointsOf(registry) };

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp(
    {},
    {
      catalogues: {
        registry,
        tables: { ...APP_CATALOGUES.tables, colors: tenantLookup('colors'), vehicleKinds: vehicleKindsTable },
        records: recordDefinitionsOf(registry),
        createTables: COLORS_TABLE,
      },
    },
  );
  await server.database.db.execute(sql.raw(KINDS_TABLE));
}, 120_000);
afterAll(async () => server?.close());
afterEach(() => dismiss());

describe('a catalogue added through the registry alone', () => {
  it('has its breadcrumb, endpoint and permission rules from its entry', () => {
    expect(crumbsFor('/home/admin/colors', breadcrumbLabels(registry)).map((c) => c.label)).toEqual([
      'Home',
      'Administração',
      'Cores',
    ]);
    // The app's own labels do not know it (an unknown segment is capitalised).
    expect(crumbsFor('/home/admin/colors').map((c) => c.label)).toEqual(['Home', 'Administração', 'Colors']);
    expect(resourceEndpointsOf(registry).colors).toEqual(crudEndpoint('admin', 'colors'));
    expect(canWriteEntry(colors, { type: 'risk_manager', perfil: 'admin' })).toBe(true);
    expect(canWriteEntry(colors, { type: 'risk_manager', perfil: 'operational' })).toBe(false);
    expect(canReadEntry(colors, { type: 'risk_manager', perfil: 'operational' })).toBe(true);
    // A lookup is read by providers (their mission screens show it).
    expect(canReadEntry(colors, { type: 'service_provider', perfil: 'admin' })).toBe(true);
  });

  it('is served by the admin service with its entry’s rules and schema', async () => {
    const gestor = await signIn(server.app, ACCOUNTS.gestor);
    const created = await gestor.httpClient<{ _id: string; name: string }>('admin', 'colors', {
      method: 'POST',
      body: { name: 'Azul', active: true },
    });
    expect(created.status).toBe(201);
    expect(created.data.name).toBe('Azul');

    const as = async (account: keyof typeof ACCOUNTS) => clientFor(server.app, await login(server.app, ACCOUNTS[account]));
    const operador = await as('operador');
    expect((await operador.get(URL)).json<{ name: string }[]>().map((r) => r.name)).toEqual(['Azul']);
    expect((await operador.post(URL, { name: 'Verde', active: true })).statusCode).toBe(403);
    expect((await (await as('prestador')).get(URL)).statusCode).toBe(200);
    const invalid = await (await as('gestor')).post(URL, { name: '', active: true });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'name', message: 'Preencha o nome da cor' }),
    ]);
    await server.reset();
  });

  it('a record declared by its fields: served with its derived schema, its fields mapped both ways, tenancy and rules', async () => {
    const as = async (account: keyof typeof ACCOUNTS) => clientFor(server.app, await login(server.app, ACCOUNTS[account]));
    const gestor = await as('gestor');
    const KINDS = '/api/admin/vehicleKinds';
    const created = await gestor.post(KINDS, { name: 'Carreta', axles: '3', notes: 'Três eixos', active: true, extra: 'ignorado' });
    expect(created.statusCode).toBe(201);
    const record = created.json<Record<string, unknown>>();
    expect(Object.keys(record).sort()).toEqual(['_id', 'active', 'axles', 'name', 'notes', 'riskManager']);
    expect(record).toMatchObject({ name: 'Carreta', axles: '3', active: true });
    const updated = await gestor.put(`${KINDS}/${String(record._id)}`, { name: 'Carreta LS', axles: '4', notes: 'Quatro eixos', active: false });
    expect(updated.json()).toMatchObject({ name: 'Carreta LS', axles: '4', active: false });
    expect((await gestor.get(KINDS)).json<{ axles: string }[]>().map((r) => r.axles)).toEqual(['4']);
    const missing = await gestor.post(KINDS, { name: 'Truck', notes: 'Leve', active: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'axles', message: 'Preencha os eixos' }),
    ]);
    // providersRead: a provider reads it; only catalogue admins write it; another tenant sees none.
    expect((await (await as('prestador')).get(KINDS)).statusCode).toBe(200);
    expect((await (await as('operador')).post(KINDS, { name: 'Van', axles: '2', notes: 'Leve', active: true })).statusCode).toBe(403);
    expect((await (await as('norte')).get(KINDS)).json()).toEqual([]);
    expect((await gestor.del(`${KINDS}/${String(record._id)}`)).statusCode).toBeLessThan(300);
    expect((await gestor.get(KINDS)).json()).toEqual([]);
    await server.reset();
  });

  it('has its tile, list and form, creating through the real server', { timeout: 90_000 }, async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    const { user } = renderOverServer('/home/admin', signedIn, screens);
    await user.click(await screen.findByRole('button', { name: 'Cores' }));

    // Its list, empty in a fresh table.
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cores' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Cor' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha o nome da cor')).toBeInTheDocument();
    await fill(user, dialog, { 'Nome da cor': 'Vermelho' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Cores atualizadas com sucesso');
    const table = await screen.findByRole('table', { name: 'Cores' });
    expect(within(table).getByRole('columnheader', { name: /Nome da cor/ })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText('Vermelho')).toBeInTheDocument());

    const stored = await signedIn.httpClient<{ name: string }[]>('admin', 'colors');
    expect(stored.data.map((r) => r.name)).toEqual(['Vermelho']);
    await server.reset();
  });

  it('a record declared by its fields: its tile, list and form, listed, created, edited and deleted through the real server', { timeout: 120_000 }, async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    const { user } = renderOverServer('/home/admin/advanced', signedIn, screens);
    await user.click(await screen.findByRole('button', { name: 'Tipos de veículo' }));
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();

    // Create: the descriptor's messages in the form, its labels on the fields.
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const creating = await screen.findByRole('dialog', { name: 'Criar | Tipo de veículo' });
    await user.click(within(creating).getByRole('button', { name: 'Salvar' }));
    expect(await within(creating).findByText('Preencha o tipo')).toBeInTheDocument();
    expect(within(creating).getByText('Preencha os eixos')).toBeInTheDocument();
    expect(within(creating).getByText('Preencha a observação')).toBeInTheDocument();
    await fill(user, creating, { Tipo: 'Carreta', Eixos: '3', Observação: 'Três eixos' });
    await user.click(within(creating).getByRole('button', { name: 'Salvar' }));
    await expectToast('Tipos de veículo atualizados com sucesso');

    // List: the fields that are columns, in the descriptor's order ('Observação' is the form's only).
    const table = await screen.findByRole('table', { name: 'Tipos de veículo' });
    await waitFor(() => expect(within(table).getByText('Carreta')).toBeInTheDocument());
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent ?? '');
    expect(headers.filter((header) => /Tipo|Eixos|Ativo|Observação/.test(header))).toEqual([
      expect.stringMatching(/^Tipo/),
      expect.stringMatching(/^Eixos/),
      expect.stringMatching(/^Ativo/),
    ]);

    // Edit.
    await user.click(within(within(table).getByText('Carreta').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const viewing = await screen.findByRole('dialog', { name: /\| Tipo de veículo$/ });
    expect(within(viewing).getByText('Três eixos')).toBeInTheDocument();
    await user.click(within(viewing).getByRole('button', { name: 'Editar' }));
    await fill(user, viewing, { Tipo: 'Carreta LS', Eixos: '4' });
    await user.click(within(viewing).getByRole('button', { name: 'Salvar' }));
    await expectToast('Tipos de veículo atualizados com sucesso');
    await waitFor(() => expect(within(table).getByText('Carreta LS')).toBeInTheDocument());
    const stored = await signedIn.httpClient<{ name: string; axles: string; notes: string }[]>('admin', 'vehicleKinds');
    expect(stored.data).toEqual([expect.objectContaining({ name: 'Carreta LS', axles: '4', notes: 'Três eixos' })]);

    // Delete (the edit dialog hides the list from assistive technology until it has closed).
    await user.click(await within(within(table).getByText('Carreta LS').closest('tr')!).findByRole('button', { name: 'Ver' }));
    const deleting = await screen.findByRole('dialog', { name: /\| Tipo de veículo$/ });
    await user.click(within(deleting).getByRole('button', { name: 'Deletar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deletar | Tipo de veículo' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    await expectToast('Tipos de veículo atualizados com sucesso');
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect((await signedIn.httpClient<unknown[]>('admin', 'vehicleKinds')).data).toEqual([]);
    await server.reset();
  });

  it('is a react-admin <Resource> at its product URL: its definition, canAccess through the authProvider, no other path', { timeout: 90_000 }, async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    const rules = createCanAccess(signedIn.getUser, allDeclarationsOf(registry));
    const asked: AccessQuery[] = [];
    const authProvider = {
      ...signedIn.authProvider,
      canAccess: (query: AccessQuery) => {
        asked.push(query);
        return rules(query);
      },
    };
    renderOverServer('/home/admin/colors', { ...signedIn, authProvider }, screens, <ResourceProbe name="colors" />);

    // Opened at its URL, not through its tile: the list is its <Resource>'s list.
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cores' })).toBeInTheDocument();
    // react-admin knows it: options.label, recordRepresentation, a list; its list asked canAccess.
    const probe = await screen.findByTestId('probe-colors');
    await waitFor(() => expect(probe).toHaveTextContent('Cores · Azul · lista · pode criar'));
    expect(asked).toContainEqual(expect.objectContaining({ action: 'list', resource: 'colors' }));
  });

  it('answers nothing below its list but its child lists', async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.gestor);
    renderOverServer('/home/admin/colors/xyz', signedIn, screens);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
  });

  it('shows no tile to whom its entry’s rule refuses', async () => {
    const signedIn = await signIn(server.app, ACCOUNTS.operador);
    renderOverServer('/home/admin', signedIn, screens);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
  });
});
