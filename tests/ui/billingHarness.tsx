/**
 * The billing screen over the fake HTTP layer of frameworkHarness, with the real data provider,
 * auth provider and toasts. The fake billing service keeps one mission's billing in memory and
 * answers the four calls of src/dataProvider/billingApi.ts as the contract says: the calculus here
 * is a plain sum (plan price + the rows' costs + toll + expenses + additions − discounts), enough
 * to see the screen show what the server computed; the real calculus has its own tests.
 */
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { BillingPage } from '../../src/custom/billing/BillingPage';
import type { BillingCalculation, BillingValues, MissionBilling, MissionBillingSide, PriceReference, PriceTableRow } from '../../src/domain/billing';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import { resourceEndpoints } from '../../src/resources';
import { GESTOR_ADMIN, createFakeApi, renderApp, type FakeApi, type FakeRequest, type TestUser } from './frameworkHarness';

export const MISSION_ID = 'dddddddddddddddddddd0001';
export const SHIPPER_SIDE_ID = 'ffffffffffffffffffff0001';
export const PROVIDER_SIDE_ID = 'ffffffffffffffffffff0002';

export const PLAN_A: PriceReference = {
  franchiseId: 'eeeeeeeeeeeeeeeeeeee00a1',
  franchiseName: 'Escolta padrão',
  limitCalcType: 'start_end',
  hourIntervalCalcType: 'start_endOnPlace',
  price: 50_000,
};
export const PLAN_B: PriceReference = {
  franchiseId: 'eeeeeeeeeeeeeeeeeeee00b2',
  franchiseName: 'Escolta noturna',
  limitCalcType: 'start_place',
  hourIntervalCalcType: 'arrivalOnPlace_endOnPlace',
  price: 80_000,
};

/** The rows a plan gives for the fixture's agents (two hours over, 25 km over). */
export function rowsOf(plan: PriceReference): [PriceTableRow, PriceTableRow] {
  const cheap = plan.franchiseId === PLAN_A.franchiseId;
  return [
    {
      label: 'Hora',
      definition: cheap ? 'Base ao destino final · Hora cheia (1 min = 1 h)' : 'Origem da operação ao destino final · Hora fracionada',
      limit: '04:00',
      usage: '06:00',
      overage: '02:00',
      overagePrice: cheap ? 7_000 : 9_000,
      cost: cheap ? 14_000 : 18_000,
    },
    {
      label: 'KM',
      definition: cheap ? 'Base a base (retorno à base)' : 'Base ao destino final',
      limit: '100',
      usage: '125',
      overage: '25',
      overagePrice: cheap ? 250 : 300,
      cost: cheap ? 6_250 : 7_500,
    },
  ];
}

export function calculate(values: BillingValues, references: readonly PriceReference[] = [PLAN_A, PLAN_B]): BillingCalculation {
  const plan = references.find((r) => r.franchiseId === values.franchise);
  if (!plan) throw new Error(`unknown plan ${values.franchise}`);
  const table = rowsOf(plan);
  const { toll, expenses, additions, discounts } = values.others;
  const finalCost = Math.max(0, plan.price + table[0].cost + table[1].cost + toll + expenses + additions - discounts);
  return { table, price: plan.price, planToll: 0, others: { ...values.others }, finalCost };
}

const ZERO = { toll: 0, expenses: 0, additions: 0, discounts: 0 };

export function pricedSide(overrides: Partial<MissionBillingSide> = {}): MissionBillingSide {
  const values = { franchise: PLAN_A.franchiseId, others: { toll: 1_000, expenses: 2_000, additions: 0, discounts: 500 } };
  const calculation = calculate(values);
  return {
    _id: SHIPPER_SIDE_ID,
    type: 'shipper',
    franchise: values.franchise,
    franchiseStatus: 'priced',
    others: values.others,
    calculation,
    finalCost: calculation.finalCost,
    access: 'edit',
    priceReferences: [PLAN_A, PLAN_B],
    billedAt: null,
    ...overrides,
  };
}

export function createdSide(overrides: Partial<MissionBillingSide> = {}): MissionBillingSide {
  return pricedSide({ franchise: null, franchiseStatus: 'created', others: { ...ZERO }, calculation: null, finalCost: 0, ...overrides });
}

export function missionBilling(overrides: Partial<MissionBilling> = {}): MissionBilling {
  return {
    missionId: MISSION_ID,
    missionStatus: 'finished',
    processNumberDisplay: 'PROC-2026-0042',
    createdAtDisplay: '05/03/2026 14:30',
    shipperInfo: { _id: 'eeeeeeeeeeeeeeeeeeee0001', name: 'Transportes Beta' },
    serviceProviderInfo: { _id: 'aaaaaaaaaaaaaaaaaaaaaa09', name: 'Pronta Resposta Demo' },
    securityAgents: [
      { name: 'João Silva', totals: { metres: 125_000, minutes: 360, kmText: '125', timeText: '06:00' } },
      { name: 'Ana Lima', totals: { metres: 98_500, minutes: 300, kmText: '98,5', timeText: '05:00' } },
    ],
    shipper: pricedSide(),
    serviceProvider: pricedSide({ _id: PROVIDER_SIDE_ID, type: 'serviceProvider', access: 'view' }),
    ...overrides,
  };
}

const sideOf = (billing: MissionBilling, id: string): 'shipper' | 'serviceProvider' | null =>
  billing.shipper?._id === id ? 'shipper' : billing.serviceProvider?._id === id ? 'serviceProvider' : null;

export const isBilling = (r: FakeRequest) => r.base === 'billing';
export const billingCalls = (api: FakeApi, method: string, suffix: RegExp) =>
  api.calls.filter((r) => isBilling(r) && r.method === method && suffix.test(r.path));

/**
 * The billing service in memory: GET mission/id/{id}, POST mission/{sid}/calculus, PUT
 * mission/{sid}, POST mission/{sid}/finalize. `state.billing` is what the next GET answers.
 */
export function fakeBillingService(api: FakeApi, initial: MissionBilling) {
  const state = { billing: initial };
  api.use((request) => {
    if (!isBilling(request)) return undefined;
    const { method, path } = request;
    if (method === 'GET' && path === `mission/id/${state.billing.missionId}`) return structuredClone(state.billing);
    const match = /^mission\/([0-9a-f]{24})(\/calculus|\/finalize)?$/.exec(path);
    const target = match?.[1] ? sideOf(state.billing, match[1]) : null;
    const side = target ? state.billing[target] : null;
    if (!match || !target || !side) return undefined;
    const values = request.body as BillingValues;
    if (method === 'POST' && match[2] === '/calculus') return calculate(values, side.priceReferences);
    const calculation = calculate(values, side.priceReferences);
    const saved: MissionBillingSide = {
      ...side,
      franchise: values.franchise,
      others: { ...values.others },
      franchiseStatus: 'priced',
      calculation,
      finalCost: calculation.finalCost,
    };
    if (method === 'PUT' && !match[2]) {
      state.billing = { ...state.billing, [target]: saved };
      return structuredClone(saved);
    }
    if (method === 'POST' && match[2] === '/finalize') {
      const billed: MissionBillingSide = { ...saved, franchiseStatus: 'billed', access: 'view', billedAt: '2026-03-06T12:00:00.000Z' };
      const missionStatus = target === 'shipper' ? 'billed_shipper' : 'billed_provider';
      state.billing = { ...state.billing, [target]: billed, missionStatus };
      return { side: structuredClone(billed), missionStatus };
    }
    return undefined;
  });
  return state;
}

export interface SignalledCall {
  call: string;
  signal: AbortSignal | undefined;
}

/** Records each request's abort signal (the fake's FakeRequest does not keep it) and honours it. Call before rendering. */
export function recordSignals(api: FakeApi): SignalledCall[] {
  const seen: SignalledCall[] = [];
  const inner = api.httpClient;
  api.httpClient = ((base, path, options: RequestOptions = {}) => {
    const { signal } = options;
    seen.push({ call: `${options.method ?? 'GET'} ${base}/${path}`, signal });
    // Like fetch: an aborted call rejects at once, whatever the fake answers later.
    const aborted = new Promise<never>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
    return Promise.race([inner(base, path, options), aborted]);
  }) as HttpClient;
  return seen;
}

function Where({ label }: { label: string }) {
  const location = useLocation();
  return <p>{`${label}: ${location.pathname}`}</p>;
}

export interface RenderBillingOptions {
  user?: TestUser;
  billing?: MissionBilling;
  path?: string;
  /** Runs on the fake api before the first render (e.g. a failing handler in front). */
  prepare?: (api: FakeApi) => void;
}

export function renderBilling({ user = GESTOR_ADMIN, billing = missionBilling(), path = `/home/missions/${MISSION_ID}/billing/shipper`, prepare }: RenderBillingOptions = {}) {
  const api = createFakeApi();
  const state = fakeBillingService(api, billing);
  prepare?.(api);
  const app = renderApp({
    path,
    api,
    user,
    endpoints: resourceEndpoints,
    children: (
      <Routes>
        <Route path="/home/missions/:missionId/billing/:billingType" element={<BillingPage />} />
        <Route path="/home/missions" element={<Where label="Missões" />} />
        <Route path="/unauthorized" element={<Where label="Sem autorização" />} />
      </Routes>
    ),
  });
  return { api, state, app, user: userEvent.setup() };
}
