/**
 * The data provider's billing methods (src/dataProvider/billingApi.ts) against the contract of
 * src/domain/billing/api.ts, over a fake http client: each method's service base, method, path,
 * body, Idempotency-Key and abort signal, and that the answer is handed back as the API sent it.
 */
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { BillingValues } from '../../src/domain/billing';
import { resourceEndpoints } from '../../src/resources';
import { PLAN_A, SHIPPER_SIDE_ID, calculate, missionBilling, pricedSide } from './billingHarness';

interface Sent {
  base: string;
  path: string;
  options: RequestOptions;
}

function providerAnswering(answer: unknown) {
  const sent: Sent[] = [];
  const httpClient = ((base: string, path: string, options: RequestOptions = {}) => {
    sent.push({ base, path, options });
    return Promise.resolve({ status: 200, headers: new Headers(), data: answer });
  }) as HttpClient;
  return { sent, dataProvider: createDataProvider({ httpClient, endpoints: resourceEndpoints }) };
}

const VALUES: BillingValues = { franchise: PLAN_A.franchiseId, others: { toll: 1_000, expenses: 0, additions: 250, discounts: 99 } };
const MISSION = 'dddddddddddddddddddd00aa';

describe('billing data provider methods', () => {
  it('missionBilling: GET billing mission/id/{missionId} with the abort signal', async () => {
    const answer = missionBilling({ missionId: MISSION });
    const { sent, dataProvider } = providerAnswering(answer);
    const signal = new AbortController().signal;
    expect(await dataProvider.missionBilling(MISSION, signal)).toEqual(answer);
    expect(sent).toEqual([{ base: 'billing', path: `mission/id/${MISSION}`, options: { signal } }]);
  });

  it('billingCalculus: POST billing mission/{missionBillingId}/calculus with the values and the abort signal', async () => {
    const answer = calculate(VALUES);
    const { sent, dataProvider } = providerAnswering(answer);
    const signal = new AbortController().signal;
    expect(await dataProvider.billingCalculus(SHIPPER_SIDE_ID, VALUES, signal)).toEqual(answer);
    expect(sent).toEqual([{ base: 'billing', path: `mission/${SHIPPER_SIDE_ID}/calculus`, options: { method: 'POST', body: VALUES, signal } }]);
  });

  it('saveBilling: PUT billing mission/{missionBillingId} with the values in cents and the Idempotency-Key', async () => {
    const answer = pricedSide();
    const { sent, dataProvider } = providerAnswering(answer);
    expect(await dataProvider.saveBilling(SHIPPER_SIDE_ID, VALUES, { idempotencyKey: 'k-1' })).toEqual(answer);
    expect(sent).toEqual([
      { base: 'billing', path: `mission/${SHIPPER_SIDE_ID}`, options: { method: 'PUT', body: VALUES, idempotencyKey: 'k-1' } },
    ]);
  });

  it('finalizeBilling: POST billing mission/{missionBillingId}/finalize with the values and the Idempotency-Key', async () => {
    const answer = { side: pricedSide({ franchiseStatus: 'billed', access: 'view' }), missionStatus: 'billed_shipper' };
    const { sent, dataProvider } = providerAnswering(answer);
    expect(await dataProvider.finalizeBilling(SHIPPER_SIDE_ID, VALUES, { idempotencyKey: 'k-2' })).toEqual(answer);
    expect(sent).toEqual([
      { base: 'billing', path: `mission/${SHIPPER_SIDE_ID}/finalize`, options: { method: 'POST', body: VALUES, idempotencyKey: 'k-2' } },
    ]);
  });

  it('a write without a key leaves it to the http client (which makes one per request)', async () => {
    const { sent, dataProvider } = providerAnswering(pricedSide());
    await dataProvider.saveBilling(SHIPPER_SIDE_ID, VALUES);
    expect(sent[0]?.options).toEqual({ method: 'PUT', body: VALUES, idempotencyKey: undefined });
  });
});
