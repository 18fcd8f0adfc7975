/**
 * Simple catalogues on their real routes: lookups and the risk-manager field, cities (state select)
 * and mission parameters (a single record edited in place).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/dataProvider/HttpError';
import { dismiss } from '../../src/layout/notify';
import { ADMIN, GESTOR_ADMIN, RISK_MANAGER_ID } from './frameworkHarness';
import { OTHER_RM, chooseOption, expectListed, renderAdminAt, rowsOf } from './resourcesHarness';

afterEach(() => dismiss());

describe('lookups and the risk-manager field', () => {
  it('an admin picks the risk manager at creation, required, from /risk-managers/info', async () => {
    const { api, user } = renderAdminAt('/home/admin/causes', ADMIN, { 'admin:causes': [] });
    expect(await screen.findByText('Nenhum registro encontrado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Motivo acionamento' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Roubo de carga');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha a gestora de risco')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await chooseOption(user, dialog, /Gestora de risco/, 'Gestora Beta');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Motivos acionamento atualizados com sucesso')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      base: 'admin',
      path: 'causes',
      body: { name: 'Roubo de carga', active: true, riskManager: OTHER_RM },
    });
  });

  it('a risk-manager user never sees the field nor loads the risk managers; the edit form hides it too', async () => {
    const { api, user } = renderAdminAt('/home/admin/leaderships', GESTOR_ADMIN, {
      'admin:leaderships': [{ _id: 'aaaaaaaaaaaaaaaaaaaaaa61', name: 'Coordenação', active: true, riskManager: RISK_MANAGER_ID }],
    });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Liderança' });
    expect(within(dialog).queryByText('Gestora de risco')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Supervisão');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lideranças atualizadas com sucesso')).toBeInTheDocument();
    expect(api.calls.some((c) => c.base === 'riskManagers')).toBe(false);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Supervisão', active: true, riskManager: null });
  });

  it('a server missingRiskManager shows its catalogue text', async () => {
    const { api, user } = renderAdminAt('/home/admin/carriers', GESTOR_ADMIN, { 'admin:carriers': [] });
    api.use((request) => {
      if (request.method === 'POST') {
        throw new HttpError(400, { errors: [{ code: 'missingRiskManager', path: 'riskManager', message: 'x' }] });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Transportador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Trans Sul');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Gestora de risco não informada');
  });
});

describe('maximum lengths', () => {
  it("a name over 120 characters shows 'Máximo de 120 caracteres' under the field and is not sent", async () => {
    const { api, user } = renderAdminAt('/home/admin/places', GESTOR_ADMIN, { 'admin:places': [] });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Local' });
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.click(name);
    await user.paste('n'.repeat(121));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Máximo de 120 caracteres')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Locais atualizados com sucesso')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'n'.repeat(120) });
  });
});

describe('several tenants in one list (platform admin)', () => {
  const causes = [
    { _id: 'aaaaaaaaaaaaaaaaaaaaaa71', name: 'Roubo', active: true, riskManager: RISK_MANAGER_ID },
    { _id: 'aaaaaaaaaaaaaaaaaaaaaa72', name: 'Pane', active: true, riskManager: OTHER_RM },
  ];

  it("shows each row's risk manager in a 'Gerenciadora' column and filters by it", async () => {
    const { user } = renderAdminAt('/home/admin/causes', ADMIN, { 'admin:causes': causes });
    const table = await screen.findByRole('table', { name: 'Motivo Acionamento' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Motivo', 'Ativo', 'Gerenciadora', 'Ações']);
    expect(rowsOf(table).map((cells) => [cells[0], cells[2]])).toEqual([
      ['Pane', 'Gestora Beta'],
      ['Roubo', 'Gestora Alfa'],
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Gerenciadora' }));
    await user.click(await screen.findByRole('option', { name: 'Gestora Alfa' }));
    await expectListed('Motivo Acionamento', ['Roubo']);
    await user.click(screen.getByRole('combobox', { name: 'Gerenciadora' }));
    await user.click(await screen.findByRole('option', { name: 'Todas' }));
    await expectListed('Motivo Acionamento', ['Pane', 'Roubo']);
  });

  it('a risk-manager user, who sees only its own rows, gets neither the column nor the filter', async () => {
    renderAdminAt('/home/admin/causes', GESTOR_ADMIN, { 'admin:causes': causes.slice(0, 1) });
    const table = await screen.findByRole('table', { name: 'Motivo Acionamento' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Motivo', 'Ativo', 'Ações']);
    expect(screen.queryByRole('combobox', { name: 'Gerenciadora' })).not.toBeInTheDocument();
  });
});

describe('select errors', () => {
  it('sit where text fields put theirs (the same contained helper text)', async () => {
    const { user } = renderAdminAt('/home/admin/causes', ADMIN, { 'admin:causes': [] });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Motivo acionamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const selectError = await within(dialog).findByText('Preencha a gestora de risco');
    const textError = await within(dialog).findByText('Preencha o motivo do acionamento');
    expect(textError).toHaveClass('MuiFormHelperText-contained');
    expect(selectError).toHaveClass('MuiFormHelperText-contained');
  });
});

describe('cities', () => {
  it('shows the state name in the list and picks the state from the states catalogue', async () => {
    const SP = 'aaaaaaaaaaaaaaaaaaaaaa81';
    const RJ = 'aaaaaaaaaaaaaaaaaaaaaa82';
    const { api, user } = renderAdminAt('/home/admin/cities', ADMIN, {
      'admin:states': [
        { _id: SP, name: 'São Paulo', active: true },
        { _id: RJ, name: 'Rio de Janeiro', active: true },
      ],
      'admin:cities': [{ _id: 'aaaaaaaaaaaaaaaaaaaaaa83', name: 'Campinas', state: SP, stateName: 'São Paulo', active: true }],
    });
    const table = await screen.findByRole('table', { name: 'Cidades' });
    expect(within(table).getByText('São Paulo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Cidade' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Niterói');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha o estado da cidade')).toBeInTheDocument();
    await chooseOption(user, dialog, /Estado/, 'Rio de Janeiro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cidades atualizadas com sucesso')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Niterói', state: RJ, active: true });
  });
  it('narrows the states as one types in the Estado box, accent-insensitively (reference input over the data provider)', async () => {
    const { user } = renderAdminAt('/home/admin/cities', ADMIN, {
      'admin:states': [
        { _id: 'aaaaaaaaaaaaaaaaaaaaaa81', name: 'São Paulo', active: true },
        { _id: 'aaaaaaaaaaaaaaaaaaaaaa82', name: 'Rio de Janeiro', active: true },
        { _id: 'aaaaaaaaaaaaaaaaaaaaaa84', name: 'Santa Catarina', active: true },
      ],
      'admin:cities': [],
    });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Cidade' });
    await user.type(within(dialog).getByRole('combobox', { name: /Estado/ }), 'sao');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['São Paulo']));
    await user.clear(within(dialog).getByRole('combobox', { name: /Estado/ }));
    await user.type(within(dialog).getByRole('combobox', { name: /Estado/ }), 'zz');
    expect(await screen.findByText('Nenhum resultado')).toBeInTheDocument();
  });
});

describe('mission parameters', () => {
  it('edits the four flags of the risk manager in place', async () => {
    const CONFIG_ID = 'aaaaaaaaaaaaaaaaaaaaaa71';
    const { api, user } = renderAdminAt('/home/admin/configs', GESTOR_ADMIN, {
      'admin:mission/configs': [
        { _id: CONFIG_ID, riskManager: RISK_MANAGER_ID, required: { cause: true, carrier: false, place: false, leadership: false } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Parâmetros da missão' })).toBeInTheDocument();
    const carrier = await screen.findByRole('switch', { name: 'Transportador obrigatório' });
    expect(carrier).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Motivo acionamento obrigatório' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    await user.click(carrier);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Parâmetros atualizados com sucesso')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`mission/configs/${CONFIG_ID}`);
    // The SLA targets travel with the flags (none set here: every phase without a target).
    expect(put.body).toEqual({
      required: { cause: true, carrier: true, place: false, leadership: false },
      sla: { proposal: null, accept: null, arrival: null, execution: null, billing: null },
    });
  });

  it("lets an admin pick whose parameters to edit", async () => {
    const { user } = renderAdminAt('/home/admin/configs', ADMIN, {
      'admin:mission/configs': [
        { _id: 'aaaaaaaaaaaaaaaaaaaaaa72', riskManager: RISK_MANAGER_ID, required: { cause: false, carrier: false, place: false, leadership: false } },
        { _id: 'aaaaaaaaaaaaaaaaaaaaaa73', riskManager: OTHER_RM, required: { cause: false, carrier: false, place: true, leadership: false } },
      ],
    });
    await user.click(await screen.findByRole('combobox', { name: 'Gestora de risco' }));
    await user.click(await screen.findByRole('option', { name: 'Gestora Beta' }));
    expect(await screen.findByRole('switch', { name: 'Local obrigatório' })).toBeChecked();
  });
});
