/**
 * The billing service's mission calls (docs/api.md; base /api/v1/billing)
 * as typed extra methods of the data provider (see missionsApi.ts for why they are flat).
 *
 * | method                 | call                                                              |
 * |------------------------|-------------------------------------------------------------------|
 * | missionBilling         | GET mission/id/{missionId} → MissionBilling                       |
 * | billingCalculus        | POST mission/{missionBillingId}/calculus BillingValues → BillingCalculation (nothing saved) |
 * | saveBilling            | PUT mission/{missionBillingId} BillingValues → MissionBillingSide |
 * | finalizeBilling        | POST mission/{missionBillingId}/finalize BillingValues → FinalizeAnswer |
 */
import {
  BILLING_MISSION_PATHS,
  type BillingCalculation,
  type BillingValues,
  type FinalizeAnswer,
  type MissionBilling,
  type MissionBillingSide,
} from '../domain/billing';
import { fillPath } from '../domain/endpointPaths';
import type { HttpClient } from './httpClient';
import type { MutationOptions } from './missionsApi';

export function createBillingApi(httpClient: HttpClient) {
  const path = (key: keyof typeof BILLING_MISSION_PATHS, id: string) => fillPath(BILLING_MISSION_PATHS[key], { id });
  const send = async <T>(method: 'POST' | 'PUT', p: string, body: unknown, options: MutationOptions = {}) =>
    (await httpClient<T>('billing', p, { method, body, idempotencyKey: options.idempotencyKey })).data;

  return {
    missionBilling: async (missionId: string, signal?: AbortSignal) =>
      (await httpClient<MissionBilling>('billing', path('byMission', missionId), { signal })).data,
    billingCalculus: async (missionBillingId: string, values: BillingValues, signal?: AbortSignal) =>
      (await httpClient<BillingCalculation>('billing', path('calculus', missionBillingId), { method: 'POST', body: values, signal }))
        .data,
    saveBilling: (missionBillingId: string, values: BillingValues, options?: MutationOptions) =>
      send<MissionBillingSide>('PUT', path('save', missionBillingId), values, options),
    finalizeBilling: (missionBillingId: string, values: BillingValues, options?: MutationOptions) =>
      send<FinalizeAnswer>('POST', path('finalize', missionBillingId), values, options),
  };
}
