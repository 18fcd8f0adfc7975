/**
 * The generated detail form: read-only until Editar (toggles stay editable unless read-only),
 * Cancelar, Salvar loading, the delete confirmation, success toasts, and what a failed save shows.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { boolean, object, string } from 'yup';
import { HttpError } from '../../src/dataProvider/HttpError';
import { dismiss } from '../../src/layout/notify';
import { buildResourceRoutes } from '../../src/resources/framework/routes';
import { describeSaveError, GENERIC_SAVE_ERROR } from '../../src/resources/framework/saveErrors';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import { cnpjMask } from '../../src/resources/shared';
import { createFakeApi, delay, renderApp, type FakeApi } from './frameworkHarness';
import { crudEndpoint } from '../../src/domain/endpoints';

const KIT_ID = 'aaaaaaaaaaaaaaaaaaaaaa21';

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

const routes = (
  <Routes>
    <Route
      path="/home/admin/*"
      element={<Routes>{buildResourceRoutes([kits], { pathPrefix: '', urlBase: '/home/admin', backTo: '/home/admin', registry: {} })}</Routes>}
    />
  </Routes>
);

const seedApi = () =>
  createFakeApi({ 'admin:kits': [{ _id: KIT_ID, name: 'Kit resgate', cnpj: '11222333000181', active: true, locked: true }] });

async function openKit(api: FakeApi) {
  const user = userEvent.setup();
  renderApp({ path: '/home/admin/kits', api, endpoints: { kits: kits.endpoint }, children: routes });
  const table = await screen.findByRole('table', { name: 'Kits' });
  await user.click(within(table).getByRole('button', { name: 'Ver' }));
  const dialog = await screen.findByRole('dialog', { name: 'Consultar | Kit' });
  return { user, table, dialog };
}

afterEach(() => dismiss());

describe('detail form', () => {
  it('opens read-only with titled sections, masks and Sim/Não; Editar unlocks; Cancelar restores', async () => {
    const api = seedApi();
    const { user, table, dialog } = await openKit(api);

    expect(within(table).getByText('11.222.333/0001-81')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Identificação' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Situação' })).toBeInTheDocument();
    expect(within(dialog).getByText(KIT_ID)).toBeInTheDocument();
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
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('saves a toggle changed in view mode', async () => {
    const api = seedApi();
    const { user, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    expect(api.collections['admin:kits']?.[0]?.active).toBe(false);
  });

  it('shows Salvar loading while saving, then closes, refreshes the list and toasts', async () => {
    const api = seedApi();
    let release: () => void = () => undefined;
    api.use((request) => (request.method === 'PUT' ? new Promise<undefined>((resolve) => (release = () => resolve(undefined))) : undefined));
    const { user, table, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Kit novo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const saving = await within(dialog).findByRole('button', { name: /Salvar/ });
    await waitFor(() => expect(saving).toBeDisabled());
    expect(within(saving).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Kits atualizados com sucesso')).not.toBeInTheDocument();

    release();
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByText('Kit novo')).toBeInTheDocument();
  });

  it('validates with the schema before calling the server', async () => {
    const api = seedApi();
    const { user, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nome' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha o nome do kit')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('asks before deleting: Não, cancelar keeps the record, Sim, tenho certeza deletes it', async () => {
    const api = seedApi();
    const { user, table, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    let confirm = await screen.findByRole('dialog', { name: 'Deletar | Kit' });
    expect(within(confirm).getByText('Tem certeza que deseja deletar?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deletar | Kit' })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    confirm = await screen.findByRole('dialog', { name: 'Deletar | Kit' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(table).not.toBeInTheDocument();
    expect(api.collections['admin:kits']).toHaveLength(0);
  });
});

describe('one submission, one write', () => {
  it('a double click on Salvar sends one POST, with an Idempotency-Key, and Salvar waits disabled', async () => {
    const api = seedApi();
    api.use((request) => (request.method === 'POST' ? delay(150).then(() => undefined) : undefined));
    const user = userEvent.setup();
    renderApp({ path: '/home/admin/kits', api, endpoints: { kits: kits.endpoint }, children: routes });
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
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.idempotencyKey).toMatch(/\S{8,}/);
    expect(api.collections['admin:kits']?.filter((k) => k.name === 'Kit duplo')).toHaveLength(1);
  });

  it('each submission has its own key: a save refused and sent again goes with a new one', async () => {
    const api = seedApi();
    let refuse = true;
    api.use((request) => {
      if (request.method !== 'PUT') return undefined;
      if (refuse) {
        refuse = false;
        throw new HttpError(409, { error: 'Já existe um kit com este nome' });
      }
      return undefined;
    });
    const { user, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Já existe um kit com este nome');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    const keys = api.calls.filter((c) => c.method === 'PUT').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(typeof keys[0]).toBe('string');
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('one confirmation, one delete', () => {
  it("a double click on 'Sim, tenho certeza' sends one DELETE and shows no error", async () => {
    const api = seedApi();
    api.use((request) => (request.method === 'DELETE' ? delay(150).then(() => undefined) : undefined));
    const { user, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    const yes = await screen.findByRole('button', { name: 'Sim, tenho certeza' });
    fireEvent.click(yes);
    fireEvent.click(yes);
    expect(await screen.findByText('Kits atualizados com sucesso')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('dialog title and unsaved changes', () => {
  it("is titled 'Editar | Kit' once Editar is pressed, 'Consultar | Kit' again after Cancelar", async () => {
    const { user, dialog } = await openKit(seedApi());
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(screen.getByRole('dialog', { name: 'Editar | Kit' })).toBe(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('dialog', { name: 'Consultar | Kit' })).toBe(dialog);
  });

  it('Esc on a changed form asks before discarding; Continuar editando keeps the changes', async () => {
    const api = seedApi();
    const { user, dialog } = await openKit(api);
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
    expect(api.collections['admin:kits']?.[0]?.name).toBe('Kit resgate');
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('Esc on an unchanged form closes it at once', async () => {
    const { user } = await openKit(seedApi());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('failed saves', () => {
  async function saveWith(failure: HttpError) {
    const api = seedApi();
    api.use((request) => {
      if (request.method === 'PUT' || request.method === 'DELETE') throw failure;
      return undefined;
    });
    const opened = await openKit(api);
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Editar' }));
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Salvar' }));
    return { api, ...opened };
  }

  it('shows server field errors under their fields and keeps the form open, unchanged', async () => {
    const { api, dialog } = await saveWith(
      new HttpError(400, { errors: [{ code: 'invalid_cnpj', path: 'cnpj', message: 'CNPJ inválido' }] }),
    );
    const error = await within(dialog).findByText('CNPJ inválido', { selector: 'p' });
    expect(error).toBeInTheDocument();
    // The toast sits outside the modal, which hides the rest of the page from the accessibility tree.
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('CNPJ inválido');
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toHaveValue('Kit resgate');
    expect(api.collections['admin:kits']?.[0]?.name).toBe('Kit resgate');
  });

  it("maps the server's too_small on name to 'Nomeação não informada'", async () => {
    const { dialog } = await saveWith(new HttpError(400, { errors: [{ code: 'too_small', path: 'name', message: 'x' }] }));
    expect(await within(dialog).findByText('Nomeação não informada')).toBeInTheDocument();
  });

  it('shows the generic save error for anything else', async () => {
    const { dialog } = await saveWith(new HttpError(500, { error: 'Unknown error' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(GENERIC_SAVE_ERROR);
    expect(dialog).toBeInTheDocument();
  });

  it("shows a 409's message when a delete is refused", async () => {
    const api = seedApi();
    const message = 'Registro em uso por outros cadastros. Desative-o em vez de excluir.';
    api.use((request) => {
      if (request.method === 'DELETE') return delay(10).then(() => Promise.reject(new HttpError(409, { error: message })));
      return undefined;
    });
    const { user, dialog } = await openKit(api);
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent(message);
    expect(api.collections['admin:kits']).toHaveLength(1);
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
