/**
 * Shippers on their real routes: the CNPJ mask (alphanumeric CNPJs typed in lower case come out
 * upper-case and are accepted, DESIGN 4) and a text filter that finds what the list shows.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, RISK_MANAGER_ID } from './frameworkHarness';
import { expectListed, renderAdminAt, typeFilter } from './resourcesHarness';

afterEach(() => dismiss());

// Ids as the server makes them: hex, so full of digits and 'a'–'f'.
const shipperRows = () => [
  { _id: '5f0e1d2c3b4a596877665544', name: 'Transportes Beta', legalName: 'Beta Logística Ltda', cnpj: '11222333000181', active: true, riskManager: RISK_MANAGER_ID },
  { _id: '5f0e1d2c3b4a596877665545', name: 'Rodoviário Sul', legalName: 'Sul Cargas SA', cnpj: '45723174000110', active: false, riskManager: RISK_MANAGER_ID },
];

describe('shippers', () => {
  it('takes an alphanumeric CNPJ typed in lower case: masked upper-case, accepted and sent unformatted', async () => {
    const { api, user } = renderAdminAt('/home/admin/advanced/shippers', GESTOR_ADMIN, { 'admin:shippers': [] });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Embarcador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Cargas Alfanuméricas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Razão social' }), 'Cargas Alfanuméricas Ltda');
    // Base 12ABC3450001, check digits 88 (mod 11 over ASCII − 48).
    const cnpj = within(dialog).getByRole('textbox', { name: 'CNPJ' });
    await user.type(cnpj, '12abc345000188');
    expect(cnpj).toHaveValue('12.ABC.345/0001-88');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Embarcadores atualizados com sucesso')).toBeInTheDocument();
    expect(within(dialog).queryByText('CNPJ inválido')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ cnpj: '12ABC345000188' });
    const table = await screen.findByRole('table', { name: 'Embarcadores' });
    expect(within(table).getByText('12.ABC.345/0001-88')).toBeInTheDocument();
  });

  it("refuses a wrong check digit with 'CNPJ inválido' and sends nothing", async () => {
    const { api, user } = renderAdminAt('/home/admin/advanced/shippers', GESTOR_ADMIN, { 'admin:shippers': [] });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Embarcador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Cargas');
    await user.type(within(dialog).getByRole('textbox', { name: 'Razão social' }), 'Cargas Ltda');
    await user.type(within(dialog).getByRole('textbox', { name: 'CNPJ' }), '12abc345000189');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('CNPJ inválido')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('filters on the masked CNPJ, its bare digits and Sim/Não, never on the hidden ids', async () => {
    const { user } = renderAdminAt('/home/admin/advanced/shippers', GESTOR_ADMIN, { 'admin:shippers': shipperRows() });
    await expectListed('Embarcadores', ['Rodoviário Sul', 'Transportes Beta']);

    await typeFilter(user, '11.222');
    await expectListed('Embarcadores', ['Transportes Beta']);
    // The CNPJ's digits as copied from elsewhere, without the mask's dots and slash (issue 6 item 18).
    await typeFilter(user, '45723174');
    await expectListed('Embarcadores', ['Rodoviário Sul']);
    await typeFilter(user, '0001-10');
    await expectListed('Embarcadores', ['Rodoviário Sul']);
    await typeFilter(user, '333000181');
    await expectListed('Embarcadores', ['Transportes Beta']);
    await typeFilter(user, 'não');
    await expectListed('Embarcadores', ['Rodoviário Sul']);
    // Every id starts '5f…', but neither 'f' nor '5f0e' is anything the rows show.
    await typeFilter(user, 'f');
    await expectListed('Embarcadores', []);
    await typeFilter(user, 'sim');
    await expectListed('Embarcadores', ['Transportes Beta']);
    await typeFilter(user, '5f0e');
    await expectListed('Embarcadores', []);
  });
});
