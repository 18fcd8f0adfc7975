/**
 * Admin home and admin routes (docs/rules/catalogues.md, docs/rules/tenancy-and-roles.md) over the real
 * server (contractHarness.tsx): tiles per
 * role, /unauthorized when nothing (or not that tile) is allowed, /home/admin/advanced back to
 * /home/admin, and the child-list routes.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { dismiss } from '../../src/layout/notify';
import type { Account } from '../server/catalogueClient';
import { renderOverServer } from './contractHarness';
import { PathProbe, createUiServer, currentPath, type UiServer } from './uiServer';

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer();
}, 120_000);
afterAll(async () => server?.close());
// Nothing here writes: the seeded data stays as it is between tests.
afterEach(() => dismiss());

async function renderAdmin(path: string, account: Account) {
  const signedIn = await server.signedIn(account);
  server.requests.length = 0;
  return renderOverServer(path, signedIn, undefined, <PathProbe />);
}

const tileNames = (group: HTMLElement) => within(group).getAllByRole('button').map((b) => b.getAttribute('aria-label'));

describe('admin home tiles by role', () => {
  it('shows both groups to a platform admin, states and cities included', { timeout: 30_000 }, async () => {
    await renderAdmin('/home/admin', 'admin');
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

  it('hides states and cities from a risk-manager admin, who may not open them either', { timeout: 30_000 }, async () => {
    await renderAdmin('/home/admin', 'gestor');
    const simple = await screen.findByRole('region', { name: 'Configurações' });
    expect(tileNames(simple)).toEqual(['Motivo Acionamento', 'Transportador', 'Locais', 'Lideranças', 'Solicitante', 'Parâmetros da missão']);
    expect(screen.getByRole('region', { name: 'Configurações Avançadas' })).toBeInTheDocument();
    cleanup();

    await renderAdmin('/home/admin/states', 'gestor');
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
  });

  it("offers Auditoria and Privacidade to a risk-manager admin and the platform admin, in their own 'Segurança' group", { timeout: 30_000 }, async () => {
    await renderAdmin('/home/admin', 'gestor');
    expect(tileNames(await screen.findByRole('region', { name: 'Segurança' }))).toEqual(['Auditoria', 'Privacidade']);
    cleanup();
    await renderAdmin('/home/admin', 'admin');
    expect(tileNames(await screen.findByRole('region', { name: 'Segurança' }))).toEqual(['Auditoria', 'Privacidade']);
  });

  it.each([
    ['an operational', 'operador'],
    ['a ti', 'ti'],
    ['a service-provider admin', 'prestador'],
  ] as const)('sends %s profile to /unauthorized', { timeout: 30_000 }, async (_label, account) => {
    await renderAdmin('/home/admin', account);
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
  });

  it('keeps a service-provider admin out of every screen, not only the home', { timeout: 30_000 }, async () => {
    await renderAdmin('/home/admin/advanced/shippers', 'prestador');
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
    // The screen asked the server for nothing (not even the list it may not see).
    expect(server.requests).toEqual([]);
  });

  it('opens a tile, and Voltar comes back to the admin home', { timeout: 30_000 }, async () => {
    const { user } = await renderAdmin('/home/admin', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Estado' }));
    expect(await screen.findByRole('heading', { name: /^Estados/ })).toBeInTheDocument();
    expect(currentPath()).toBe('/home/admin/states');
    expect(await screen.findByText('Acre')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('region', { name: 'Configurações' })).toBeInTheDocument();
    expect(currentPath()).toBe('/home/admin');
  });
});

describe('admin routes', () => {
  it('redirects /home/admin/advanced to /home/admin', { timeout: 30_000 }, async () => {
    await renderAdmin('/home/admin/advanced', 'admin');
    expect(await screen.findByRole('region', { name: 'Configurações Avançadas' })).toBeInTheDocument();
    expect(currentPath()).toBe('/home/admin');
  });

  it('treats an unknown admin path as unauthorized', { timeout: 30_000 }, async () => {
    await renderAdmin('/home/admin/nada', 'admin');
    expect(await screen.findByText('Página não autorizada')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
  });

  it("opens a row's child list at /home/admin/advanced/{parent}/{id}/{child} and back", { timeout: 30_000 }, async () => {
    const { user } = await renderAdmin('/home/admin/advanced/shippers', 'gestor');
    const table = await screen.findByRole('table', { name: 'Embarcadores' });
    const row = (await within(table).findByText('Andrade Alimentos', { selector: 'td, td *' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Franquias' }));
    expect(await screen.findByRole('heading', { name: /^Franquias \(cliente\) - Andrade Alimentos/ })).toBeInTheDocument();
    expect(currentPath()).toBe(`/home/admin/advanced/shippers/${CATALOGUE_IDS.shipperAndrade}/shippersFranchise`);
    // The child list shows the shipper's own plans, read from the billing service under its id.
    expect(await screen.findByText('Pronta resposta padrão')).toBeInTheDocument();
    expect(screen.getByText('Escolta até o destino')).toBeInTheDocument();
    expect(screen.queryByText('Pronta resposta eletrônicos')).not.toBeInTheDocument();
    expect(server.requests).toContain(`GET /api/v1/billing/shipper/${CATALOGUE_IDS.shipperAndrade}`);
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(currentPath()).toBe('/home/admin/advanced/shippers'));
  });
});
