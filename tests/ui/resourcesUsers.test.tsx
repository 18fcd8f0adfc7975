/**
 * /home/users (docs/rules/catalogues.md, docs/rules/tenancy-and-roles.md) over the real server
 * (contractHarness.tsx): for ti and admin profiles
 * only; the perfil select hides 'TI' unless the current user is ti; password on creation only;
 * e-mail read-only once it exists; the risk manager chosen only by admins at creation; a list the
 * server pages and filters. The demo tenant's users: Gestor Demo (Administrador), Operador Demo
 * (Operacional) and TI Demo (TI).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_USERS } from '../../server/demo/seed';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { Account } from '../server/catalogueClient';
import { renderOverServer, type User } from './contractHarness';
import { expectListed, rowsOf, typeFilter } from './resourcesHarness';
import { PathProbe, currentPath, serveScreens, type UiServer } from './uiServer';
import { defined } from '../defined';

let server: UiServer;
serveScreens((made) => (server = made));

const demoUser = (email: string) => defined(DEMO_USERS.find((u) => u.email === email), email);
const OPERADOR = demoUser('operador@demo.com.br');

/** A write the screen sent (the real client's, noted on the way: the bodies are what some tests check). */
interface Sent {
  method: string;
  path: string;
  body: unknown;
}

async function renderUsers(account: Account) {
  const session = await server.signedIn(account);
  const sent: Sent[] = [];
  const httpClient: HttpClient = (base, route, options: RequestOptions = {}) => {
    if (options.method && options.method !== 'GET') sent.push({ method: options.method, path: route, body: options.body });
    return session.httpClient(base, route, options);
  };
  server.requests.length = 0;
  const rendered = renderOverServer('/home/users', { ...session, httpClient }, undefined, <PathProbe />);
  return { ...rendered, sent };
}

/** The users as the server stores them (read as the platform admin, who sees every tenant's). */
async function storedUsers(): Promise<ApiRecord[]> {
  const { httpClient } = await server.signedIn('admin');
  return (await httpClient<ApiRecord[]>('riskManagers', 'login')).data;
}

async function perfilOptions(user: User, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: /Perfil/ }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return options;
}

async function openUser(user: User, name: string) {
  const table = await screen.findByRole('table', { name: 'Usuários' });
  await user.click(within((await within(table).findByText(name)).closest('tr')!).getByRole('button', { name: 'Ver' }));
  return screen.findByRole('dialog', { name: 'Consultar | Usuário' });
}

describe('users screen', () => {
  it('lists users with their perfil label, one page asked of the server', { timeout: 60_000 }, async () => {
    await renderUsers('ti');
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await waitFor(() => expect(rowsOf(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['Gestor Demo', 'gestor@demo.com.br', 'Administrador', 'Sim'],
      ['Operador Demo', 'operador@demo.com.br', 'Operacional', 'Sim'],
      ['TI Demo', 'ti@demo.com.br', 'TI', 'Sim'],
    ]));
    expect(server.requests.filter((r) => r.startsWith('GET /api/risk-managers/login'))).toEqual([
      'GET /api/risk-managers/login?page=1&perPage=10&sort=name&order=ASC',
    ]);
  });

  it("offers 'Redefinir 2 etapas' on another user's record, never on one's own", { timeout: 60_000 }, async () => {
    const { user } = await renderUsers('ti');
    const other = await openUser(user, 'Operador Demo');
    expect(await within(other).findByRole('button', { name: 'Redefinir 2 etapas' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const own = await openUser(user, 'TI Demo');
    expect(within(own).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Redefinir 2 etapas' })).not.toBeInTheDocument();
  });

  it("offers 'TI' only to a ti user, who is not asked for a risk manager", { timeout: 60_000 }, async () => {
    const { user } = await renderUsers('ti');
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Usuário' });
    expect(await perfilOptions(user, dialog)).toEqual(['Administrador', 'Operacional', 'TI']);
    expect(within(dialog).queryByText('Gerenciadora de risco')).not.toBeInTheDocument();
  });

  it("hides 'TI' from an admin, who picks the risk manager; creation sends the password once", { timeout: 60_000 }, async () => {
    const { user, sent } = await renderUsers('admin');
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Usuário' });
    expect(await perfilOptions(user, dialog)).toEqual(['Administrador', 'Operacional']);

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Davi');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'davi@demo.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'Segura@123');
    // An admin must say whose user this is.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha a gerenciadora de risco')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: /Gerenciadora de risco/ }));
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Usuários atualizados com sucesso')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: 'login',
        body: {
          name: 'Davi',
          email: 'davi@demo.com.br',
          password: 'Segura@123',
          role: { perfil: 'operational' },
          active: true,
          riskManager: DEMO_IDS.riskManager,
        },
      },
    ]);
    expect((await storedUsers()).find((u) => u.email === 'davi@demo.com.br')).toMatchObject({
      name: 'Davi',
      role: { type: 'risk_manager', perfil: 'operational' },
      riskManager: DEMO_IDS.riskManager,
    });
  });

  it('keeps the e-mail read-only once it exists and updates name, perfil and active only', { timeout: 60_000 }, async () => {
    const { user, sent } = await renderUsers('gestor');
    const dialog = await openUser(user, 'Operador Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(within(dialog).queryByRole('textbox', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(OPERADOR.email)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Senha')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Gerenciadora de risco')).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Operador Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'PUT')).toBe(true));
    expect(sent.find((s) => s.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `login/${OPERADOR.id}`,
      body: { name: 'Operador Souza', role: { perfil: 'operational' }, active: true },
    });
    await waitFor(async () =>
      expect((await storedUsers()).find((u) => u._id === OPERADOR.id)).toMatchObject({ name: 'Operador Souza', email: OPERADOR.email }),
    );
  });

  it('shows perfil and active read-only when the record is the signed-in user, editable for others', { timeout: 60_000 }, async () => {
    const { user } = await renderUsers('ti');
    const open = async (name: string) => {
      const dialog = await openUser(user, name);
      await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
      return dialog;
    };
    const own = await open('TI Demo');
    expect(within(own).getByRole('textbox', { name: 'Nome' })).toBeInTheDocument();
    expect(within(own).queryByRole('combobox', { name: /Perfil/ })).not.toBeInTheDocument();
    expect(within(own).getByTestId('value-role.perfil')).toHaveTextContent('TI');
    expect(within(own).queryByRole('switch', { name: 'Ativo' })).not.toBeInTheDocument();
    expect(within(own).getByTestId('value-active')).toHaveTextContent('Sim');
    // Escape reaches the dialog from a field inside it (Editar itself is gone once pressed).
    await user.click(within(own).getByRole('textbox', { name: 'Nome' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const other = await open('Operador Demo');
    expect(within(other).getByRole('combobox', { name: /Perfil/ })).toBeInTheDocument();
    expect(within(other).getByRole('switch', { name: 'Ativo' })).toBeInTheDocument();
  });

  it.each([
    ['an operational profile', 'operador'],
    ['a service-provider admin', 'prestador'],
  ] as const)('sends %s to /unauthorized without asking for the users', { timeout: 60_000 }, async (_label, account) => {
    await renderUsers(account);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
    expect(server.requests.filter((r) => r.includes('/api/risk-managers/login'))).toEqual([]);
  });

  it('filters on the server by the perfil label and Sim/Não the list shows', { timeout: 60_000 }, async () => {
    await server.database.db.update(users).set({ active: false }).where(eq(users.id, OPERADOR.id));
    const { user } = await renderUsers('gestor');
    await expectListed('Usuários', ['Gestor Demo', 'Operador Demo', 'TI Demo']);
    await typeFilter(user, 'administrador');
    await expectListed('Usuários', ['Gestor Demo']);
    await typeFilter(user, 'OPERACIONAL');
    await expectListed('Usuários', ['Operador Demo']);
    await typeFilter(user, 'não');
    await expectListed('Usuários', ['Operador Demo']);
    await typeFilter(user, 'norte');
    await expectListed('Usuários', []);
    expect(server.requests).toContain('GET /api/risk-managers/login?page=1&perPage=10&sort=name&order=ASC&q=administrador');
  });

  it('has no Voltar for a ti user, whose home this screen is; others go back to /home', { timeout: 60_000 }, async () => {
    await renderUsers('ti');
    expect(await screen.findByRole('table', { name: 'Usuários' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voltar' })).not.toBeInTheDocument();
    cleanup();

    const admin = await renderUsers('admin');
    await screen.findByRole('table', { name: 'Usuários' });
    await admin.user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByText('Início')).toBeInTheDocument();
    expect(currentPath()).toBe('/home');
  });

  it("offers no Deletar on one's own user, and keeps its perfil and active read-only", { timeout: 60_000 }, async () => {
    const { user } = await renderUsers('gestor');
    const dialog = await openUser(user, 'Gestor Demo');
    expect(within(dialog).queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('switch', { name: 'Ativo' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Nome' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Perfil/ })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('value-role.perfil')).toHaveTextContent('Administrador');

    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const other = await openUser(user, 'Operador Demo');
    expect(within(other).getByRole('button', { name: 'Deletar' })).toBeInTheDocument();
    expect(within(other).getByRole('switch', { name: 'Ativo' })).toBeEnabled();
  });

  it("shows the server's reason when it refuses a delete, not the generic save error", { timeout: 60_000 }, async () => {
    // A gestor may not remove a TI user (docs/rules/tenancy-and-roles.md: only ti manages the 'TI'
    // perfil): the server's 403 says why.
    const { user } = await renderUsers('gestor');
    const dialog = await openUser(user, 'TI Demo');
    await user.click(within(dialog).getByRole('button', { name: 'Deletar' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Você não pode atribuir este perfil');
    expect(server.requests).toContain(`DELETE /api/risk-managers/login/${demoUser('ti@demo.com.br').id}`);
    expect((await storedUsers()).some((u) => u.email === 'ti@demo.com.br')).toBe(true);
  });
});
