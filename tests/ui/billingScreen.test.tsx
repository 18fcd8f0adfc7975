/**
 * The billing screen (issue 10) with the real data provider, auth provider and toasts over the
 * fake billing service of billingHarness: what it shows from the API answer, the live
 * recomputation, Salvar, Faturar, the read-only rules, the spec's messages and the route's guards.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRICE_TABLE_WAITING } from '../../src/custom/billing/PriceTable';
import { HttpError } from '../../src/dataProvider/HttpError';
import { BILLING_RECALC_FAILED, BILLING_UPDATE_FAILED, BILLING_UPDATED } from '../../src/domain/billing/messages';
import { dismiss } from '../../src/layout/notify';
import {
  MISSION_ID,
  PLAN_A,
  PLAN_B,
  PROVIDER_SIDE_ID,
  SHIPPER_SIDE_ID,
  billingCalls,
  createdSide,
  missionBilling,
  pricedSide,
  recordSignals,
  renderBilling,
} from './billingHarness';
import { delay, PRESTADOR_ADMIN } from './frameworkHarness';

afterEach(() => act(() => dismiss()));

const heading = (text: string) => screen.findByRole('heading', { name: text });
const finalCost = () => screen.getByRole('status', { name: 'Custo final' });
const money = (label: string) => screen.getByRole('textbox', { name: label });
const calculusCalls = (api: Parameters<typeof billingCalls>[0]) => billingCalls(api, 'POST', /\/calculus$/);

async function setMoney(user: ReturnType<typeof renderBilling>['user'], label: string, digits: string) {
  const input = money(label);
  await user.clear(input);
  if (digits) await user.type(input, digits);
}

describe('billing screen', () => {
  it('shows the header, agents, price table, values and final cost the API answers, without recomputing', async () => {
    const { api } = renderBilling();
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    expect(screen.getByText('05/03/2026 14:30')).toBeInTheDocument();
    expect(screen.getByText('Transportes Beta')).toBeInTheDocument();
    expect(screen.getByText('Pronta Resposta Demo')).toBeInTheDocument();
    expect(screen.getByText('Finalizado')).toBeInTheDocument();

    const agents = screen.getByRole('table', { name: 'Prestadores' });
    const ana = within(agents).getByText('Ana Lima').closest('tr');
    expect(ana && within(ana).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Ana Lima', '98,5', '05:00']);

    const table = screen.getByRole('table', { name: 'Tabela de preços' });
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Item',
      'Definição',
      'Limite',
      'Utilização',
      'Excedente',
      'Valor excedente',
      'Custo',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['Hora', 'Base ao destino final · Hora cheia (1 min = 1 h)', '04:00', '06:00', '02:00', 'R$ 70,00', 'R$ 140,00'],
      ['KM', 'Base a base (retorno à base)', '100', '125', '25', 'R$ 2,50', 'R$ 62,50'],
    ]);

    expect(screen.getByRole('combobox', { name: 'Referência de preços' })).toHaveTextContent('Escolta padrão · R$ 500,00');
    expect(money('Pedágio')).toHaveValue('R$ 10,00');
    expect(money('Despesas')).toHaveValue('R$ 20,00');
    expect(money('Acréscimos')).toHaveValue('R$ 0,00');
    expect(money('Descontos')).toHaveValue('R$ 5,00');
    // 500 + 140 + 62,50 + 10 + 20 − 5
    expect(finalCost()).toHaveTextContent('R$ 727,50');
    await delay(400);
    expect(calculusCalls(api)).toHaveLength(0);
  });

  it('editing a value recomputes once after the typing pauses and shows the new table and final cost', async () => {
    const { api, user } = renderBilling();
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await setMoney(user, 'Acréscimos', '12345');
    expect(money('Acréscimos')).toHaveValue('R$ 123,45');
    await waitFor(() => expect(finalCost()).toHaveTextContent('R$ 850,95'));
    expect(calculusCalls(api).map((c) => [c.path, c.body])).toEqual([
      [`mission/${SHIPPER_SIDE_ID}/calculus`, { franchise: PLAN_A.franchiseId, others: { toll: 1_000, expenses: 2_000, additions: 12_345, discounts: 500 } }],
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Referência de preços' }));
    await user.click(await screen.findByRole('option', { name: 'Escolta noturna · R$ 800,00' }));
    const table = screen.getByRole('table', { name: 'Tabela de preços' });
    await waitFor(() => expect(within(table).getByText('Origem da operação ao destino final · Hora fracionada')).toBeInTheDocument());
    // 800 + 180 + 75 + 10 + 20 + 123,45 − 5
    expect(finalCost()).toHaveTextContent('R$ 1.203,45');
    expect(calculusCalls(api).at(-1)?.body).toEqual({ franchise: PLAN_B.franchiseId, others: { toll: 1_000, expenses: 2_000, additions: 12_345, discounts: 500 } });
  });

  it('a newer change aborts the recomputation still running, whose late answer is never shown', async () => {
    let first = true;
    let recorded: ReturnType<typeof recordSignals> = [];
    const { api, user } = renderBilling({
      prepare: (fake) => {
        // The first recomputation answers late (after the newer one).
        fake.use(async (request) => {
          if (request.method !== 'POST' || !request.path.endsWith('/calculus') || !first) return undefined;
          first = false;
          await delay(1500);
          return undefined;
        });
        recorded = recordSignals(fake);
      },
    });
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await setMoney(user, 'Acréscimos', '100');
    await waitFor(() => expect(calculusCalls(api)).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Recalculando' })).toBeInTheDocument();
    await user.type(money('Acréscimos'), '0');
    await waitFor(() => expect(calculusCalls(api)).toHaveLength(2));
    const calculusSignals = recorded.filter((r) => r.call.endsWith('/calculus')).map((r) => r.signal);
    expect(calculusSignals[0]?.aborted).toBe(true);
    // 727,50 + 10,00
    await waitFor(() => expect(finalCost()).toHaveTextContent('R$ 737,50'));
    await delay(1600);
    expect(finalCost()).toHaveTextContent('R$ 737,50');
    expect(screen.queryByRole('progressbar', { name: 'Recalculando' })).not.toBeInTheDocument();
  });

  it('Salvar sends PUT with the values in cents and toasts Faturamento atualizado', async () => {
    const { api, state, user } = renderBilling();
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await setMoney(user, 'Despesas', '3000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATED)).toBeInTheDocument();
    const puts = billingCalls(api, 'PUT', /.*/);
    expect(puts.map((c) => [c.path, c.body])).toEqual([
      [`mission/${SHIPPER_SIDE_ID}`, { franchise: PLAN_A.franchiseId, others: { toll: 1_000, expenses: 3_000, additions: 0, discounts: 500 } }],
    ]);
    expect(typeof puts[0]?.idempotencyKey).toBe('string');
    expect(state.billing.shipper?.others.expenses).toBe(3_000);
    expect(money('Despesas')).toHaveValue('R$ 30,00');
    expect(finalCost()).toHaveTextContent('R$ 737,50');
  });

  it('a failed save toasts the spec error and keeps what was typed', async () => {
    const { api, user } = renderBilling({
      prepare: (fake) =>
        fake.use((request) => {
          if (request.method === 'PUT') throw new HttpError(500, { error: 'Unknown error' });
          return undefined;
        }),
    });
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await setMoney(user, 'Despesas', '3000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATE_FAILED)).toBeInTheDocument();
    expect(billingCalls(api, 'PUT', /.*/)).toHaveLength(1);
    expect(money('Despesas')).toHaveValue('R$ 30,00');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(screen.queryByText(BILLING_UPDATED)).not.toBeInTheDocument();
  });

  it("a 400 from the server puts its messages under the fields, with the spec's failure toast", async () => {
    const { user } = renderBilling({
      prepare: (fake) =>
        fake.use((request) => {
          if (request.method === 'PUT') throw new HttpError(400, { errors: [{ code: 'too_big', path: 'others.toll', message: 'Valor acima do permitido' }] });
          return undefined;
        }),
    });
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATE_FAILED)).toBeInTheDocument();
    expect(money('Pedágio')).toHaveAccessibleDescription('Valor acima do permitido');
    expect(money('Pedágio')).toHaveValue('R$ 10,00');
  });

  it('a recomputation that fails keeps the last figures and says so', async () => {
    const { user } = renderBilling({
      prepare: (fake) =>
        fake.use((request) => {
          if (request.path.endsWith('/calculus')) throw new HttpError(500, { error: 'Unknown error' });
          return undefined;
        }),
    });
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await setMoney(user, 'Acréscimos', '100');
    expect(await screen.findByText(BILLING_RECALC_FAILED)).toBeInTheDocument();
    expect(finalCost()).toHaveTextContent('R$ 727,50');
    expect(within(screen.getByRole('table', { name: 'Tabela de preços' })).getByText('R$ 140,00')).toBeInTheDocument();
  });

  it('empty money fields show the spec messages and nothing is sent', async () => {
    const { api, user } = renderBilling();
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await setMoney(user, 'Pedágio', '');
    await setMoney(user, 'Descontos', '');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha o valor do pedágio')).toBeInTheDocument();
    expect(screen.getByText('Preencha o valor de descontos')).toBeInTheDocument();
    await setMoney(user, 'Despesas', '');
    expect(await screen.findByText('Preencha o valor de despesas')).toBeInTheDocument();
    await setMoney(user, 'Acréscimos', '');
    expect(await screen.findByText('Preencha o valor de acréscimos')).toBeInTheDocument();
    await delay(400);
    expect(billingCalls(api, 'PUT', /.*/)).toHaveLength(0);
    expect(calculusCalls(api)).toHaveLength(0);
  });

  it('without a price reference the values wait for one; choosing it prices the side', async () => {
    const { api, user } = renderBilling({ billing: missionBilling({ shipper: createdSide() }) });
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    for (const label of ['Pedágio', 'Despesas', 'Acréscimos', 'Descontos']) expect(money(label)).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Referência de preços' })).toHaveAccessibleDescription('Selecione a referência de preços');
    const table = screen.getByRole('table', { name: 'Tabela de preços' });
    expect(within(table).getByText(PRICE_TABLE_WAITING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha a referência da tabela de preço')).toBeInTheDocument();
    expect(billingCalls(api, 'PUT', /.*/)).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Referência de preços' }));
    await user.click(await screen.findByRole('option', { name: 'Escolta noturna · R$ 800,00' }));
    expect(money('Pedágio')).toBeEnabled();
    await waitFor(() => expect(within(table).getByText('R$ 180,00')).toBeInTheDocument());
    // 800 + 180 + 75
    expect(finalCost()).toHaveTextContent('R$ 1.055,00');
    expect(calculusCalls(api).map((c) => c.body)).toEqual([{ franchise: PLAN_B.franchiseId, others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } }]);
  });

  it('Faturar asks for confirmation naming the party, then bills: read-only with the new mission status', async () => {
    const { api, user } = renderBilling();
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    await user.click(screen.getByRole('button', { name: 'Faturar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faturar Cliente?' });
    expect(dialog).toHaveTextContent('O faturamento do Cliente da missão PROC-2026-0042 será concluído e não poderá mais ser alterado.');
    expect(dialog).toHaveTextContent('Custo final: R$ 727,50');
    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(billingCalls(api, 'POST', /\/finalize$/)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Faturar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText(BILLING_UPDATED)).toBeInTheDocument();
    expect(billingCalls(api, 'POST', /\/finalize$/).map((c) => [c.path, c.body])).toEqual([
      [`mission/${SHIPPER_SIDE_ID}/finalize`, { franchise: PLAN_A.franchiseId, others: { toll: 1_000, expenses: 2_000, additions: 0, discounts: 500 } }],
    ]);
    expect(await screen.findByText('Faturado Cliente')).toBeInTheDocument();
    expect(screen.getByText('Faturamento do Cliente concluído: somente leitura.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Faturar' })).not.toBeInTheDocument();
    expect(money('Pedágio')).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'view' access: the provider side for the risk manager, and a billed side, have every input disabled and no buttons", async () => {
    const { api } = renderBilling({ path: `/home/missions/${MISSION_ID}/billing/serviceProvider` });
    await heading('Faturamento - Prestadora · Processo PROC-2026-0042');
    expect(screen.getByText('Você pode consultar o faturamento da Prestadora, mas não alterá-lo.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Referência de preços' })).toHaveAttribute('aria-disabled', 'true');
    for (const label of ['Pedágio', 'Despesas', 'Acréscimos', 'Descontos']) expect(money(label)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Faturar' })).not.toBeInTheDocument();
    expect(finalCost()).toHaveTextContent('R$ 727,50');
    expect(api.calls.filter((c) => c.path.includes(PROVIDER_SIDE_ID))).toHaveLength(0);
    document.body.innerHTML = '';

    renderBilling({
      billing: missionBilling({ missionStatus: 'billed_shipper', shipper: pricedSide({ access: 'view', franchiseStatus: 'billed' }) }),
    });
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    expect(screen.getByText('Faturamento do Cliente concluído: somente leitura.')).toBeInTheDocument();
    expect(screen.getByText('Faturado Cliente')).toBeInTheDocument();
    expect(money('Descontos')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('the provider edits its own side; a side hidden from the viewer goes to the unauthorized page', async () => {
    const own = missionBilling({ shipper: null, serviceProvider: pricedSide({ _id: PROVIDER_SIDE_ID, type: 'serviceProvider' }) });
    renderBilling({ user: PRESTADOR_ADMIN, billing: own, path: `/home/missions/${MISSION_ID}/billing/serviceProvider` });
    await heading('Faturamento - Prestadora · Processo PROC-2026-0042');
    expect(screen.getByRole('button', { name: 'Faturar' })).toBeEnabled();
    document.body.innerHTML = '';

    renderBilling({ user: PRESTADOR_ADMIN, billing: own });
    expect(await screen.findByText('Sem autorização: /unauthorized')).toBeInTheDocument();
  });

  it('a billing type other than shipper or serviceProvider goes back to the missions', async () => {
    const { api } = renderBilling({ path: `/home/missions/${MISSION_ID}/billing/cliente` });
    expect(await screen.findByText('Missões: /home/missions')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('a load failure shows the details message with Tentar novamente, which loads the screen', async () => {
    let failures = 1;
    const { user } = renderBilling({
      prepare: (fake) =>
        fake.use((request) => {
          if (request.method === 'GET' && failures > 0) {
            failures -= 1;
            throw new HttpError(500, { error: 'Unknown error' });
          }
          return undefined;
        }),
    });
    expect(await screen.findByText('Tivemos um erro ao tentar carregar os detalhes da missão, tente novamente...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await heading('Faturamento - Cliente · Processo PROC-2026-0042');
    expect(finalCost()).toHaveTextContent('R$ 727,50');
  });
});
