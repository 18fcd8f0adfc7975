/**
 * The whole shell as the browser mounts it (public routes + the lazy react-admin area) over a
 * memory router: redirects, menu, breadcrumb, guards, logout and the relogin dialog.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { TOKEN_KEY, USER_KEY } from '../../src/authProvider/session';
import { httpClient } from '../../src/App';
import { notify } from '../../src/layout/notify';
import { Toaster } from '../../src/layout/Toaster';
import { AppRoutes } from '../../src/publicApp/AppRoutes';
import { jsonResponse, mockFetch, resetSession, ROLES, storeSession } from './authTestUtils';
import { missionBilling } from './billingHarness';
import { LocationProbe } from './publicHarness';

beforeEach(() => {
  resetSession();
  // Screens of the area may load data; an empty API keeps them quiet. Tests override it.
  mockFetch((call) => (call.method === 'GET' ? jsonResponse(200, []) : jsonResponse(404, { error: 'not found' })));
});
afterEach(() => notify.dismiss());

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
    storeSession(ROLES.gestor, { name: 'Gestora Demo' });
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
      ['Segurança da conta', '/home/account/security'],
      ['Sair', '/login'],
    ]);
    expect(menu().getByRole('link', { name: 'Missões' })).toHaveAttribute('aria-current', 'page');
    expect(menu().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(menu().getByTestId('menu-user-name')).toHaveTextContent('Gestora Demo');
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(crumbs.getByText('Missões')).toHaveAttribute('aria-current', 'page');
  });

  it('ti: /home → /home/users and only Usuários in the menu; the name falls back to "Usuário"', async () => {
    storeSession(ROLES.ti, { name: '' });
    renderApp('/home');
    const crumbs = await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/users\|/));
    expect(crumbs.getByText('Usuários')).toHaveAttribute('aria-current', 'page');
    expect(menu().getAllByRole('link').map((a) => a.textContent)).toEqual(['ProntaResposta, página inicial', 'Home', 'Usuários', 'Segurança da conta', 'Sair']);
    expect(menu().getByTestId('menu-user-name')).toHaveTextContent('Usuário');
  });

  it('/home/admin sends a user without the admin area to /unauthorized', async () => {
    storeSession(ROLES.operador);
    renderApp('/home/admin/causes');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/unauthorized\|/);
  });

  it('/home/admin opens for a gestor, with the breadcrumb of the path', async () => {
    storeSession(ROLES.gestor);
    renderApp('/home/admin/causes');
    const crumbs = await findCrumbs();
    expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(crumbs.getByRole('link', { name: 'Administração' })).toHaveAttribute('href', '/home/admin');
    expect(crumbs.getByText('Motivo Acionamento')).toHaveAttribute('aria-current', 'page');
    expect(location()).toMatch(/^\/home\/admin\/causes\|/);
    expect(screen.queryByText('Acesso não autorizado')).not.toBeInTheDocument();
  });

  it('a catalogue is no resource of <Admin> at /home/{name}: its <Resource> lives at its spec URL only', async () => {
    storeSession(ROLES.gestor);
    renderApp('/home/causes');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/home\/causes\|/);
  });

  it('/home/users/xyz is an unknown path: the unauthorized page, not the users list', async () => {
    storeSession(ROLES.ti);
    renderApp('/home/users/xyz');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Usuários' })).not.toBeInTheDocument();
  });

  it('/home/missions/{id}/billing without a billing type (or an unknown one) redirects to /home/missions', async () => {
    storeSession(ROLES.gestor);
    renderApp('/home/missions/64b7f0c2a1b2c3d4e5f60099/billing');
    await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/missions\|/));
  });

  it('/home/missions/{id}/billing/{type} opens the billing screen (a lazy chunk) for shipper and serviceProvider', async () => {
    storeSession(ROLES.gestor);
    mockFetch((call) =>
      call.url.endsWith('/api/v1/billing/mission/id/64b7f0c2a1b2c3d4e5f60099')
        ? jsonResponse(200, missionBilling({ missionId: '64b7f0c2a1b2c3d4e5f60099' }))
        : jsonResponse(200, []),
    );
    renderApp('/home/missions/64b7f0c2a1b2c3d4e5f60099/billing/shipper');
    const crumbs = await findCrumbs();
    expect(crumbs.getByText('Faturamento')).toBeInTheDocument();
    expect(crumbs.getByText('Cliente')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Faturamento - Cliente · Processo PROC-2026-0042' }, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/home\/missions\/64b7f0c2a1b2c3d4e5f60099\/billing\/shipper\|/);
  });

  it('/home/missions/{id}/billing/{unknown type} redirects to /home/missions', async () => {
    storeSession(ROLES.gestor);
    renderApp('/home/missions/64b7f0c2a1b2c3d4e5f60099/billing/nada');
    await findCrumbs();
    await waitFor(() => expect(location()).toMatch(/^\/home\/missions\|/));
  });

  it.each([
    ['ti', ROLES.ti],
    ['operational', ROLES.operador],
    ['provider', ROLES.prestador],
  ])('/home/reports by URL sends a %s user (no Relatórios in the menu) to /unauthorized', async (_label, role) => {
    storeSession(role);
    renderApp('/home/reports');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/unauthorized\|/);
  });

  it('/home/reports opens for a gestor, whose menu offers it', async () => {
    storeSession(ROLES.gestor);
    renderApp('/home/reports');
    await findCrumbs();
    expect(await screen.findByRole('heading', { name: 'Relatórios' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/home\/reports\|/);
  });

  it('/home/missions by URL sends a ti user (Usuários instead of Missões) to /unauthorized', async () => {
    storeSession(ROLES.ti);
    renderApp('/home/missions');
    expect(await screen.findByText('Acesso não autorizado', {}, SLOW)).toBeInTheDocument();
    expect(location()).toMatch(/^\/unauthorized\|/);
  });

  it('Sair logs out: storage and cached data emptied, back on /login', async () => {
    storeSession(ROLES.operador);
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
    storeSession(ROLES.gestor);
    mockFetch(() => jsonResponse(401, { error: 'invalid token' }));
    renderApp('/home/missions');
    await findCrumbs();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      await httpClient('admin', '/causes').catch(() => undefined);
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
    mockFetch(() => jsonResponse(401, { error: 'invalid credentials' }));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar' });
    await act(async () => {
      await httpClient('auth', '/', { method: 'POST', authorized: false }).catch(() => undefined);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
