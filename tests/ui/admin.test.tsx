/**
 * Admin home and admin routes (spec 2 and 6): tiles per role, /unauthorized when nothing (or not
 * that tile) is allowed, /home/admin/advanced back to /home/admin, and the child-list routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminSection } from '../../src/custom/admin/AdminSection';
import { dismiss } from '../../src/layout/notify';
import { resourceEndpoints } from '../../src/resources';
import { ADMIN, GESTOR_ADMIN, OPERADOR, PRESTADOR_ADMIN, RISK_MANAGER_ID, TI, createFakeApi, renderApp, type TestUser } from './frameworkHarness';

const SHIPPER_ID = 'aaaaaaaaaaaaaaaaaaaaaa31';

const routes = (
  <Routes>
    <Route path="/home/admin/*" element={<AdminSection />} />
    <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
  </Routes>
);

function renderAdmin(path: string, user: TestUser) {
  const api = createFakeApi({
    'admin:states': [{ _id: 'aaaaaaaaaaaaaaaaaaaaaa41', name: 'São Paulo', active: true }],
    'admin:shippers': [
      { _id: SHIPPER_ID, name: 'Transportes Alfa', legalName: 'Alfa Ltda', cnpj: '11222333000181', active: true, riskManager: RISK_MANAGER_ID },
    ],
    [`billing:shipper/${SHIPPER_ID}`]: [],
  });
  return { api, user: userEvent.setup(), app: renderApp({ path, api, user, endpoints: resourceEndpoints, children: routes }) };
}

const tileNames = (group: HTMLElement) => within(group).getAllByRole('button').map((b) => b.getAttribute('aria-label'));

afterEach(() => dismiss());

describe('admin home tiles by role', () => {
  it('shows both groups to a platform admin, states and cities included', async () => {
    renderAdmin('/home/admin', ADMIN);
    const simple = await screen.findByRole('region', { name: 'Configurações' });
    expect(tileNames(simple)).toEqual([
      'Motivo Acionamento',
      'Transportador',
      'Locais',
      'Lideranças',
      'Solicitante',
      'Parâmetros da missão',
      'Estado',
      'Cidade',
    ]);
    const advanced = screen.getByRole('region', { name: 'Configurações Avançadas' });
    expect(tileNames(advanced)).toEqual(['Embarcador', 'Prestadora de Serviços', 'Serviços e Franquias']);
  });

  it('hides states and cities from a risk-manager admin, who may not open them either', async () => {
    const { app } = renderAdmin('/home/admin', GESTOR_ADMIN);
    const simple = await screen.findByRole('region', { name: 'Configurações' });
    expect(tileNames(simple)).toEqual(['Motivo Acionamento', 'Transportador', 'Locais', 'Lideranças', 'Solicitante', 'Parâmetros da missão']);
    expect(screen.getByRole('region', { name: 'Configurações Avançadas' })).toBeInTheDocument();
    app.unmount();

    const direct = renderAdmin('/home/admin/states', GESTOR_ADMIN);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(direct.app.location().pathname).toBe('/unauthorized');
  });

  it("offers Auditoria to a risk-manager admin and the platform admin, in its own 'Segurança' group", async () => {
    const { app } = renderAdmin('/home/admin', GESTOR_ADMIN);
    expect(tileNames(await screen.findByRole('region', { name: 'Segurança' }))).toEqual(['Auditoria']);
    app.unmount();
    renderAdmin('/home/admin', ADMIN);
    expect(tileNames(await screen.findByRole('region', { name: 'Segurança' }))).toEqual(['Auditoria']);
  });

  it.each([
    ['an operational', OPERADOR],
    ['a ti', TI],
    ['a service-provider admin', PRESTADOR_ADMIN],
  ])('sends %s profile to /unauthorized', async (_label, user) => {
    const { app } = renderAdmin('/home/admin', user);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/unauthorized');
  });

  it("keeps a service-provider admin out of every screen, not only the home", async () => {
    const { app, api } = renderAdmin('/home/admin/advanced/shippers', PRESTADOR_ADMIN);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/unauthorized');
    expect(api.calls).toEqual([]);
  });

  it('opens a tile, and Voltar comes back to the admin home', async () => {
    const { user, app } = renderAdmin('/home/admin', ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Estado' }));
    expect(await screen.findByRole('heading', { name: 'Estados' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/home/admin/states');
    expect(await screen.findByText('São Paulo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('region', { name: 'Configurações' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/home/admin');
  });
});

describe('admin routes', () => {
  it('redirects /home/admin/advanced to /home/admin', async () => {
    const { app } = renderAdmin('/home/admin/advanced', ADMIN);
    expect(await screen.findByRole('region', { name: 'Configurações Avançadas' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/home/admin');
  });

  it('treats an unknown admin path as unauthorized', async () => {
    const { app } = renderAdmin('/home/admin/nada', ADMIN);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/unauthorized');
  });

  it("opens a row's child list at /home/admin/advanced/{parent}/{id}/{child} and back", async () => {
    const { user, app, api } = renderAdmin('/home/admin/advanced/shippers', GESTOR_ADMIN);
    const table = await screen.findByRole('table', { name: 'Embarcadores' });
    await user.click(within(table).getByRole('button', { name: 'Franquias' }));
    expect(await screen.findByRole('heading', { name: 'Franquias (cliente) - Transportes Alfa' })).toBeInTheDocument();
    expect(app.location().pathname).toBe(`/home/admin/advanced/shippers/${SHIPPER_ID}/shippersFranchise`);
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    expect(api.calls.some((c) => c.base === 'billing' && c.path === `shipper/${SHIPPER_ID}`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(app.location().pathname).toBe('/home/admin/advanced/shippers'));
  });
});
