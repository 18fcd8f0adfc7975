/**
 * The whole shell as the browser mounts it (public routes + the lazy react-admin area) over a
 * memory router, its fetch answered by the real server (contractHarness.tsx's injectFetch on the
 * app with the demo seed): redirects, menu, breadcrumb, guards, logout and the relogin dialog.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { users } from '../../server/db/schema';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { authProvider } from '../../src/authProvider/authProvider';
import { session, TOKEN_KEY, USER_KEY } from '../../src/authProvider/session';
import { httpClient } from '../../src/App';
import { HttpError } from '../../src/dataProvider/HttpError';
import { notify } from '../../src/layout/notify';
import { Toaster } from '../../src/layout/Toaster';
import { AppRoutes } from '../../src/publicApp/AppRoutes';
import { ACCOUNTS, type Account } from '../server/catalogueClient';
import { DEMO_PASSWORD } from '../server/helpers';
import { resetSession, ROLES, storeSession } from './authTestUtils';
import { injectFetch } from './contractHarness';
import { LocationProbe } from './publicHarness';
import { createUiServer, type UiServer } from './uiServer';

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer();
}, 120_000);
afterAll(async () => server?.close());

beforeEach(() => {
  resetSession();
  vi.stubGlobal('fetch', injectFetch(server.app));
});
afterEach(() => notify.dismiss());

/** Each account's stored session after its first real login, put back in storage for later tests. */
const stored = new Map<Account, [string, string]>();
async function signInAs(account: Account) {
  const kept = stored.get(account);
  if (kept) {
    window.localStorage.setItem(TOKEN_KEY, kept[0]);
    window.localStorage.setItem(USER_KEY, kept[1]);
    session.load(true);
    return;
  }
  await authProvider.login({ username: ACCOUNTS[account], password: DEMO_PASSWORD });
  stored.set(account, [window.localStorage.getItem(TOKEN_KEY) ?? '', window.localStorage.getItem(USER_KEY) ?? '']);
}

function renderApp(path: string) {
  return render(
    <>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </>,
  );
}

/** The admin area is a lazy chunk holding react-admin: its first load in jsdom takes a while. */
const SLOW = { timeout: 15000 };

/** Waits for the layout (its breadcrumb) of the protected area; answers the breadcrumb queries. */
const findCrumbs = async () => within(await screen.findByRole('navigation', { name: 'Trilha de navegação' }, SLOW));

const location = () => screen.getByTestId('location').textContent ?? '';
const menu = () => within(screen.getByRole('navigation', { name: 'Menu principal' }));

describe('app shell', () => {
  it('sends an unauthenticated visitor of /home to /login', async () => {
    renderApp('/home/missions');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/login\|/);
  });

  it('/ goes to /login keeping ?gr', async () => {
    renderApp('/?gr=64b7f0c2a1b2c3d4e5f60001');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/login\?gr=64b7f0c2a1b2c3d4e5f60001\|/);
  });

  it('unknown paths show the unauthorized page, whose Voltar goes to /home', async () => {
    renderApp('/nada/aqui');
    expect(await screen.findByText('Acesso não autorizado')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Voltar' }));
    // Not logged in: /home then sends the visitor to /login.
    await waitFor(() => expect(location()).toMatch(/^\/login\|/));
  });

  it('gestor: /home → /home/missions with the menu, the breadcrumb and the user name', async () => {
    await signInAs('gestor');
    renderApp('/home');
    const crumbs = await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/missions\|/));
    expect(menu().getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['ProntaResposta, página inicial', '/home'], // the logo (its words drawn in SVG) and, for screen readers, where it leads
      ['Home', '/home'],
      ['Missões', '/home/missions'],
      ['Administração', '/home/admin'],
      ['Relatórios', '/home/reports'],
      ['Desempenho', '/home/performance'],
      ['Integrações', '/home/integracoes'],
      ['Segurança da conta', '/home/account/security'],
      ['Sair', '/login'],
    ]);
    // Every item but the logo has its icon, Desempenho included.
    for (const link of menu().getAllByRole('link').slice(1)) expect(link.querySelector('.MuiListItemIcon-root svg'), link.textContent ?? '').not.toBeNull();
    expect(menu().getByRole('link', { name: 'Missões' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(menu().getByTestId('menu-user-name')).toHaveTextContent('Gestor Demo');
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(crumbs.getByText('Missões')).toHaveAttribute('aria-current', 'page');
  });

  it('ti: /home → /home/users and only Usuários in the menu; the name falls back to "Usuário"', async () => {
    // A user saved without a name: the menu still names someone.
    const ti = eq(users.email, ACCOUNTS.ti);
    await server.database.db.update(users).set({ name: '' }).where(ti);
    try {
      await authProvider.login({ username: ACCOUNTS.ti, password: DEMO_PASSWORD });
    } finally {
      await server.database.db.update(users).set({ name: 'TI Demo' }).where(ti);
    }
    renderApp('/home');
    const crumbs = await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/users\|/));
    expect(crumbs.getByText('Usuários')).toHaveAttribute('aria-current', 'page');
    expect(menu().getAllByRole('link').map((a) => a.textContent)).toEqual(['ProntaResposta, página inicial', 'Home', 'Usuários', 'Integrações', 'Segurança da conta', 'Sair']);
    expect(menu().getByTestId('menu-user-name')).toHaveTextContent('Usuário');
  });

  it('/home/admin sends a user without the admin area to /unauthorized', async () => {
    await signInAs('operador');
    renderApp('/home/admin/causes');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/unauthorized\|/);
  });

  it('/home/admin opens for a gestor, with the breadcrumb of the path', async () => {
    await signInAs('gestor');
    renderApp('/home/admin/causes');
    const crumbs = await findCrumbs();
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(crumbs.getByRole('link', { name: 'Administração' })).toHaveAttribute('href', '/home/admin');
    expect(crumbs.getByText('Motivo Acionamento')).toHaveAttribute('aria-current', 'page');
    expect(location()).toMatch(/^\/home\/admin\/causes\|/);
    expect(screen.queryByText('Acesso não autorizado')).not.toBeInTheDocument();
  });

  it('a catalogue is no resource of <Admin> at /home/{name}: its <Resource> lives at its product URL only', async () => {
    await signInAs('gestor');
    renderApp('/home/causes');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/home\/causes\|/);
  });

  it('/home/users/xyz is an unknown path: the unauthorized page, not the users list', async () => {
    await signInAs('ti');
    renderApp('/home/users/xyz');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Usuários' })).not.toBeInTheDocument();
  });

  it('/home/missions/{id}/billing without a billing type (or an unknown one) redirects to /home/missions', async () => {
    await signInAs('gestor');
    renderApp(`/home/missions/${MISSION_IDS.finished}/billing`);
    await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/missions\|/));
  });

  it('/home/missions/{id}/billing/{type} opens the billing screen (a lazy chunk) for shipper and serviceProvider', async () => {
    await signInAs('gestor');
    renderApp(`/home/missions/${MISSION_IDS.finished}/billing/shipper`);
    const crumbs = await findCrumbs();
    expect(crumbs.getByText('Faturamento')).toBeInTheDocument();
    expect(crumbs.getByText('Cliente')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Faturamento - Cliente · Processo DEMO-0005' }, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(new RegExp(`^/home/missions/${MISSION_IDS.finished}/billing/shipper\\|`));
  });

  it('/home/missions/{id}/billing/{unknown type} redirects to /home/missions', async () => {
    await signInAs('gestor');
    renderApp(`/home/missions/${MISSION_IDS.finished}/billing/nada`);
    await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/missions\|/));
  });

  it.each([
    ['ti', 'ti'],
    ['operational', 'operador'],
    ['provider', 'prestador'],
  ] as const)('/home/reports by URL sends a %s user (no Relatórios in the menu) to /unauthorized', async (_label, account) => {
    await signInAs(account);
    renderApp('/home/reports');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/unauthorized\|/);
  });

  it('/home/reports opens for a gestor, whose menu offers it', async () => {
    await signInAs('gestor');
    renderApp('/home/reports');
    await findCrumbs();
    expect(await screen.findByRole('heading', { name: 'Relatórios' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/home\/reports\|/);
  });

  it('/home/missions by URL sends a ti user (Usuários instead of Missões) to /unauthorized', async () => {
    await signInAs('ti');
    renderApp('/home/missions');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/unauthorized\|/);
  });

  it('Sair logs out: storage and cached data emptied, back on /login', async () => {
    await signInAs('operador');
    renderApp('/home/missions');
    await findCrumbs();
    const { queryClient } = await import('../../src/App');
    queryClient.setQueryData(['causes', 'getList'], [{ id: 'secret' }]);
    await userEvent.setup().click(menu().getByRole('link', { name: 'Sair' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/login\|/);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
    expect(queryClient.getQueryData(['causes', 'getList'])).toBeUndefined();
  });

  it('a 401 while a token is held opens the relogin dialog, whose button logs out to /login', async () => {
    // A token the server did not sign (as one it no longer accepts): every call answers 401.
    storeSession(ROLES.gestor);
    renderApp('/home/missions');
    await findCrumbs();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      const refused = await httpClient('admin', '/causes').catch((error: unknown) => error);
      expect((refused as HttpError).status).toBe(401);
    });

    const dialog = await screen.findByRole('dialog', { name: 'Atenção' });
    expect(dialog).toHaveTextContent('Tivemos problema com sua autenticação, por gentileza faça o login novamente...');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Fazer login...' }));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/login\|/);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a 401 without a token opens no dialog', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });
    await act(async () => {
      const body = { username: ACCOUNTS.gestor, password: 'senha errada' };
      const refused = await httpClient('auth', '/', { method: 'POST', authorized: false, body }).catch((error: unknown) => error);
      expect((refused as HttpError).status).toBe(401);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
