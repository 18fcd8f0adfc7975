/**
 * The billing screen (docs/rules/billing.md) with the real data provider, auth provider and toasts over the
 * real server (contractHarness.tsx) on the seeded finished mission: what it shows from the
 * server's answer, the live recomputation, Salvar, Faturar, the read-only rules, the product's
 * messages and the route's guards. The figures expected are the ones the server computes for the
 * values the test gives (its calculus has its own tests); what the fake's calls showed is now
 * read back from the server (what it received, what it stored). A failure the real server cannot
 * be led to give (a 500, a late answer, a field error the shared schema stops in the browser
 * first) comes from a wrapper around the real http client.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missionBillings } from '../../server/db/schema';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { BillingPage } from '../../src/custom/billing/BillingPage';
import { PRICE_TABLE_WAITING } from '../../src/custom/billing/PriceTable';
import { createDataProvider } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { BillingCalculation, BillingValues, MissionBilling, MissionBillingSide, PriceReference } from '../../src/domain/billing';
import { BILLING_RECALC_FAILED, BILLING_UPDATE_FAILED, BILLING_UPDATED } from '../../src/domain/billing/messages';
import { discountExceedsTotal } from '../../src/domain/billing/refusals';
import { formatMoney } from '../../src/domain/validators/money';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { dismiss } from '../../src/layout/notify';
import { RaNotificationBridge } from '../../src/layout/RaNotificationBridge';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import type { Account } from '../server/catalogueClient';
import { defined } from '../defined';
import type { SignedIn } from './contractHarness';
import { createUiServer, currentPath, PathProbe, type UiServer } from './uiServer';

const MISSION = MISSION_IDS.finished;
/** The shipper side's others before each test (toll, expenses and a discount), saved through the API. */
const OTHERS = { toll: 1_000, expenses: 2_000, additions: 0, discounts: 500 };

let server: UiServer;
beforeAll(async () => {
  server = await createUiServer();
}, 120_000);
afterAll(async () => server?.close());
beforeEach(async () => {
  const side = await sideOf('gestor', 'shipper');
  await api('gestor', `mission/${side._id}`, { method: 'PUT', body: { franchise: side.franchise, others: OTHERS } });
  server.requests.length = 0;
}, 60_000);
afterEach(async () => {
  act(() => dismiss());
  await server.reset();
}, 60_000);

/** A value the server's answer must hold (a side, a calculation), or a failure naming it. */
const present = <T,>(value: T | null | undefined, what: string): T => defined(value ?? undefined, what);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function api<T>(account: Account, path: string, options?: RequestOptions): Promise<T> {
  const { httpClient } = await server.signedIn(account);
  return (await httpClient<T>('billing', path, options)).data;
}

/** The mission's billing as the server answers `account` (read apart from the screen). */
const served = (account: Account = 'gestor') => api<MissionBilling>(account, `mission/id/${MISSION}`);

async function sideOf(account: Account, target: 'shipper' | 'serviceProvider'): Promise<MissionBillingSide> {
  return present((await served(account))[target], `${account} sees the ${target} side`);
}

/** What the server's calculus answers for the shipper side with these values. */
async function calculus(values: BillingValues): Promise<BillingCalculation> {
  const side = await sideOf('gestor', 'shipper');
  return api<BillingCalculation>('gestor', `mission/${side._id}/calculus`, { method: 'POST', body: values });
}

/** The two price references the shipper side offers: the one saved, and the other. */
async function plans(): Promise<{ saved: PriceReference; other: PriceReference }> {
  const side = await sideOf('gestor', 'shipper');
  const saved = present(side.priceReferences.find((p) => p.franchiseId === side.franchise), 'the saved plan');
  const other = present(side.priceReferences.find((p) => p.franchiseId !== side.franchise), 'another plan');
  return { saved, other };
}

const optionLabel = (plan: PriceReference) => `${plan.franchiseName} · ${formatMoney(plan.price)}`;
const requestsTo = (method: string, suffix: RegExp) =>
  server.requests.filter((r) => r.startsWith(`${method} /api/v1/billing/mission/`) && suffix.test(r.split('?')[0] ?? ''));
const calculusCalls = () => requestsTo('POST', /\/calculus$/);
const puts = () => requestsTo('PUT', /.*/);

/** The billing route (and the two places it may send the viewer) with the real providers over `signedIn`. */
function renderBilling(signedIn: SignedIn, path = `/home/missions/${MISSION}/billing/shipper`, httpClient: HttpClient = signedIn.httpClient) {
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={signedIn.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/home/missions/:missionId/billing/:billingType" element={<BillingPage />} />
          <Route path="/home/missions" element={<p>Missões</p>} />
          <Route path="/unauthorized" element={<p>Sem autorização</p>} />
        </Routes>
        <RaNotificationBridge />
        <PathProbe />
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup() };
}

async function renderAs(account: Account, path?: string, wrap?: (inner: HttpClient) => HttpClient) {
  const signedIn = await server.signedIn(account);
  const billing = await served(account);
  server.requests.length = 0;
  return { ...renderBilling(signedIn, path, wrap ? wrap(signedIn.httpClient) : signedIn.httpClient), billing };
}

const headingOf = (billing: MissionBilling, party: 'Cliente' | 'Prestadora') => `Faturamento - ${party} · Processo ${billing.processNumberDisplay}`;
const heading = (text: string) => screen.findByRole('heading', { name: text });
const finalCost = () => screen.getByRole('status', { name: 'Custo final' });
const money = (label: string) => screen.getByRole('textbox', { name: label });
const priceRows = (calculation: BillingCalculation) =>
  calculation.table.map((r) => [r.label, r.definition, r.limit, r.usage, r.overage, formatMoney(r.overagePrice), formatMoney(r.cost)]);

async function setMoney(user: ReturnType<typeof userEvent.setup>, label: string, digits: string) {
  const input = money(label);
  await user.clear(input);
  if (digits) await user.type(input, digits);
}

describe('billing screen', () => {
  it('shows the header, agents, price table, values and final cost the API answers, without recomputing', { timeout: 60_000 }, async () => {
    const { billing } = await renderAs('gestor');
    const side = present(billing.shipper, 'shipper side');
    const calculation = present(side.calculation, 'a priced side');
    const { saved } = await plans();
    await heading(headingOf(billing, 'Cliente'));
    expect(screen.getByText(billing.createdAtDisplay)).toBeInTheDocument();
    expect(screen.getByText(present(billing.shipperInfo, 'shipper').name)).toBeInTheDocument();
    expect(screen.getByText(present(billing.serviceProviderInfo, 'provider').name)).toBeInTheDocument();
    expect(screen.getByText('Finalizado')).toBeInTheDocument();

    const agents = screen.getByRole('table', { name: 'Prestadores' });
    const agent = present(billing.securityAgents[0], 'an agent');
    const row = within(agents).getByText(agent.name).closest('tr');
    expect(row && within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([agent.name, agent.totals.kmText, agent.totals.timeText]);

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
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual(priceRows(calculation));

    expect(screen.getByRole('combobox', { name: 'Referência de preços' })).toHaveTextContent(optionLabel(saved));
    expect(money('Pedágio')).toHaveValue('R$ 10,00');
    expect(money('Despesas')).toHaveValue('R$ 20,00');
    expect(money('Acréscimos')).toHaveValue('R$ 0,00');
    expect(money('Descontos')).toHaveValue('R$ 5,00');
    expect(finalCost()).toHaveTextContent(formatMoney(side.finalCost));
    await delay(400);
    expect(calculusCalls()).toHaveLength(0);
  });

  it('editing a value recomputes once after the typing pauses and shows the new table and final cost', { timeout: 60_000 }, async () => {
    const { billing, user } = await renderAs('gestor');
    const side = present(billing.shipper, 'shipper side');
    const { saved, other } = await plans();
    const typed = { ...OTHERS, additions: 12_345 };
    const expected = await calculus({ franchise: saved.franchiseId, others: typed });
    const otherPlan = await calculus({ franchise: other.franchiseId, others: typed });
    server.requests.length = 0;
    await heading(headingOf(billing, 'Cliente'));
    await setMoney(user, 'Acréscimos', '12345');
    expect(money('Acréscimos')).toHaveValue('R$ 123,45');
    await waitFor(() => expect(finalCost()).toHaveTextContent(formatMoney(expected.finalCost)));
    expect(calculusCalls()).toEqual([`POST /api/v1/billing/mission/${side._id}/calculus`]);

    await user.click(screen.getByRole('combobox', { name: 'Referência de preços' }));
    await user.click(await screen.findByRole('option', { name: optionLabel(other) }));
    const table = screen.getByRole('table', { name: 'Tabela de preços' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.children, (c) => c.textContent))).toEqual(priceRows(otherPlan)));
    expect(finalCost()).toHaveTextContent(formatMoney(otherPlan.finalCost));
    expect(calculusCalls()).toHaveLength(2);
    // A recomputation stores nothing.
    expect(await sideOf('gestor', 'shipper')).toEqual(side);
  });

  it('a newer change aborts the recomputation still running, whose late answer is never shown', { timeout: 60_000 }, async () => {
    let first = true;
    const signals: AbortSignal[] = [];
    const { billing, user } = await renderAs('gestor', undefined, (inner) => (async (base, path, options: RequestOptions = {}) => {
      const { signal } = options;
      if (!path.endsWith('/calculus')) return inner(base, path, options);
      if (signal) signals.push(signal);
      // Like fetch: an aborted call rejects at once, whatever the server answers later.
      const aborted = new Promise<never>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      });
      const late = first;
      first = false;
      // The server answers the first recomputation at once; the answer reaches the screen late (after the newer one).
      const answer = inner(base, path, options).then(async (a) => (late ? delay(1500).then(() => a) : a));
      return Promise.race([answer, aborted]);
    }) as HttpClient);
    const { saved } = await plans();
    const expected = await calculus({ franchise: saved.franchiseId, others: { ...OTHERS, additions: 1_000 } });
    const first100 = await calculus({ franchise: saved.franchiseId, others: { ...OTHERS, additions: 100 } });
    server.requests.length = 0;
    await heading(headingOf(billing, 'Cliente'));
    await setMoney(user, 'Acréscimos', '100');
    await waitFor(() => expect(calculusCalls()).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Recalculando' })).toBeInTheDocument();
    await user.type(money('Acréscimos'), '0');
    await waitFor(() => expect(calculusCalls()).toHaveLength(2));
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(finalCost()).toHaveTextContent(formatMoney(expected.finalCost)));
    await delay(1600);
    expect(finalCost()).toHaveTextContent(formatMoney(expected.finalCost));
    expect(finalCost()).not.toHaveTextContent(formatMoney(first100.finalCost));
    expect(screen.queryByRole('progressbar', { name: 'Recalculando' })).not.toBeInTheDocument();
  });

  it('Salvar sends PUT with the values in cents and toasts Faturamento atualizado', { timeout: 60_000 }, async () => {
    const keys: (string | false | undefined)[] = [];
    const { billing, user } = await renderAs('gestor', undefined, (inner) => ((base, path, options: RequestOptions = {}) => {
      if (options.method === 'PUT') keys.push(options.idempotencyKey);
      return inner(base, path, options);
    }));
    const side = present(billing.shipper, 'shipper side');
    await heading(headingOf(billing, 'Cliente'));
    await setMoney(user, 'Despesas', '3000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATED)).toBeInTheDocument();
    expect(puts()).toEqual([`PUT /api/v1/billing/mission/${side._id}`]);
    expect(keys).toEqual([expect.any(String)]);
    const stored = await sideOf('gestor', 'shipper');
    expect(stored).toMatchObject({ franchise: side.franchise, others: { ...OTHERS, expenses: 3_000 } });
    expect(money('Despesas')).toHaveValue('R$ 30,00');
    expect(finalCost()).toHaveTextContent(formatMoney(stored.finalCost));
  });

  it('a failed save toasts the product’s error and keeps what was typed', { timeout: 60_000 }, async () => {
    // The real server cannot be led to fail a valid save: the wrapper answers 500 in its place.
    const { billing, user } = await renderAs('gestor', undefined, (inner) => ((base, path, options: RequestOptions = {}) => {
      if (options.method === 'PUT') return Promise.reject(new HttpError(500, { error: 'Unknown error' }));
      return inner(base, path, options);
    }));
    await heading(headingOf(billing, 'Cliente'));
    await setMoney(user, 'Despesas', '3000');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATE_FAILED)).toBeInTheDocument();
    expect(money('Despesas')).toHaveValue('R$ 30,00');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    expect(screen.queryByText(BILLING_UPDATED)).not.toBeInTheDocument();
    expect((await sideOf('gestor', 'shipper')).others).toEqual(OTHERS);
  });

  it("a 400 from the server puts its messages under the fields, with the product's failure toast", { timeout: 60_000 }, async () => {
    // The shared schema stops in the browser whatever the server would refuse, so the field
    // error is the wrapper's: what matters is how the screen shows a 400's errors.
    const { billing, user } = await renderAs('gestor', undefined, (inner) => ((base, path, options: RequestOptions = {}) => {
      if (options.method === 'PUT') {
        return Promise.reject(new HttpError(400, { errors: [{ code: 'too_big', path: 'others.toll', message: 'Valor acima do permitido' }] }));
      }
      return inner(base, path, options);
    }));
    await heading(headingOf(billing, 'Cliente'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATE_FAILED)).toBeInTheDocument();
    expect(money('Pedágio')).toHaveAccessibleDescription('Valor acima do permitido');
    expect(money('Pedágio')).toHaveValue('R$ 10,00');
  });

  it('a discount larger than the total says why before Salvar, and the server refuses it under Descontos', { timeout: 60_000 }, async () => {
    const { billing, user } = await renderAs('gestor');
    const side = present(billing.shipper, 'shipper side');
    const total = (await calculus({ franchise: present(side.franchise, 'saved plan'), others: { ...OTHERS, discounts: 0 } })).finalCost;
    const reason = discountExceedsTotal(total + 1, total);
    await heading(headingOf(billing, 'Cliente'));
    await setMoney(user, 'Descontos', String(total + 1));
    expect((await screen.findByText(reason, {}, { timeout: 5_000 })).closest('[role="alert"]')).not.toBeNull();
    expect(finalCost()).toHaveTextContent(formatMoney(0));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(BILLING_UPDATE_FAILED)).toBeInTheDocument();
    expect(money('Descontos')).toHaveAccessibleDescription(reason);
    expect(await sideOf('gestor', 'shipper')).toMatchObject({ others: OTHERS });
  });

  it('a recomputation that fails keeps the last figures and says so', { timeout: 60_000 }, async () => {
    // The real calculus does not fail on valid values: the wrapper answers 500 in its place.
    const { billing, user } = await renderAs('gestor', undefined, (inner) => ((base, path, options) => {
      if (path.endsWith('/calculus')) return Promise.reject(new HttpError(500, { error: 'Unknown error' }));
      return inner(base, path, options);
    }));
    const side = present(billing.shipper, 'shipper side');
    await heading(headingOf(billing, 'Cliente'));
    await setMoney(user, 'Acréscimos', '100');
    expect(await screen.findByText(BILLING_RECALC_FAILED)).toBeInTheDocument();
    expect(finalCost()).toHaveTextContent(formatMoney(side.finalCost));
    const table = screen.getByRole('table', { name: 'Tabela de preços' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.children, (c) => c.textContent))).toEqual(
      priceRows(present(side.calculation, 'a priced side')),
    );
  });

  it('empty money fields show the product’s messages and nothing is sent', { timeout: 60_000 }, async () => {
    const { billing, user } = await renderAs('gestor');
    await heading(headingOf(billing, 'Cliente'));
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
    expect(puts()).toHaveLength(0);
    expect(calculusCalls()).toHaveLength(0);
    expect((await sideOf('gestor', 'shipper')).others).toEqual(OTHERS);
  });

  it('without a price reference the values wait for one; choosing it prices the side', { timeout: 60_000 }, async () => {
    // A side not priced yet (no plan matched when the mission finished): the stored row as the server leaves it then.
    const before = await sideOf('gestor', 'shipper');
    await server.database.db
      .update(missionBillings)
      .set({ franchisePlan: null, status: 'created', tollCents: 0, expensesCents: 0, additionsCents: 0, discountsCents: 0 })
      .where(and(eq(missionBillings.mission, MISSION), eq(missionBillings.type, 'shipper')));
    const { billing, user } = await renderAs('gestor');
    expect(billing.shipper).toMatchObject({ franchiseStatus: 'created', franchise: null });
    const other = present(before.priceReferences.find((p) => p.franchiseId !== before.franchise), 'another plan');
    const expected = await calculus({ franchise: other.franchiseId, others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } });
    server.requests.length = 0;
    await heading(headingOf(billing, 'Cliente'));
    for (const label of ['Pedágio', 'Despesas', 'Acréscimos', 'Descontos']) expect(money(label)).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Referência de preços' })).toHaveAccessibleDescription('Selecione a referência de preços');
    const table = screen.getByRole('table', { name: 'Tabela de preços' });
    expect(within(table).getByText(PRICE_TABLE_WAITING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha a referência da tabela de preço')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Referência de preços' }));
    await user.click(await screen.findByRole('option', { name: optionLabel(other) }));
    expect(money('Pedágio')).toBeEnabled();
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => Array.from(r.children, (c) => c.textContent))).toEqual(priceRows(expected)));
    expect(finalCost()).toHaveTextContent(formatMoney(expected.finalCost));
    expect(calculusCalls()).toEqual([`POST /api/v1/billing/mission/${before._id}/calculus`]);
  });

  it('Faturar asks for confirmation naming the party, then bills: read-only with the new mission status', { timeout: 60_000 }, async () => {
    const { billing, user } = await renderAs('gestor');
    const side = present(billing.shipper, 'shipper side');
    await heading(headingOf(billing, 'Cliente'));
    await user.click(screen.getByRole('button', { name: 'Faturar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faturar Cliente?' });
    expect(dialog).toHaveTextContent(`O faturamento do Cliente da missão ${billing.processNumberDisplay} será concluído e não poderá mais ser alterado.`);
    expect(dialog).toHaveTextContent(`Custo final: ${formatMoney(side.finalCost)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Não, cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('POST', /\/finalize$/)).toHaveLength(0);
    expect((await sideOf('gestor', 'shipper')).franchiseStatus).toBe('priced');

    await user.click(screen.getByRole('button', { name: 'Faturar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim, tenho certeza' }));
    expect(await screen.findByText(BILLING_UPDATED)).toBeInTheDocument();
    expect(requestsTo('POST', /\/finalize$/)).toEqual([`POST /api/v1/billing/mission/${side._id}/finalize`]);
    const after = await served();
    expect(after.missionStatus).toBe('billed_shipper');
    expect(after.shipper).toMatchObject({ franchiseStatus: 'billed', franchise: side.franchise, others: OTHERS });
    expect(await screen.findByText('Faturado Cliente')).toBeInTheDocument();
    expect(screen.getByText('Faturamento do Cliente concluído: somente leitura.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Faturar' })).not.toBeInTheDocument();
    expect(money('Pedágio')).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("'view' access: the provider side for the risk manager, and a billed side, have every input disabled and no buttons", { timeout: 60_000 }, async () => {
    const { billing } = await renderAs('gestor', `/home/missions/${MISSION}/billing/serviceProvider`);
    const providerSide = present(billing.serviceProvider, 'provider side');
    expect(providerSide.access).toBe('view');
    await heading(headingOf(billing, 'Prestadora'));
    expect(screen.getByText('Você pode consultar o faturamento da Prestadora, mas não alterá-lo.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Referência de preços' })).toHaveAttribute('aria-disabled', 'true');
    for (const label of ['Pedágio', 'Despesas', 'Acréscimos', 'Descontos']) expect(money(label)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Faturar' })).not.toBeInTheDocument();
    expect(finalCost()).toHaveTextContent(formatMoney(providerSide.finalCost));
    expect(server.requests.filter((r) => r.includes(providerSide._id))).toHaveLength(0);
    document.body.innerHTML = '';

    // The shipper side billed through the API: final for everyone.
    const shipper = await sideOf('gestor', 'shipper');
    await api('gestor', `mission/${shipper._id}/finalize`, { method: 'POST', body: { franchise: shipper.franchise, others: shipper.others } });
    const { billing: billed } = await renderAs('gestor');
    expect(billed).toMatchObject({ missionStatus: 'billed_shipper', shipper: { access: 'view', franchiseStatus: 'billed' } });
    await heading(headingOf(billed, 'Cliente'));
    expect(screen.getByText('Faturamento do Cliente concluído: somente leitura.')).toBeInTheDocument();
    expect(screen.getByText('Faturado Cliente')).toBeInTheDocument();
    expect(money('Descontos')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('the provider edits its own side; a side hidden from the viewer goes to the unauthorized page', { timeout: 60_000 }, async () => {
    const { billing } = await renderAs('prestador', `/home/missions/${MISSION}/billing/serviceProvider`);
    expect(billing).toMatchObject({ shipper: null, serviceProvider: { access: 'edit' } });
    await heading(headingOf(billing, 'Prestadora'));
    expect(screen.getByRole('button', { name: 'Faturar' })).toBeEnabled();
    document.body.innerHTML = '';

    await renderAs('prestador');
    expect(await screen.findByText('Sem autorização')).toBeInTheDocument();
    expect(currentPath()).toBe('/unauthorized');
  });

  it('a billing type other than shipper or serviceProvider goes back to the missions', { timeout: 60_000 }, async () => {
    await renderAs('gestor', `/home/missions/${MISSION}/billing/cliente`);
    expect(await screen.findByText('Missões')).toBeInTheDocument();
    expect(currentPath()).toBe('/home/missions');
    expect(server.requests).toHaveLength(0);
  });

  it('a load failure shows the details message with Tentar novamente, which loads the screen', { timeout: 60_000 }, async () => {
    let failures = 1;
    // The real server answers the seeded mission: the wrapper fails the first load in its place.
    const { billing, user } = await renderAs('gestor', undefined, (inner) => ((base, path, options: RequestOptions = {}) => {
      if ((options.method ?? 'GET') === 'GET' && failures > 0) {
        failures -= 1;
        return Promise.reject(new HttpError(500, { error: 'Unknown error' }));
      }
      return inner(base, path, options);
    }));
    expect(await screen.findByText('Tivemos um erro ao tentar carregar os detalhes da missão, tente novamente...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await heading(headingOf(billing, 'Cliente'));
    expect(finalCost()).toHaveTextContent(formatMoney(present(billing.shipper, 'shipper side').finalCost));
  });
});
