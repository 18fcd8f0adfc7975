/**
 * The Franchise form on its real routes over the real server (contractHarness.tsx): the
 * providers' plans of a service ('Todos' or one of the risk manager's providers), money and hh:mm
 * masks, toll price forced to 0, and hh:mm messages. The seeded service 'Pronta resposta armada'
 * has a plan for every provider ('Tabela geral de prestadores') and one for Pronta Resposta Demo.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { dismiss } from '../../src/layout/notify';
import type { Account } from '../server/catalogueClient';
import { renderOverServer } from './contractHarness';
import { expectListed, typeFilter } from './resourcesHarness';
import { serveScreens, type UiServer } from './uiServer';

let server: UiServer;
serveScreens((made) => (server = made));

const SERVICE_ID = CATALOGUE_IDS.serviceArmada;
const LIST_URL = `/home/admin/advanced/franchises/${SERVICE_ID}/franchiseProviders`;

async function renderPlans(account: Account) {
  return renderOverServer(LIST_URL, await server.signedIn(account));
}

/** The service's provider plans as the server stored them. */
async function storedPlans(): Promise<ApiRecord[]> {
  const { httpClient } = await server.signedIn('gestor');
  return (await httpClient<ApiRecord[]>('billing', `franchise/${SERVICE_ID}/serviceProviders`)).data;
}

describe('franchise plans (the Franchise form)', () => {
  it("offers 'Todos' and the risk manager's providers, forces the toll price to 0 when not charged and saves active", { timeout: 60_000 }, async () => {
    const { user } = await renderPlans('admin');
    expect(await screen.findByRole('heading', { name: /^Prestadores de Serviço \(franquias\) - Pronta resposta armada/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Franquia de prestador' });

    // 'Todos' is the start; the list holds the service's risk manager's providers and 'Todos' (the
    // chosen option is left out of the list, as in every react-admin autocomplete).
    const provider = within(dialog).getByRole('combobox', { name: /Prestadora de serviços/ });
    expect(provider).toHaveValue('Todos');
    await user.click(provider);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Escolta Sul', 'Pronta Resposta Demo']);
    await user.click(screen.getByRole('option', { name: 'Escolta Sul' }));
    expect(provider).toHaveValue('Escolta Sul');
    await user.click(provider);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Todos', 'Pronta Resposta Demo']);
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
    // Stored for every provider of the service's risk manager, with the toll not charged at 0.
    expect((await storedPlans()).find((plan) => plan.name === 'Franquia padrão')).toMatchObject({
      serviceProvider: null,
      franchise_plan: SERVICE_ID,
      riskManager: DEMO_IDS.riskManager,
      name: 'Franquia padrão',
      price: 35000,
      limits: { distance: 50, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '03:00' },
      overages: { chargeType: 'full_time', hourPrice: 8000, distancePrice: 250 },
      toll: { toCharge: false, price: 0 },
      active: true,
    });
  });

  it("lists and finds a plan for every provider as 'Todos', and sorts that column by what it shows", { timeout: 60_000 }, async () => {
    const { user } = await renderPlans('gestor');
    const title = 'Prestadores de Serviço (franquias)';
    // Default sort: the provider column by its text ('Todos' among the names, not first as null).
    await expectListed(title, ['Pronta Resposta Demo', 'Todos']);
    await typeFilter(user, 'todos');
    await expectListed(title, ['Todos']);
    await typeFilter(user, 'demo');
    await expectListed(title, ['Pronta Resposta Demo']);
  });

  it("loads a plan for every provider (null) as 'Todos' and sends null back; a provider chosen is sent as its id", { timeout: 60_000 }, async () => {
    const { user } = await renderPlans('gestor');
    const general = () => (storedPlans().then((plans) => plans.find((plan) => plan.name === 'Tabela geral de prestadores')));
    const openGeneral = async () => {
      const table = await screen.findByRole('table', { name: 'Prestadores de Serviço (franquias)' });
      const row = (await within(table).findByText('Todos', { selector: 'td, td *' })).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: 'Ver' }));
      return screen.findByRole('dialog', { name: 'Consultar | Franquia de prestador' });
    };
    const dialog = await openGeneral();
    expect(within(dialog).getByTestId('value-serviceProvider')).toHaveTextContent('Todos');
    await user.click(within(dialog).getByRole('button', { name: 'Editar' }));
    const provider = within(dialog).getByRole('combobox', { name: /Prestadora de serviços/ });
    expect(provider).toHaveValue('Todos');

    // Saved unchanged: null, not the empty choice's ''.
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Franquias de prestadores atualizadas com sucesso')).toBeInTheDocument();
    dismiss();
    expect(await general()).toMatchObject({ serviceProvider: null });

    const again = await openGeneral();
    await user.click(within(again).getByRole('button', { name: 'Editar' }));
    await user.click(within(again).getByRole('combobox', { name: /Prestadora de serviços/ }));
    await user.click(await screen.findByRole('option', { name: 'Escolta Sul' }));
    await user.click(within(again).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Franquias de prestadores atualizadas com sucesso')).toBeInTheDocument();
    expect(await general()).toMatchObject({ serviceProvider: DEMO_IDS.providerSul });
  });

  it('reports the hh:mm rules of the shared schema', { timeout: 60_000 }, async () => {
    const { user } = await renderPlans('gestor');
    await user.click(await screen.findByRole('button', { name: 'Criar novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar | Franquia de prestador' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tempo de operação (hh:mm)' }), '0975');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Minutos devem estar entre 0 e 59')).toBeInTheDocument();
  });
});
