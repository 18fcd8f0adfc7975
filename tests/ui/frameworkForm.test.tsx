/**
 * The generated detail form over the real server (contractHarness.tsx), which serves the test's
 * own entity ('kits': an entry, a shared schema and a table made here, as framework.test.tsx
 * does): read-only until Editar (toggles stay editable unless read-only), Cancelar, Salvar
 * loading, the delete confirmation, success toasts, and what a failed save shows. What the fake's
 * calls showed is read back from the server: the requests and Idempotency-Keys it received and the
 * kits it stores. The server's own refusals are real (a CNPJ it finds invalid, a name already
 * taken, a kit still in use); a 500, a code the shared schema stops in the browser first, and a
 * slow answer come from a wrapper around the real client.
 */
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { boolean as booleanColumn, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boolean, object, string } from 'yup';
import { APP_CATALOGUES } from '../../server/catalogues/records';
import { createdAt, idColumn, refColumn, updatedAt } from '../../server/db/schema/columns';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { CATALOGUES, type CatalogueEntry } from '../../src/domain/catalogues';
import { DUPLICATE_NAME } from '../../src/domain/messages';
import { activeField, cnpjField, group, requiredText, riskManagerRef, strictBoolean } from '../../src/domain/schemas/fields';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import { createDataProvider } from '../../src/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { dismiss } from '../../src/layout/notify';
import { RaNotificationBridge } from '../../src/layout/RaNotificationBridge';
import { Toaster } from '../../src/layout/Toaster';
import { buildResourceRoutes } from '../../src/resources/framework/routes';
import { describeSaveError, GENERIC_SAVE_ERROR } from '../../src/dataProvider/saveErrors';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { cnpjMask } from '../../src/resources/shared';
import './contractHarness';
import { createUiServer, type UiServer } from './uiServer';
import { crudEndpoint } from '../../src/domain/endpoints';

const kits: ResourceDeclaration = {
  name: 'kits',
  title: 'Kits',
  entity: 'Kit',
  endpoint: crudEndpoint('admin', 'kits'),
  schema: object({ name: string().trim().required('Preencha o nome do kit'), cnpj: string().required(), active: boolean().required() }),
  fields: [
    { source: 'id', label: 'ID', type: 'text', readOnly: true, hidden: (ctx) => ctx.mode === 'create' },
    { source: 'name', label: 'Nome', type: 'text' },
    { source: 'cnpj', label: 'CNPJ', type: 'masked', mask: cnpjMask },
    { source: 'active', label: 'Ativo', type: 'boolean', defaultValue: true },
    { source: 'locked', label: 'Bloqueado', type: 'boolean', readOnly: true },
  ],
  columns: [
    { source: 'name', label: 'Nome' },
    { source: 'cnpj', label: 'CNPJ' },
    { source: 'active', label: 'Ativo' },
  ],
  sections: [
    { title: 'Identificação', fields: ['id', 'name', 'cnpj'] },
    { title: 'Situação', fields: ['active', 'locked'] },
  ],
  successMessage: 'Kits atualizados com sucesso',
};

/** The server side of the entity: its registry entry, shared schema (the server checks the CNPJ) and table. */
const kitsEntry = { label: 'Kits', endpoint: crudEndpoint('admin', 'kits'), tenancy: 'riskManager', providersRead: false } as const satisfies CatalogueEntry;
const kitSchema = group({
  name: requiredText('Preencha o nome do kit'),
  cnpj: cnpjField('Preencha o CNPJ'),
  active: activeField(),
  locked: strictBoolean().default(false),
  riskManager: riskManagerRef(),
});
const kitsTable = pgTable('kits', {
  id: idColumn(),
  riskManager: refColumn('risk_manager_id').notNull(),
  name: text('name').notNull(),
  cnpj: text('cnpj').notNull(),
  active: booleanColumn('active').notNull().default(true),
  locked: booleanColumn('locked').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
// A name is unique per risk manager (the catalogues' '<table>_name_unique' rule: 409 on a
// duplicate), and a kit in use by another record cannot be deleted (409 'em uso').
const KITS_TABLE = `
  create table "kits" (
    "id" char(24) primary key not null,
    "risk_manager_id" char(24) not null references "risk_managers"("id") on delete restrict,
    "name" text not null,
    "cnpj" text not null,
    "active" boolean default true not null,
    "locked" boolean default false not null,
    "created_at" timestamp with time zone default now() not null,
    "updated_at" timestamp with time zone default now() not null
  )`;
const KITS_NAME_UNIQUE = 'create unique index "kits_name_unique" on "kits" ("risk_manager_id", lower("name"))';
const KIT_USES_TABLE = 'create table "kit_uses" ("kit_id" char(24) not null references "kits"("id") on delete restrict)';

/** `METHOD /path` and the Idempotency-Key of every write the server received. */
const writes: [string, string | undefined][] = [];
let server: UiServer;
beforeAll(async () => {
  server = await createUiServer({
    catalogues: {
      registry: { ...CATALOGUES, kits: kitsEntry },
      tables: { ...APP_CATALOGUES.tables, kits: kitsTable },
      records: { ...APP_CATALOGUES.records, kits: { schema: kitSchema } },
      createTables: KITS_TABLE,
    },
    setup: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.method !== 'GET') writes.push([`${request.method} ${request.url}`, request.headers['idempotency-key'] as string | undefined]);
        done();
      });
    },
  });
  await server.database.db.execute(sql.raw(KITS_NAME_UNIQUE));
  await server.database.db.execute(sql.raw(KIT_USES_TABLE));
}, 120_000);
afterAll(async () => server?.close());

/** The one kit each test starts from, created through the API. */
let kitId = '';
beforeEach(async () => {
  await server.database.db.execute(sql.raw('delete from "kit_uses"'));
  await server.database.db.execute(sql.raw('delete from "kits"'));
  kitId = (await kitsApi<ApiRecord>('', { method: 'POST', body: { name: 'Kit resgate', cnpj: '11222333000181', active: true, locked: true } }))._id;
  server.requests.length = 0;
  writes.length = 0;
}, 60_000);
afterEach(() => dismiss());

async function kitsApi<T>(path: string, options?: RequestOptions): Promise<T> {
  const { httpClient } = await server.signedIn('gestor');
  return (await httpClient<T>('admin', path ? `kits/${path}` : 'kits', options)).data;
}
/** The kits the server stores for the demo risk manager. */
const storedKits = () => kitsApi<ApiRecord[]>('');
const writesOf = (method: string) => writes.filter(([call]) => call.startsWith(`${method} `));
const nonGets = () => server.requests.filter((r) => !r.startsWith('GET '));

/** The kits' generated routes alone (no admin home, so no tile), with the real providers over the gestor's session. */
async function renderKits(wrap?: (inner: HttpClient) => HttpClient) {
  const { httpClient, authProvider } = await server.signedIn('gestor');
  const dataProvider = createDataProvider({ httpClient: wrap ? wrap(httpClient) : httpClient, endpoints: { kits: kits.endpoint } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={['/home/admin/kits']}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route
            path="/home/admin/*"
            element={<Routes>{buildResourceRoutes([kits], { pathPrefix: '', urlBase: '/home/admin', backTo: '/home/admin', registry: {} })}</Routes>}
          />
        </Routes>
        <RaNotificationBridge />
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup() };
}

async function openKit(wrap?: (inner: HttpClient) => HttpClient) {
  const { user } = await renderKits(wrap);
  const table = await screen.findByRole('table', { name: 'Kits' });
  await user.click(within(table).getByRole('button', { name: 'Ver' }));
  const dialog = await screen.findByRole('dialog', { name: 'Consultar | Kit' });
  return { user, table, dialog };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('detail form', () => {
  it('opens read-only with titled sections, masks and Sim/Não; Editar unlocks; Cancelar restores', { timeout: 60_000 }, async () => {
    const { user, table, dialog } = await openKit();

    expect(within(table).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Identificação' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Situação' })).toBeInTheDocument();
    expect(within(dialog).getByText(kitId)).toBeInTheDocument();
    expect(within(dialog).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    // The toggle stays editable in view mode; the read-only one shows its text.
    expect(within(dialog).getByRole('switch', { name: 'Ativo' })).toBeEnabled();
    expect(within(dialog).queryByRole('switch', { name: 'Bloqueado' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Sim', { selector: '[data-testid="value-locked"]' })).toBeInTheDocument();
    for (const name of ['Voltar', 'Editar', 'Deletar']) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    for (const name of ['Salvar', 'Cancelar']) expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    expect(within(dialog).getByRole('textbox', { name: 'CNPJ' })).toHaveValue('11.222.333/0001-81');
    expect(within(dialog).queryByRole('textbox', { name: 'ID' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Outro nome');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Kit resgate')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nonGets()).toHaveLength(0);
    expect(await storedKits()).toEqual([expect.objectContaining({ name: 'Kit resgate' })]);
  });

  it('saves a toggle changed in view mode', { timeout: 60_000 }, async () => {
    const { user, dialog } = await openKit();
    await user.click(within(dialog).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    expect(await storedKits()).toEqual([expect.objectContaining({ _id: kitId, active: false })]);
  });

  it('shows Salvar loading while saving, then closes, refreshes the list and toasts', { timeout: 60_000 }, async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The save waits in the wrapper until the test has looked at the pending state.
    const { user, table, dialog } = await openKit((inner) => async (base, path, options) => {
      if (options?.method === 'PUT') await held;
      return inner(base, path, options);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Kit novo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const saving = await within(dialog).findByRole('button', { name: /Salvar/ });
    await waitFor(() => expect(saving).toBeDisabled());
    expect(within(saving).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Kits atualizados com sucesso')).not.toBeInTheDocument();
    expect(writesOf('PUT')).toHaveLength(0);

    release();
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByText('Kit novo')).toBeInTheDocument();
    expect(await storedKits()).toEqual([expect.objectContaining({ _id: kitId, name: 'Kit novo' })]);
  });

  it('validates with the schema before calling the server', { timeout: 60_000 }, async () => {
    const { user, dialog } = await openKit();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nome' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha o nome do kit')).toBeInTheDocument();
    expect(nonGets()).toHaveLength(0);
  });

  it('asks before deleting: Não, cancelar keeps the record, Sim, tenho certeza deletes it', { timeout: 60_000 }, async () => {
    const { user, table, dialog } = await openKit();
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    let confirm = await screen.findByRole('dialog', { name: 'Deletar | Kit' });
    expect(within(confirm).getByText('Tem certeza que deseja deletar?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deletar | Kit' })).not.toBeInTheDocument());
    expect(nonGets()).toHaveLength(0);
    expect(await storedKits()).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    confirm = await screen.findByRole('dialog', { name: 'Deletar | Kit' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(table).not.toBeInTheDocument();
    expect(await storedKits()).toHaveLength(0);
  });
});

describe('one submission, one write', () => {
  it('a double click on Salvar sends one POST, with an Idempotency-Key, and Salvar waits disabled', { timeout: 60_000 }, async () => {
    // The create reaches the server a little late, so the second click lands while it is pending.
    const { user } = await renderKits((inner) => async (base, path, options) => {
      if (options?.method === 'POST') await delay(150);
      return inner(base, path, options);
    });
    await screen.findByRole('table', { name: 'Kits' });
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Kit' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Kit duplo');
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ' }), '11222333000181');

    const salvar = within(dialog).getByRole('button', { name: 'Salvar' });
    // Two clicks before React re-renders, as a fast double click delivers them.
    fireEvent.click(salvar);
    fireEvent.click(salvar);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /Salvar/ })).toBeDisabled());
    fireEvent.click(within(dialog).getByRole('button', { name: /Salvar/ }));

    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    const posts = writesOf('POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.[1]).toMatch(/\S{8,}/);
    expect((await storedKits()).filter((k) => k.name === 'Kit duplo')).toHaveLength(1);
  });

  it('each submission has its own key: a save refused and sent again goes with a new one', { timeout: 60_000 }, async () => {
    // The name is taken by another kit when the first save arrives (409), freed before the second.
    const { user, dialog } = await openKit();
    const other = await kitsApi<ApiRecord>('', { method: 'POST', body: { name: 'Kit socorro', cnpj: '11222333000181', active: true } });
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Kit socorro');
    server.requests.length = 0;
    writes.length = 0;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(DUPLICATE_NAME);
    await kitsApi(String(other._id), { method: 'DELETE' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    const keys = writesOf('PUT').map(([, key]) => key);
    expect(keys).toHaveLength(2);
    expect(typeof keys[0]).toBe('string');
    expect(keys[0]).not.toBe(keys[1]);
    expect(await storedKits()).toEqual([expect.objectContaining({ _id: kitId, name: 'Kit socorro' })]);
  });
});

describe('one confirmation, one delete', () => {
  it("a double click on 'Sim, tenho certeza' sends one DELETE and shows no error", { timeout: 60_000 }, async () => {
    // The delete reaches the server a little late, so the second click lands while it is pending.
    const { user, dialog } = await openKit((inner) => async (base, path, options) => {
      if (options?.method === 'DELETE') await delay(150);
      return inner(base, path, options);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    const yes = await screen.findByRole('button', { name: 'Sim, tenho certeza' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writesOf('DELETE')).toHaveLength(1);
    expect(await storedKits()).toHaveLength(0);
  });
});

describe('dialog title and unsaved changes', () => {
  it("is titled 'Editar | Kit' once Editar is pressed, 'Consultar | Kit' again after Cancelar", { timeout: 60_000 }, async () => {
    const { user, dialog } = await openKit();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('dialog', { name: 'Editar | Kit' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('dialog', { name: 'Consultar | Kit' })).toBe(dialog);
  });

  it('Esc on a changed form asks before discarding; Continuar editando keeps the changes', { timeout: 60_000 }, async () => {
    const { user, dialog } = await openKit();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Kit alterado');
    await user.keyboard('{Escape}');

    const ask = await screen.findByRole('dialog', { name: 'Descartar as alterações?' });
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Descartar as alterações?' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: 'Editar | Kit' })).getByRole('textbox', { name: 'Nome' })).toHaveValue('Kit alterado');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Descartar as alterações?' })).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(nonGets()).toHaveLength(0);
    expect(await storedKits()).toEqual([expect.objectContaining({ _id: kitId, name: 'Kit resgate' })]);
  });

  it('Esc on an unchanged form closes it at once', { timeout: 60_000 }, async () => {
    const { user } = await openKit();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('failed saves', () => {
  /** Opens the kit, presses Editar, applies `edit`, then Salvar; `wrap` stands for a failure the real server does not give. */
  async function saveWith(edit?: (dialog: HTMLElement, user: Awaited<ReturnType<typeof openKit>>['user']) => Promise<void>, wrap?: (inner: HttpClient) => HttpClient) {
    const opened = await openKit(wrap);
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Editar' }));
    await edit?.(opened.dialog, opened.user);
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Salvar' }));
    return opened;
  }
  const failing = (failure: HttpError) => (inner: HttpClient): HttpClient => (base, path, options) =>
    options?.method === 'PUT' || options?.method === 'DELETE' ? Promise.reject(failure) : inner(base, path, options);

  it('shows server field errors under their fields and keeps the form open, unchanged', { timeout: 60_000 }, async () => {
    // The browser's schema only asks for a CNPJ; the server's checks its digits and refuses this one.
    const { dialog } = await saveWith(async (form, user) => {
      const cnpj = within(form).getByRole('textbox', { name: 'CNPJ' });
      await user.clear(cnpj);
      await user.type(cnpj, '11222333000180');
    });
    const error = await within(dialog).findByText('CNPJ inválido', { selector: 'p' });
    expect(error).toBeInTheDocument();
    // The toast sits outside the modal, which hides the rest of the page from the accessibility tree.
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('CNPJ inválido');
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveValue('Kit resgate');
    expect(writesOf('PUT')).toHaveLength(1);
    expect(await storedKits()).toEqual([expect.objectContaining({ _id: kitId, name: 'Kit resgate', cnpj: '11222333000181' })]);
  });

  it("maps the server's too_small on name to 'Nomeação não informada'", { timeout: 60_000 }, async () => {
    // The browser's schema stops a name the server would find too short, so the answer is the wrapper's.
    const { dialog } = await saveWith(undefined, failing(new HttpError(400, { errors: [{ code: 'too_small', path: 'name', message: 'x' }] })));
    expect(await within(dialog).findByText('Nomeação não informada')).toBeInTheDocument();
  });

  it('shows the generic save error for anything else', { timeout: 60_000 }, async () => {
    // The real server cannot be led to fail a valid save: the wrapper answers 500 in its place.
    const { dialog } = await saveWith(undefined, failing(new HttpError(500, { error: 'Unknown error' })));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(GENERIC_SAVE_ERROR);
    expect(dialog).toBeInTheDocument();
  });

  it("shows a 409's message when a delete is refused", { timeout: 60_000 }, async () => {
    // Another record still points at the kit: the server refuses to delete it.
    await server.database.db.execute(sql.raw(`insert into "kit_uses" ("kit_id") values ('${kitId}')`));
    const { user, dialog } = await openKit();
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Registro em uso por outros cadastros. Desative-o em vez de excluir.');
    expect(writesOf('DELETE')).toHaveLength(1);
    expect(await storedKits()).toHaveLength(1);
    expect(await screen.findByRole('dialog', { name: 'Consultar | Kit' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Deletar | Kit' })).not.toBeInTheDocument();
  });
});

describe('describeSaveError', () => {
  it('maps the admin codes of the error catalogue', () => {
    const issues = (code: string, path: string) => new HttpError(400, { errors: [{ code, path, message: 'servidor' }] });
    expect(describeSaveError(issues('missingRiskManager', 'riskManager'))).toEqual({
      fieldErrors: [{ path: 'riskManager', message: 'Gestora de risco não informada' }],
      toast: 'Gestora de risco não informada',
    });
    expect(describeSaveError(issues('missingActive', 'active')).toast).toBe('Ativação pendente');
    expect(describeSaveError(issues('too_small', 'name')).toast).toBe('Nomeação não informada');
    // too_small elsewhere keeps the server's message.
    expect(describeSaveError(issues('too_small', 'legalName')).fieldErrors[0]?.message).toBe('servidor');
    expect(describeSaveError(new Error('rede')).toast).toBe(GENERIC_SAVE_ERROR);
    expect(describeSaveError(new HttpError(500, { error: 'Falhou' })).toast).toBe(GENERIC_SAVE_ERROR);
    expect(describeSaveError(new HttpError(0, { error: 'sem rede' })).toast).toBe(GENERIC_SAVE_ERROR);
  });

  it("shows a refusal's own message: 400, 403, 404, 422 say why", () => {
    const own = 'Não é possível excluir o próprio usuário';
    expect(describeSaveError(new HttpError(400, { error: own }))).toEqual({ fieldErrors: [], toast: own });
    expect(describeSaveError(new HttpError(403, { error: 'Perfil não permitido' })).toast).toBe('Perfil não permitido');
    expect(describeSaveError(new HttpError(422, { error: 'Chave reutilizada' })).toast).toBe('Chave reutilizada');
    // The server's English machine strings become Portuguese, never the generic save error.
    expect(describeSaveError(new HttpError(403, { error: 'forbidden' })).toast).toBe('Você não tem permissão para realizar esta ação.');
    expect(describeSaveError(new HttpError(404, { error: 'not found' })).toast).toBe('Registro não encontrado.');
  });
});
