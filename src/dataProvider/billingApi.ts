/**
 * The billing service's mission calls (docs/api.md; base /api/v1/billing) as typed extra methods of
 * the data provider (see missionsApi.ts for why they are flat), made from their contracts
 * (src/domain/billing/contracts.ts): the answers' types are the schemas' own.
 *
 * | method                 | call                                                              |
 * |------------------------|-------------------------------------------------------------------|
 * | missionBilling         | GET mission/id/{missionId} → MissionBilling                       |
 * | billingCalculus        | POST mission/{missionBillingId}/calculus BillingValues → BillingCalculation (nothing saved) |
 * | saveBilling            | PUT mission/{missionBillingId} BillingValues → MissionBillingSide |
 * | finalizeBilling        | POST mission/{missionBillingId}/finalize BillingValues → FinalizeAnswer |
 */
import type { BillingValues } from '../domain/billing';
import { BILLING_CONTRACTS } from '../domain/billing/contracts';
import { createCall } from './call';
import type { HttpClient } from './httpClient';
import type { MutationOptions } from './missionsApi';

export function createBillingApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    missionBilling: (missionId: string, signal?: AbortSignal) => call(BILLING_CONTRACTS.byMission, { params: { id: missionId }, signal }),
    billingCalculus: (missionBillingId: string, values: BillingValues, signal?: AbortSignal) =>
      call(BILLING_CONTRACTS.calculus, { params: { id: missionBillingId }, body: values, signal }),
    saveBilling: (missionBillingId: string, values: BillingValues, options: MutationOptions = {}) =>
      call(BILLING_CONTRACTS.save, { params: { id: missionBillingId }, body: values, idempotencyKey: options.idempotencyKey }),
    finalizeBilling: (missionBillingId: string, values: BillingValues, options: MutationOptions = {}) =>
      call(BILLING_CONTRACTS.finalize, { params: { id: missionBillingId }, body: values, idempotencyKey: options.idempotencyKey }),
  };
}
