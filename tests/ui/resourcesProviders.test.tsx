/**
 * Service providers on their real routes: CNPJ and phone masks ('-' for an empty phone) and the
 * provider's logins (create payload, read-only e-mail and name, update payload).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, RISK_MANAGER_ID } from './frameworkHarness';
import { chooseOption, expectListed, renderAdminAt, rowsOf, typeFilter } from './resourcesHarness';
import { defined } from '../defined';

const PROVIDER_ID = 'aaaaaaaaaaaaaaaaaaaaaa51';
const LOGIN_ID = 'aaaaaaaaaaaaaaaaaaaaaa52';

afterEach(() => dismiss());

describe('providers and their logins', () => {
  const provider = {
    _id: PROVIDER_ID,
    name: 'Vigilância Beta',
    legalName: 'Beta Segurança Ltda',
    cnpj: '11222333000181',
    active: true,
    contacts: { phone1: '11987654321', phone2: null, phone3: '1133334444' },
    riskManager: RISK_MANAGER_ID,
  };

  it('lists CNPJ and phones masked, an empty phone as -', async () => {
    renderAdminAt('/home/admin/advanced/providers', GESTOR_ADMIN, { 'serviceProviders:info': [provider] });
    const table = await screen.findByRole('table', { name: 'Prestadora de Serviços' });
    const cells = within(defined(within(table).getAllByRole('row')[1], 'first row')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Vigilância Beta',
      'Beta Segurança Ltda',
      '11.222.333/0001-81',
      '(11) 98765-4321',
      '-',
      '(11) 3333-4444',
      'Sim',
    ]);
  });

  it('filters on the masked CNPJ and phones as the list shows them', async () => {
    const other = { ...provider, _id: 'aaaaaaaaaaaaaaaaaaaaaa54', name: 'Escolta Sul', cnpj: '45723174000110', contacts: { phone1: '5511912345678', phone2: null, phone3: null } };
    const { user } = renderAdminAt('/home/admin/advanced/providers', GESTOR_ADMIN, { 'serviceProviders:info': [provider, other] });
    await expectListed('Prestadora de Serviços', ['Escolta Sul', 'Vigilância Beta']);
    await typeFilter(user, '11.222.333/0001');
    await expectListed('Prestadora de Serviços', ['Vigilância Beta']);
    await typeFilter(user, '(11) 98765');
    await expectListed('Prestadora de Serviços', ['Vigilância Beta']);
    // A 13-digit phone shows (and is found) with its +55 prefix.
    await typeFilter(user, '+55 (11) 91234');
    await expectListed('Prestadora de Serviços', ['Escolta Sul']);
    const table = screen.getByRole('table', { name: 'Prestadora de Serviços' });
    expect(rowsOf(table)[0]?.slice(2, 4)).toEqual(['45.723.174/0001-10', '+55 (11) 91234-5678']);
  });

  it("creates a login named after its provider ('Nome' read-only, spec 3); after creation the e-mail stays read-only too and the update sends id + role + active", async () => {
    const carlos = {
      _id: LOGIN_ID,
      name: 'Carlos',
      email: 'carlos@beta.com.br',
      active: true,
      role: { type: 'service_provider', perfil: 'operational' },
      serviceProvider: PROVIDER_ID,
    };
    // The provider's list and, as on the server, each login at login/{id} (a record's dialog reads it there).
    const { api, user } = renderAdminAt(`/home/admin/advanced/providers/${PROVIDER_ID}/providersLogin`, GESTOR_ADMIN, {
      'serviceProviders:info': [provider],
      [`serviceProviders:${PROVIDER_ID}/logins`]: [carlos],
      'serviceProviders:login': [carlos],
    });
    expect(await screen.findByRole('heading', { name: 'Logins - Vigilância Beta' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const create = await screen.findByRole('dialog', { name: 'Criar | Login' });
    await user.type(within(create).getByRole('textbox', { name: 'E-mail' }), 'ana@beta.com.br');
    expect(within(create).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(create).getByTestId('value-name')).toHaveTextContent('Vigilância Beta');
    await user.type(within(create).getByLabelText('Senha'), 'Segura@123');
    await chooseOption(user, create, /Perfil/, 'Administrador');
    // Created inactive: the toggle's value travels with the rest of the form.
    await user.click(within(create).getByRole('switch', { name: 'Ativo' }));
    await user.click(within(create).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Logins atualizados com sucesso')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post).toMatchObject({ base: 'serviceProviders', path: 'login' });
    expect(post.body).toEqual({
      email: 'ana@beta.com.br',
      name: 'Vigilância Beta',
      password: 'Segura@123',
      role: { perfil: 'admin' },
      active: false,
      serviceProvider: PROVIDER_ID,
      serviceProviderName: 'Vigilância Beta',
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByText('carlos@beta.com.br').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    const edit = await screen.findByRole('dialog', { name: 'Consultar | Login' });
    await user.click(within(edit).getByRole('button', { name: 'Editar' }));
    expect(within(edit).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(within(edit).queryByRole('textbox', { name: 'Nome' })).not.toBeInTheDocument();
    expect(within(edit).queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(within(edit).getByText('carlos@beta.com.br')).toBeInTheDocument();
    await chooseOption(user, edit, /Perfil/, 'Administrador');
    await user.click(within(edit).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`login/${LOGIN_ID}`);
    expect(put.body).toEqual({ id: LOGIN_ID, role: { perfil: 'admin' }, active: true });
  });

  it('a provider id that is unknown (or not an id) shows the not-found state, not a list offering Criar novo', async () => {
    const unknown = 'aaaaaaaaaaaaaaaaaaaaaa5f';
    const { api } = renderAdminAt(`/home/admin/advanced/providers/${unknown}/providersLogin`, GESTOR_ADMIN, {
      'serviceProviders:info': [provider],
      [`serviceProviders:${unknown}/logins`]: [],
    });
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar novo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === `${unknown}/logins`)).toBe(false);
  });

  it('a parent id that is not an id at all is not found either, without asking the server', async () => {
    const { api } = renderAdminAt('/home/admin/advanced/providers/xyz/providersLogin', GESTOR_ADMIN, { 'serviceProviders:info': [provider] });
    expect(await screen.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Criar novo' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});
