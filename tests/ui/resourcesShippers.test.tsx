/**
 * Shippers on their real routes over the real server (contractHarness.tsx): the CNPJ mask
 * (alphanumeric CNPJs typed in lower case come out upper-case and are accepted,
 * docs/rules/validation.md), and a
 * list the server pages, sorts and filters (docs/rules/catalogues.md, generic list screen) — Filtrar
 * finds what the
 * list shows. The demo tenant's shippers: Andrade Alimentos (33.683.930/0001-46), Nexa Farma
 * (12.ABC.345/0001-88) and Vale Eletrônicos (07.626.028/0001-88).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shippers } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { Account } from '../server/catalogueClient';
import { renderOverServer } from './contractHarness';
import { expectListed, rowsOf, typeFilter } from './resourcesHarness';
import { serveScreens, type UiServer } from './uiServer';

let server: UiServer;
serveScreens((made) => (server = made));

const LIST_URL = '/home/admin/advanced/shippers';

async function renderShippers(account: Account = 'gestor') {
  const session = await server.signedIn(account);
  server.requests.length = 0;
  return renderOverServer(LIST_URL, session);
}

/** The shippers list calls the screen made (GET /api/admin/shippers…). */
const listCalls = () => server.requests.filter((r) => r.startsWith('GET /api/admin/shippers'));
const posts = () => server.requests.filter((r) => r.startsWith('POST '));

/** The demo tenant's shippers as the server stores them. */
async function stored(): Promise<ApiRecord[]> {
  const { httpClient } = await server.signedIn('gestor');
  return (await httpClient<ApiRecord[]>('admin', 'shippers')).data;
}

describe('shippers', () => {
  it('takes an alphanumeric CNPJ typed in lower case: masked upper-case, accepted and stored unformatted', { timeout: 60_000 }, async () => {
    const { user } = await renderShippers();
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Embarcador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Cargas Alfanuméricas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Razão social' }), 'Cargas Alfanuméricas Ltda');
    // Base 12ABC3450002, check digits 69 (mod 11 over ASCII − 48).
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' });
    await user.type(cnpj, '12abc345000269');
    expect(cnpj).toHaveValue('12.ABC.345/0002-69');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Embarcadores atualizados com sucesso')).toBeInTheDocument();
    expect(within(dialog).queryByText('CNPJ inválido')).not.toBeInTheDocument();
    expect((await stored()).find((row) => row.name === 'Cargas Alfanuméricas')).toMatchObject({ cnpj: '12ABC345000269', riskManager: DEMO_IDS.riskManager });
    const table = await screen.findByRole('table', { name: 'Embarcadores' });
    expect(await within(table).findByText('12.ABC.345/0002-69')).toBeInTheDocument();
  });

  it("refuses a wrong check digit with 'CNPJ inválido' and sends nothing", { timeout: 60_000 }, async () => {
    const { user } = await renderShippers();
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Embarcador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Cargas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Razão social' }), 'Cargas Ltda');
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ' }), '12abc345000268');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('CNPJ inválido')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('filters on the server by the masked CNPJ, its bare digits and Sim/Não, never on the hidden ids', { timeout: 60_000 }, async () => {
    await server.database.db.update(shippers).set({ active: false }).where(eq(shippers.id, CATALOGUE_IDS.shipperVale));
    const { user } = await renderShippers();
    await expectListed('Embarcadores', ['Andrade Alimentos', 'Nexa Farma', 'Vale Eletrônicos']);

    await typeFilter(user, '33.683');
    await expectListed('Embarcadores', ['Andrade Alimentos']);
    // The CNPJ's digits as copied from elsewhere, without the mask's dots and slash (docs/api.md item 18).
    await typeFilter(user, '07626028');
    await expectListed('Embarcadores', ['Vale Eletrônicos']);
    await typeFilter(user, '0001-88');
    await expectListed('Embarcadores', ['Nexa Farma', 'Vale Eletrônicos']);
    await typeFilter(user, '12abc');
    await expectListed('Embarcadores', ['Nexa Farma']);
    await typeFilter(user, 'não');
    await expectListed('Embarcadores', ['Vale Eletrônicos']);
    await typeFilter(user, 'SIM');
    await expectListed('Embarcadores', ['Andrade Alimentos', 'Nexa Farma']);
    // Every id starts '5f0000', which nothing the rows show does.
    await typeFilter(user, '5f0000');
    await expectListed('Embarcadores', []);
    // Each filter was the server's: the text travelled as q, with the page asked for.
    expect(listCalls()).toContain('GET /api/admin/shippers?page=1&perPage=10&sort=name&order=ASC&q=n%C3%A3o');
  });

  it('shows one page at a time from the server, steps through pages and sorts by a column header', { timeout: 60_000 }, async () => {
    // Twelve more shippers: fifteen in the tenant, two pages of ten.
    await server.database.db.insert(shippers).values(
      Array.from({ length: 12 }, (_, i) => ({
        riskManager: DEMO_IDS.riskManager,
        name: `Cliente ${String(i + 1).padStart(2, '0')}`,
        legalName: `Razão ${String.fromCharCode(90 - i)} Ltda`,
        cnpj: `1122233300${String(i).padStart(4, '0')}`,
      })),
    );
    const { user } = await renderShippers();
    const table = await screen.findByRole('table', { name: 'Embarcadores' });
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(rowsOf(table)).toHaveLength(10);
    expect(rowsOf(table)[0]?.[0]).toBe('Andrade Alimentos');
    // Only the page was asked for: never the whole list.
    expect(listCalls()).toEqual(['GET /api/admin/shippers?page=1&perPage=10&sort=name&order=ASC']);

    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    await waitFor(() => expect(rowsOf(table).map((cells) => cells[0])).toEqual(['Cliente 10', 'Cliente 11', 'Cliente 12', 'Nexa Farma', 'Vale Eletrônicos']));

    await user.click(within(table).getByRole('button', { name: /^Ordenar por razão social (crescente|decrescente)$/ }));
    // A new order starts again at page 1, sorted by the server: 'Andrade Indústria…' first, then 'Nexa…', 'Razão O…'.
    await waitFor(() => expect(rowsOf(table).slice(0, 3).map((cells) => cells[1])).toEqual(['Andrade Indústria de Alimentos S.A.', 'Nexa Distribuidora Farmacêutica Ltda', 'Razão O Ltda']));
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    expect(listCalls()).toContain('GET /api/admin/shippers?page=1&perPage=10&sort=legalName&order=ASC');
    expect(listCalls().every((call) => call.includes('page='))).toBe(true);
  });

  it("an admin's list mixes the tenants: sorted by the Gerenciadora column and narrowed to one by the server", { timeout: 60_000 }, async () => {
    const { user } = await renderShippers('admin');
    await expectListed('Embarcadores', ['Amazônia Pescados', 'Andrade Alimentos', 'Nexa Farma', 'Vale Eletrônicos']);
    const table = screen.getByRole('table', { name: 'Embarcadores' });
    await user.click(within(table).getByRole('button', { name: /^Ordenar por gerenciadora (crescente|decrescente)$/ }));
    await waitFor(() => expect(rowsOf(table).map((cells) => cells[4])).toEqual(['Gerenciadora Demo', 'Gerenciadora Demo', 'Gerenciadora Demo', 'Gerenciadora Norte']));
    await user.click(within(table).getByRole('button', { name: /^Ordenar por gerenciadora (crescente|decrescente)$/ }));
    await waitFor(() => expect(rowsOf(table)[0]?.slice(0, 1).concat(rowsOf(table)[0]?.[4] ?? null)).toEqual(['Amazônia Pescados', 'Gerenciadora Norte']));
    expect(listCalls()).toContain('GET /api/admin/shippers?page=1&perPage=10&sort=riskManager&order=DESC');

    await user.click(screen.getByRole('combobox', { name: 'Gerenciadora' }));
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Demo' }));
    await waitFor(() => expect(rowsOf(table).map((cells) => cells[0]).sort()).toEqual(['Andrade Alimentos', 'Nexa Farma', 'Vale Eletrônicos']));
    expect(listCalls()).toContain(`GET /api/admin/shippers?page=1&perPage=10&sort=riskManager&order=DESC&riskManager=${DEMO_IDS.riskManager}`);
  });
});
