/**
 * The tenant's API keys on the 'Integrações' screen (docs/rules/integrations.md; base
 * /api/v1/integrations) as typed extra methods of the data provider (see missionsApi.ts for why
 * they are flat), made from their contracts (src/domain/integrations/contracts.ts).
 *
 * | method       | call                                                   |
 * |--------------|--------------------------------------------------------|
 * | apiKeys      | GET keys[?riskManager] → ApiKey[]                      |
 * | createApiKey | POST keys NewApiKeyValues → { key, secret } (once)     |
 * | revokeApiKey | DELETE keys/{id} → 204                                 |
 */
import { INTEGRATION_CONTRACTS } from '../domain/integrations/contracts';
import type { NewApiKeyValues } from '../domain/integrations/schemas';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createIntegrationsApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    apiKeys: (riskManager: string | null, signal?: AbortSignal) =>
      call(INTEGRATION_CONTRACTS.keys, { query: riskManager ? { riskManager } : {}, signal }),
    createApiKey: (values: NewApiKeyValues) => call(INTEGRATION_CONTRACTS.createKey, { body: values }),
    revokeApiKey: async (id: string) => {
      await call(INTEGRATION_CONTRACTS.revokeKey, { params: { id } });
    },
  };
}
