/**
 * The real declarations on their real routes: the risk-manager field, lookups' toasts, masks and
 * '-' for empty phones, provider logins' payloads, the Franchise form and mission parameters.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminSection } from '../../src/custom/admin/AdminSection';
import type { ApiRecord } from '../../src/dataProvider/endpoints';
import { HttpError } from '../../src/dataProvider/HttpError';
import { dismiss } from '../../src/layout/notify';
import { resourceEndpoints } from '../../src/resources';
import { ADMIN, GESTOR_ADMIN, RISK_MANAGER_ID, createFakeApi, renderApp, type TestUser } from './frameworkHarness';

const PROVIDER_ID = 'aaaaaaaaaaaaaaaaaaaaaa51';
const LOGIN_ID = 'aaaaaaaaaaaaaaaaaaaaaa52';
const SERVICE_ID = 'aaaaaaaaaaaaaaaaaaaaaa53';
const OTHER_RM = 'aaaaaaaaaaaaaaaaaaaaaa02';

const routes = (
  <Routes>
    <Route path="/home/admin/*" element={<AdminSection />} />
    <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
  </Routes>
);

function renderAt(path: string, user: TestUser, collections: Record<string, ApiRecord[]> = {}) {
  const api = createFakeApi({
    'riskManagers:info': [
      { _id: RISK_MANAGER_ID, name: 'Gestora Alfa', active: true },
      { _id: OTHER_RM, name: 'Gestora Beta', active: true },
    ],
    ...collections,
  });
  renderApp({ path, api, user, endpoints: resourceEndpoints, children: routes });
  return { api, user: userEvent.setup() };
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(() => dismiss());

describe('lookups and the risk-manager field', () => {
  it('an admin picks the risk manager at creation, required, from /risk-managers/info', async () => {
    const { api, user } = renderAt('/home/admin/causes', ADMIN, { 'admin:causes': [] });
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
    const { api, user } = renderAt('/home/admin/leaderships', GESTOR_ADMIN, {
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
    const { api, user } = renderAt('/home/admin/carriers', GESTOR_ADMIN, { 'admin:carriers': [] });
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
    renderAt('/home/admin/advanced/providers', GESTOR_ADMIN, { 'serviceProviders:info': [provider] });
    const table = await screen.findByRole('table', { name: 'Prestadoras de Serviços' });
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell').map((c) => c.textContent);
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

  it('creates a login with the provider id and name; after creation e-mail and name stay read-only and the update sends id + role + active', async () => {
    const { api, user } = renderAt(`/home/admin/advanced/providers/${PROVIDER_ID}/providersLogin`, GESTOR_ADMIN, {
      'serviceProviders:info': [provider],
      [`serviceProviders:${PROVIDER_ID}/logins`]: [
        {
          _id: LOGIN_ID,
          name: 'Carlos',
          email: 'carlos@beta.com.br',
          active: true,
          role: { type: 'service_provider', perfil: 'operational' },
          serviceProvider: PROVIDER_ID,
        },
      ],
      'serviceProviders:login': [],
    });
    expect(await screen.findByRole('heading', { name: 'Logins - Vigilância Beta' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const create = await screen.findByRole('dialog', { name: 'Criar | Login' });
    await user.type(within(create).getByRole('textbox', { name: 'E-mail' }), 'ana@beta.com.br');
    await user.type(within(create).getByRole('textbox', { name: 'Nome' }), 'Ana');
    await user.type(within(create).getByLabelText('Senha'), 'Segura@123');
    await chooseOption(user, create, /Perfil/, 'Administrador');
    await user.click(within(create).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Logins atualizados com sucesso')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      base: 'serviceProviders',
      path: 'login',
      body: {
        email: 'ana@beta.com.br',
        name: 'Ana',
        password: 'Segura@123',
        role: { perfil: 'admin' },
        serviceProvider: PROVIDER_ID,
        serviceProviderName: 'Vigilância Beta',
      },
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
});

describe('franchise plans (the Franchise form)', () => {
  it("offers 'Todos' and the risk manager's providers, forces the toll price to 0 when not charged and saves active", async () => {
    const { api, user } = renderAt(`/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`, ADMIN, {
      'billing:franchise': [{ _id: SERVICE_ID, name: 'Pronta resposta', type: 'service_provider', active: true, riskManager: OTHER_RM }],
      [`billing:franchise/${SERVICE_ID}/serviceProviders`]: [],
      [`billing:riskManager/${OTHER_RM}/serviceProviders`]: [{ _id: PROVIDER_ID, name: 'Vigilância Beta' }],
      'billing:serviceProvider': [],
    });
    expect(await screen.findByRole('heading', { name: 'Prestadores de Serviço (franquias) - Pronta resposta' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Franquia de prestador' });

    // 'Todos' is the start; the list holds the service's risk manager's providers.
    expect(within(dialog).getByRole('combobox', { name: /Prestadora de serviços/ })).toHaveTextContent('Todos');
    await user.click(within(dialog).getByRole('combobox', { name: /Prestadora de serviços/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Todos', 'Vigilância Beta']);
    await user.click(screen.getByRole('option', { name: 'Todos' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome da franquia' }), 'Franquia padrão');
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor do atendimento' }), '35000');
    expect(within(dialog).getByRole('textbox', { name: 'Valor do atendimento' })).toHaveValue('R$ 350,00');
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Distância (km)' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Distância (km)' }), '50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tempo de operação (hh:mm)' }), '0300');
    expect(within(dialog).getByRole('textbox', { name: 'Tempo de operação (hh:mm)' })).toHaveValue('03:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor da hora excedente' }), '8000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Valor do km excedente' }), '250');

    // Toll price is editable only while the toll is charged; unchecking sends 0.
    const tollPrice = within(dialog).getByRole('textbox', { name: 'Valor do pedágio' });
    expect(tollPrice).toBeDisabled();
    await user.click(within(dialog).getByRole('switch', { name: 'Cobrar pedágio' }));
    expect(tollPrice).toBeEnabled();
    await user.type(tollPrice, '1500');
    await user.click(within(dialog).getByRole('switch', { name: 'Cobrar pedágio' }));

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Franquias de prestadores atualizadas com sucesso')).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('serviceProvider');
    expect(post.body).toMatchObject({
      serviceProvider: null,
      franchise_plan: SERVICE_ID,
      riskManager: OTHER_RM,
      name: 'Franquia padrão',
      price: 35000,
      limits: { distance: 50, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '03:00' },
      overages: { chargeType: 'full_time', hourPrice: 8000, distancePrice: 250 },
      toll: { toCharge: false, price: 0 },
      active: true,
    });
  });

  it('reports the hh:mm rules of the shared schema', async () => {
    const { user } = renderAt(`/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`, GESTOR_ADMIN, {
      'billing:franchise': [{ _id: SERVICE_ID, name: 'Pronta resposta', type: 'service_provider', active: true, riskManager: RISK_MANAGER_ID }],
      [`billing:franchise/${SERVICE_ID}/serviceProviders`]: [],
      [`billing:riskManager/${RISK_MANAGER_ID}/serviceProviders`]: [],
    });
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Franquia de prestador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tempo de operação (hh:mm)' }), '0975');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Minutos devem estar entre 0 e 59')).toBeInTheDocument();
  });
});

describe('mission parameters', () => {
  it('edits the four flags of the risk manager in place', async () => {
    const CONFIG_ID = 'aaaaaaaaaaaaaaaaaaaaaa71';
    const { api, user } = renderAt('/home/admin/configs', GESTOR_ADMIN, {
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
    expect(put.body).toEqual({ required: { cause: true, carrier: true, place: false, leadership: false } });
  });

  it("lets an admin pick whose parameters to edit", async () => {
    const { user } = renderAt('/home/admin/configs', ADMIN, {
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

describe('cities', () => {
  it('shows the state name in the list and picks the state from the states catalogue', async () => {
    const SP = 'aaaaaaaaaaaaaaaaaaaaaa81';
    const RJ = 'aaaaaaaaaaaaaaaaaaaaaa82';
    const { api, user } = renderAt('/home/admin/cities', ADMIN, {
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
});
