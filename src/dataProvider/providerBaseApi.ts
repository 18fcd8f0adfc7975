/**
 * The signed-in provider's own base (docs/rules/field-app.md; base /api/service-providers), an extra
 * method of the data provider made from its contract (src/domain/companies/contracts.ts): the
 * proposal form starts from it.
 *
 * | method  | call                                            |
 * |---------|-------------------------------------------------|
 * | ownBase | GET base → the base's address, or null if none  |
 */
import { SERVICE_PROVIDER_CONTRACTS } from '../domain/companies/contracts';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createProviderBaseApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    ownBase: async (signal?: AbortSignal) => (await call(SERVICE_PROVIDER_CONTRACTS.ownBase, { signal })).base,
  };
}
