/**
 * The Franchise form on its real routes: the providers' plans of a service ('Todos' or one of the
 * risk manager's providers), money and hh:mm masks, toll price forced to 0, and hh:mm messages.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismiss } from '../../src/layout/notify';
import { ADMIN, GESTOR_ADMIN, RISK_MANAGER_ID } from './frameworkHarness';
import { OTHER_RM, expectListed, renderAdminAt, typeFilter } from './resourcesHarness';

const PROVIDER_ID = 'aaaaaaaaaaaaaaaaaaaaaa51';
const SERVICE_ID = 'aaaaaaaaaaaaaaaaaaaaaa53';

/** A stored provider plan's other fields (the API shape). */
const PLAN = {
  franchise_plan: SERVICE_ID,
  price: 35000,
  limits: { distance: 50, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '03:00' },
  overages: { chargeType: 'full_time', hourPrice: 8000, distancePrice: 250 },
  toll: { toCharge: false, price: 0 },
  active: true,
};

afterEach(() => dismiss());

describe('franchise plans (the Franchise form)', () => {
  it("offers 'Todos' and the risk manager's providers, forces the toll price to 0 when not charged and saves active", { timeout: 60_000 }, async () => {
    const { api, user } = renderAdminAt(`/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`, ADMIN, {
      'billing:franchise': [{ _id: SERVICE_ID, name: 'Pronta resposta', type: 'service_provider', active: true, riskManager: OTHER_RM }],
      [`billing:franchise/${SERVICE_ID}/serviceProviders`]: [],
      [`billing:riskManager/${OTHER_RM}/serviceProviders`]: [{ _id: PROVIDER_ID, name: 'Vigilância Beta' }],
      'billing:serviceProvider': [],
    });
    expect(await screen.findByRole('heading', { name: 'Prestadores de Serviço (franquias) - Pronta resposta' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Franquia de prestador' });

    // 'Todos' is the start; the list holds the service's risk manager's providers and 'Todos' (the
    // chosen option is left out of the list, as in every react-admin autocomplete).
    const provider = within(dialog).getByRole('combobox', { name: /Prestadora de serviços/ });
    expect(provider).toHaveValue('Todos');
    await user.click(provider);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Vigilância Beta']);
    await user.click(screen.getByRole('option', { name: 'Vigilância Beta' }));
    expect(provider).toHaveValue('Vigilância Beta');
    await user.click(provider);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Todos']);
    await user.click(screen.getByRole('option', { name: 'Todos' }));
    expect(provider).toHaveValue('Todos');

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

  it("lists and finds a plan for every provider as 'Todos', and sorts that column by what it shows", async () => {
    const plan = (id: string, name: string, provider: string | null, providerName?: string) => ({
      _id: id,
      name,
      franchise_plan: SERVICE_ID,
      serviceProvider: provider,
      ...(providerName ? { serviceProviderName: providerName } : {}),
      active: true,
      riskManager: RISK_MANAGER_ID,
    });
    const { user } = renderAdminAt(`/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`, GESTOR_ADMIN, {
      'billing:franchise': [{ _id: SERVICE_ID, name: 'Pronta resposta', type: 'service_provider', active: true, riskManager: RISK_MANAGER_ID }],
      [`billing:franchise/${SERVICE_ID}/serviceProviders`]: [
        plan('aaaaaaaaaaaaaaaaaaaaaa55', 'Plano Beta', PROVIDER_ID, 'Vigilância Beta'),
        plan('aaaaaaaaaaaaaaaaaaaaaa56', 'Plano geral', null),
        plan('aaaaaaaaaaaaaaaaaaaaaa57', 'Plano Alfa', 'aaaaaaaaaaaaaaaaaaaaaa58', 'Escolta Alfa'),
      ],
    });
    const title = 'Prestadores de Serviço (franquias)';
    // Default sort: the provider column by its text ('Todos' among the names, not first as null).
    await expectListed(title, ['Escolta Alfa', 'Todos', 'Vigilância Beta']);
    await typeFilter(user, 'todos');
    await expectListed(title, ['Todos']);
    await typeFilter(user, 'beta');
    await expectListed(title, ['Vigilância Beta']);
  });

  it("loads a plan for every provider (null) as 'Todos' and sends null back; a provider chosen is sent as its id", { timeout: 60_000 }, async () => {
    const PLAN_ID = 'aaaaaaaaaaaaaaaaaaaaaa56';
    const { api, user } = renderAdminAt(`/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`, GESTOR_ADMIN, {
      'billing:franchise': [{ _id: SERVICE_ID, name: 'Pronta resposta', type: 'service_provider', active: true, riskManager: RISK_MANAGER_ID }],
      [`billing:franchise/${SERVICE_ID}/serviceProviders`]: [
        { ...PLAN, _id: PLAN_ID, name: 'Plano geral', serviceProvider: null, riskManager: RISK_MANAGER_ID },
      ],
      [`billing:riskManager/${RISK_MANAGER_ID}/serviceProviders`]: [{ _id: PROVIDER_ID, name: 'Vigilância Beta' }],
      'billing:serviceProvider': [{ ...PLAN, _id: PLAN_ID, name: 'Plano geral', serviceProvider: null, riskManager: RISK_MANAGER_ID }],
    });
    await expectListed('Prestadores de Serviço (franquias)', ['Todos']);
    await user.click(screen.getByRole('button', { name: 'Ver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Consultar | Franquia de prestador' });
    expect(within(dialog).getByTestId('value-serviceProvider')).toHaveTextContent('Todos');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const provider = within(dialog).getByRole('combobox', { name: /Prestadora de serviços/ });
    expect(provider).toHaveValue('Todos');

    // Saved unchanged: null, not the empty choice's ''.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Franquias de prestadores atualizadas com sucesso')).toBeInTheDocument();
    dismiss();
    const puts = () => api.calls.filter((c) => c.method === 'PUT');
    expect(puts()[0]?.body).toMatchObject({ serviceProvider: null });

    await user.click(await screen.findByRole('button', { name: 'Ver' }));
    const again = await screen.findByRole('dialog', { name: 'Consultar | Franquia de prestador' });
    await user.click(within(again).getByRole('button', { name: 'Editar' }));
    await user.click(within(again).getByRole('combobox', { name: /Prestadora de serviços/ }));
    await user.click(await screen.findByRole('option', { name: 'Vigilância Beta' }));
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Franquias de prestadores atualizadas com sucesso')).toBeInTheDocument();
    expect(puts()[1]?.body).toMatchObject({ serviceProvider: PROVIDER_ID });
  });

  it('reports the hh:mm rules of the shared schema', async () => {
    const { user } = renderAdminAt(`/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`, GESTOR_ADMIN, {
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
