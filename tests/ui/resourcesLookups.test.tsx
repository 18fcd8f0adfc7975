/**
 * Simple catalogues on their real routes over the real server (contractHarness.tsx): lookups and
 * the risk-manager field, cities (state select) and mission parameters (a single record edited in
 * place). What the screens saved is read back from the server.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS, DEMO_SLA_TARGETS } from '../../server/demo/seedCatalogues';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient } from '../../src/dataProvider/httpClient';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { Account } from '../server/catalogueClient';
import { renderOverServer, type SignedIn } from './contractHarness';
import { chooseOption, expectListed, rowsOf, typeFilter } from './resourcesHarness';
import { serveScreens, type UiServer } from './uiServer';

let server: UiServer;
serveScreens((made) => (server = made));

async function renderAdminAt(path: string, account: Account, signedIn?: SignedIn) {
  const session = signedIn ?? (await server.signedIn(account));
  server.requests.length = 0;
  return renderOverServer(path, session);
}

/** A catalogue's rows as the server stores them (read as the platform admin, who sees every tenant). */
async function stored(path: string): Promise<ApiRecord[]> {
  const { httpClient } = await server.signedIn('admin');
  return (await httpClient<ApiRecord[]>('admin', path)).data;
}
const posts = () => server.requests.filter((r) => r.startsWith('POST '));

describe('lookups and the risk-manager field', () => {
  it('an admin picks the risk manager at creation, required, from /risk-managers/info', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/causes', 'admin');
    await screen.findByRole('table', { name: 'Motivo Acionamento' });
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Motivo acionamento' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Pane elétrica');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha a gestora de risco')).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await chooseOption(user, dialog, /Gestora de risco/, 'Gerenciadora Norte');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Motivos acionamento atualizados com sucesso')).toBeInTheDocument();
    expect(server.requests.some((r) => r.startsWith('GET /api/risk-managers/info'))).toBe(true);
    expect((await stored('causes')).find((c) => c.name === 'Pane elétrica')).toMatchObject({ active: true, riskManager: DEMO_IDS.riskManagerNorte });
  });

  it('a risk-manager user never sees the field nor loads the risk managers; the edit form hides it too', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/leaderships', 'gestor');
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Liderança' });
    expect(within(dialog).queryByText('Gestora de risco')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Supervisão Diurna');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lideranças atualizadas com sucesso')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.includes('risk-managers'))).toEqual([]);
    // The server files it under the user's own risk manager.
    expect((await stored('leaderships')).find((l) => l.name === 'Supervisão Diurna')).toMatchObject({ active: true, riskManager: DEMO_IDS.riskManager });
  });

  it('a server missingRiskManager shows its catalogue text', { timeout: 60_000 }, async () => {
    // Simulated: the real server never answers this to a risk-manager user (its token names the
    // risk manager), and the form keeps an admin from sending none; the screen must still say it.
    const signedIn = await server.signedIn('gestor');
    const refusing: HttpClient = (base, path, options) =>
      options?.method === 'POST'
        ? Promise.reject(new HttpError(400, { errors: [{ code: 'missingRiskManager', path: 'riskManager', message: 'x' }] }))
        : signedIn.httpClient(base, path, options);
    const { user } = await renderAdminAt('/home/admin/carriers', 'gestor', { ...signedIn, httpClient: refusing });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Transportador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Trans Sul');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert', { hidden: true })).toHaveTextContent('Gestora de risco não informada');
  });
});

describe('maximum lengths', () => {
  it("a name over 120 characters shows 'Máximo de 120 caracteres' under the field and is not sent", { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/places', 'gestor');
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Local' });
    const name = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user.click(name);
    await user.paste('n'.repeat(121));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Máximo de 120 caracteres')).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await user.type(name, '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Locais atualizados com sucesso')).toBeInTheDocument();
    expect((await stored('places')).some((p) => p.name === 'n'.repeat(120))).toBe(true);
  });
});

describe('several tenants in one list (platform admin)', () => {
  it("shows each row's risk manager in a 'Gerenciadora' column and filters by it", { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/causes', 'admin');
    const table = await screen.findByRole('table', { name: 'Motivo Acionamento' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Motivo', 'Ativo', 'Gerenciadora', 'Ações']);
    await typeFilter(user, 'carga');
    await waitFor(() =>
      expect(rowsOf(table).map((cells) => [cells[0], cells[2]])).toEqual([
        ['Carga retida em balsa', 'Gerenciadora Norte'],
        ['Roubo de carga', 'Gerenciadora Demo'],
      ]),
    );

    await user.click(screen.getByRole('combobox', { name: 'Gerenciadora' }));
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Demo' }));
    await expectListed('Motivo Acionamento', ['Roubo de carga']);
    await user.click(screen.getByRole('combobox', { name: 'Gerenciadora' }));
    await user.click(await screen.findByRole('option', { name: 'Todas' }));
    await expectListed('Motivo Acionamento', ['Carga retida em balsa', 'Roubo de carga']);
  });

  it('a risk-manager user, who sees only its own rows, gets neither the column nor the filter', { timeout: 60_000 }, async () => {
    await renderAdminAt('/home/admin/causes', 'gestor');
    const table = await screen.findByRole('table', { name: 'Motivo Acionamento' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Motivo', 'Ativo', 'Ações']);
    expect(screen.queryByRole('combobox', { name: 'Gerenciadora' })).not.toBeInTheDocument();
    expect(within(table).queryByText('Carga retida em balsa')).not.toBeInTheDocument();
  });
});

describe('select errors', () => {
  it('sit where text fields put theirs (the same contained helper text)', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/causes', 'admin');
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
  it('shows the state name in the list and picks the state from the states catalogue', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/cities', 'admin');
    const table = await screen.findByRole('table', { name: 'Cidades' });
    // The big list comes a page at a time from the server (docs/rules/screens.md), never whole.
    const pages = await screen.findByText(/^Página 1 de \d+$/);
    expect(rowsOf(table)).toHaveLength(20);
    expect(server.requests.filter((r) => r.startsWith('GET /api/admin/cities'))).toEqual(['GET /api/admin/cities?page=1&perPage=20&sort=name&order=ASC']);
    expect(pages).toHaveTextContent(`Página 1 de ${Math.ceil((await stored('cities')).length / 20)}`);
    await typeFilter(user, 'Campinas');
    await waitFor(() => expect(rowsOf(table).map((cells) => cells.slice(0, 2))).toEqual([['Campinas', 'São Paulo']]));
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Cidade' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Petrópolis');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Preencha o estado da cidade')).toBeInTheDocument();
    await chooseOption(user, dialog, /Estado/, 'Rio de Janeiro');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cidades atualizadas com sucesso')).toBeInTheDocument();
    const states = await stored('states');
    const rio = states.find((s) => s.name === 'Rio de Janeiro')!;
    const { httpClient } = await server.signedIn('admin');
    const cities = (await httpClient<ApiRecord[]>('admin', 'cities', { query: { name: 'Petrópolis' } })).data;
    expect(cities.find((c) => c.name === 'Petrópolis')).toMatchObject({ state: rio._id, active: true });
  });

  it('narrows the states as one types in the Estado box, accent-insensitively (reference input over the data provider)', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/cities', 'admin');
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
  it('edits the four flags of the risk manager in place', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/configs', 'gestor');
    expect(await screen.findByRole('heading', { name: /^Parâmetros da missão/ })).toBeInTheDocument();
    const place = await screen.findByRole('switch', { name: 'Local obrigatório' });
    expect(place).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Motivo acionamento obrigatório' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Deletar' })).not.toBeInTheDocument();
    await user.click(place);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Parâmetros atualizados com sucesso')).toBeInTheDocument();
    expect(server.requests).toContain(`PUT /api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`);
    // The SLA targets travel with the flags and are kept as they were.
    const [config] = await stored('mission/configs').then((rows) => rows.filter((r) => r._id === CATALOGUE_IDS.missionConfigDemo));
    expect(config).toMatchObject({
      required: { cause: true, carrier: true, place: true, leadership: false },
      sla: DEMO_SLA_TARGETS,
    });
  });

  it('saves the estimate (a decimal comma), the arrival radius and the alarms typed on the screen, not only the flags', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/configs', 'gestor');
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const typeInto = async (field: HTMLElement, text: string) => {
      await user.clear(field);
      await user.type(field, text);
    };
    await typeInto(await screen.findByRole('textbox', { name: /^Fator de estrada/ }), '1,4');
    await typeInto(screen.getByRole('spinbutton', { name: 'Raio do local (m)' }), '350');
    await typeInto(screen.getByRole('spinbutton', { name: /^Minutos para escalonar alarme/ }), '7');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Parâmetros atualizados com sucesso')).toBeInTheDocument();
    const [config] = await stored('mission/configs').then((rows) => rows.filter((r) => r._id === CATALOGUE_IDS.missionConfigDemo));
    expect(config).toMatchObject({ eta: { roadFactor: 1.4 }, arrival: { radius: 350 }, alarms: { escalateMinutes: 7 }, sla: DEMO_SLA_TARGETS });
  });

  it('lets an admin pick whose parameters to edit', { timeout: 60_000 }, async () => {
    const { user } = await renderAdminAt('/home/admin/configs', 'admin');
    await user.click(await screen.findByRole('combobox', { name: 'Gestora de risco' }));
    await user.click(await screen.findByRole('option', { name: 'Gerenciadora Demo' }));
    expect(await screen.findByRole('switch', { name: 'Transportador obrigatório' })).toBeChecked();
  });
});
