/**
 * /home/users (spec 3 and 6): for ti and admin profiles only; the perfil select hides 'TI' unless
 * the current user is ti; password on creation only; e-mail read-only once it exists; the risk
 * manager chosen only by admins at creation.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { UsersPage } from '../../src/custom/users/UsersPage';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { HttpError } from '../../src/dataProvider/HttpError';
import { dismiss } from '../../src/layout/notify';
import { resourceEndpoints } from '../../src/resources';
import { ADMIN, GESTOR_ADMIN, OPERADOR, PRESTADOR_ADMIN, RISK_MANAGER_ID, TI, createFakeApi, renderApp, type TestUser } from './frameworkHarness';
import { expectListed, typeFilter } from './resourcesHarness';
import { defined } from '../defined';

const USER_ID = 'aaaaaaaaaaaaaaaaaaaaaa91';

const routes = (
  <Routes>
    <Route path="/home/users/*" element={<UsersPage />} />
    <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
    <Route path="/home" element={<p>Início</p>} />
  </Routes>
);

/** The signed-in user's own id (frameworkHarness sessionFor). */
const OWN_ID = 'bbbbbbbbbbbbbbbbbbbbbb01';

function renderUsers(user: TestUser, extra: ApiRecord[] = []) {
  const api = createFakeApi({
    'riskManagers:info': [{ _id: RISK_MANAGER_ID, name: 'Gestora Alfa', active: true }],
    'riskManagers:login': [
      {
        _id: USER_ID,
        name: 'Beatriz',
        email: 'beatriz@alfa.com.br',
        role: { type: 'risk_manager', perfil: 'operational' },
        active: true,
        riskManager: RISK_MANAGER_ID,
      },
      {
        _id: 'aaaaaaaaaaaaaaaaaaaaaa92',
        name: 'Caio',
        email: 'caio@alfa.com.br',
        role: { type: 'risk_manager', perfil: 'admin' },
        active: false,
        riskManager: RISK_MANAGER_ID,
      },
      ...extra,
    ],
  });
  const app = renderApp({ path: '/home/users', api, user, endpoints: resourceEndpoints, children: routes });
  return { api, app, user: userEvent.setup() };
}

async function perfilOptions(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /Perfil/ }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return options;
}

afterEach(() => dismiss());

describe('users screen', () => {
  it("lists users with their perfil label", async () => {
    renderUsers(TI);
    const table = await screen.findByRole('table', { name: 'Usuários' });
    const cells = within(defined(within(table).getAllByRole('row')[1], 'first body row')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['Beatriz', 'beatriz@alfa.com.br', 'Operacional', 'Sim']);
  });

  it("offers 'TI' only to a ti user, who is not asked for a risk manager", async () => {
    const { user } = renderUsers(TI);
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Usuário' });
    expect(await perfilOptions(user, dialog)).toEqual(['Administrador', 'Operacional', 'TI']);
    expect(within(dialog).queryByText('Gerenciadora de risco')).not.toBeInTheDocument();
  });

  it("hides 'TI' from an admin, who picks the risk manager; creation sends the password once", async () => {
    const { api, user } = renderUsers(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Usuário' });
    expect(await perfilOptions(user, dialog)).toEqual(['Administrador', 'Operacional']);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Davi');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'davi@alfa.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'Segura@123');
    // An admin must say whose user this is.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha a gerenciadora de risco')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('combobox', { name: /Gerenciadora de risco/ }));
    await user.click(await screen.findByRole('option', { name: 'Gestora Alfa' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuários atualizados com sucesso')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      base: 'riskManagers',
      path: 'login',
      body: {
        name: 'Davi',
        email: 'davi@alfa.com.br',
        password: 'Segura@123',
        role: { perfil: 'operational' },
        active: true,
        riskManager: RISK_MANAGER_ID,
      },
    });
  });

  it('keeps the e-mail read-only once it exists and updates name, perfil and active only', async () => {
    const { api, user } = renderUsers(GESTOR_ADMIN);
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await user.click(within(within(table).getByText('Beatriz').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consultar | Usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('beatriz@alfa.com.br')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Gerenciadora de risco')).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Beatriz Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`login/${USER_ID}`);
    expect(put.body).toEqual({ name: 'Beatriz Souza', role: { perfil: 'operational' }, active: true });
  });

  it('shows perfil and active read-only when the record is the signed-in user, editable for others', async () => {
    // The signed-in user itself (sessionFor's id).
    const self = {
      _id: 'bbbbbbbbbbbbbbbbbbbbbb01',
      name: 'Eu Mesma',
      email: 'eu@alfa.com.br',
      role: { type: 'risk_manager', perfil: 'ti' },
      active: true,
      riskManager: RISK_MANAGER_ID,
    };
    const { user } = renderUsers(TI, [self]);
    const table = await screen.findByRole('table', { name: 'Usuários' });
    const open = async (name: string) => {
      await user.click(within(within(table).getByText(name).closest('tr')!).getByRole('button', { name: 'Ver' }));
      const dialog = await screen.findByRole('dialog', { name: 'Consultar | Usuário' });
      await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
      return dialog;
    };
    const own = await open('Eu Mesma');
    expect(within(own).getByRole('textbox', { name: 'Nome' })).toBeInTheDocument();
    expect(within(own).queryByRole('combobox', { name: /Perfil/ })).not.toBeInTheDocument();
    expect(within(own).getByTestId('value-role.perfil')).toHaveTextContent('TI');
    expect(within(own).queryByRole('switch', { name: 'Ativo' })).not.toBeInTheDocument();
    expect(within(own).getByTestId('value-active')).toHaveTextContent('Sim');
    // Escape reaches the dialog from a field inside it (Editar itself is gone once pressed).
    await user.click(within(own).getByRole('textbox', { name: 'Nome' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const other = await open('Beatriz');
    expect(within(other).getByRole('combobox', { name: /Perfil/ })).toBeInTheDocument();
    expect(within(other).getByRole('switch', { name: 'Ativo' })).toBeInTheDocument();
  });

  it.each([
    ['an operational profile', OPERADOR],
    ['a service-provider admin', PRESTADOR_ADMIN],
  ])('sends %s to /unauthorized', async (_label, who) => {
    const { app, api } = renderUsers(who);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/unauthorized');
    expect(api.calls).toEqual([]);
  });

  it('filters on the perfil label and Sim/Não the list shows', async () => {
    const { user } = renderUsers(GESTOR_ADMIN);
    await expectListed('Usuários', ['Beatriz', 'Caio']);
    await typeFilter(user, 'administrador');
    await expectListed('Usuários', ['Caio']);
    await typeFilter(user, 'operacional');
    await expectListed('Usuários', ['Beatriz']);
    await typeFilter(user, 'não');
    await expectListed('Usuários', ['Caio']);
  });

  it('has no Voltar for a ti user, whose home this screen is; others go back to /home', async () => {
    const ti = renderUsers(TI);
    expect(await screen.findByRole('table', { name: 'Usuários' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voltar' })).not.toBeInTheDocument();
    ti.app.unmount();

    const admin = renderUsers(ADMIN);
    await screen.findByRole('table', { name: 'Usuários' });
    await admin.user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('Início')).toBeInTheDocument();
    expect(admin.app.location().pathname).toBe('/home');
  });

  it("offers no Deletar on one's own user, and keeps its perfil and active read-only", async () => {
    const own: ApiRecord = {
      _id: OWN_ID,
      name: 'Eu Mesma',
      email: 'teste@demo.com.br',
      role: { type: 'risk_manager', perfil: 'admin' },
      active: true,
      riskManager: RISK_MANAGER_ID,
    };
    const { user } = renderUsers(GESTOR_ADMIN, [own]);
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await user.click(within(within(table).getByText('Eu Mesma').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consultar | Usuário' });
    expect(within(dialog).queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('switch', { name: 'Ativo' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Perfil/ })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('value-role.perfil')).toHaveTextContent('Administrador');

    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(within(table).getByText('Beatriz').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const other = await screen.findByRole('dialog', { name: 'Consultar | Usuário' });
    expect(within(other).getByRole('button', { name: 'Deletar' })).toBeInTheDocument();
    expect(within(other).getByRole('switch', { name: 'Ativo' })).toBeEnabled();
  });

  it("shows the server's reason when it refuses a delete, not the generic save error", async () => {
    const { api, user } = renderUsers(GESTOR_ADMIN);
    api.use((request) => {
      if (request.method === 'DELETE') throw new HttpError(403, { error: 'Não é possível excluir o próprio usuário' });
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await user.click(within(within(table).getByText('Caio').closest('tr')!).getByRole('button', { name: 'Ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consultar | Usuário' });
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Não é possível excluir o próprio usuário');
    expect(api.collections['riskManagers:login']).toHaveLength(2);
  });
});
