/**
 * The risk manager's webhooks (docs/rules/webhooks.md; base /api/v1/integrations) as typed extra
 * methods of the data provider (see missionsApi.ts for why they are flat), made from their contracts
 * (src/domain/webhooks/contracts.ts).
 *
 * | method                 | call                                                   |
 * |------------------------|--------------------------------------------------------|
 * | webhookEndpoints       | GET webhooks[?riskManager] → WebhookEndpoint[]         |
 * | createWebhookEndpoint  | POST webhooks → the endpoint and its secret (once)     |
 * | updateWebhookEndpoint  | PUT webhooks/{id} → WebhookEndpoint                    |
 * | removeWebhookEndpoint  | DELETE webhooks/{id}                                   |
 * | rotateWebhookSecret    | POST webhooks/{id}/rotate → the new secret (once)      |
 * | testWebhookEndpoint    | POST webhooks/{id}/test → the test message             |
 * | webhookDeliveries      | GET webhooks/{id}/deliveries → WebhookMessage[]        |
 * | resendWebhookMessage   | POST webhooks/messages/{id}/resend → WebhookMessage    |
 */
import type { WebhookEndpointUpdateValues, WebhookEndpointValues } from '../domain/schemas/webhookEndpoint';
import { WEBHOOK_CONTRACTS } from '../domain/webhooks/contracts';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createWebhooksApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    webhookEndpoints: (riskManager?: string, signal?: AbortSignal) =>
      call(WEBHOOK_CONTRACTS.list, { query: riskManager ? { riskManager } : {}, signal }),
    createWebhookEndpoint: (values: WebhookEndpointValues) => call(WEBHOOK_CONTRACTS.create, { body: values }),
    updateWebhookEndpoint: (id: string, values: WebhookEndpointUpdateValues) => call(WEBHOOK_CONTRACTS.update, { params: { id }, body: values }),
    removeWebhookEndpoint: (id: string) => call(WEBHOOK_CONTRACTS.remove, { params: { id } }),
    rotateWebhookSecret: (id: string) => call(WEBHOOK_CONTRACTS.rotate, { params: { id }, body: {} }),
    testWebhookEndpoint: (id: string) => call(WEBHOOK_CONTRACTS.test, { params: { id }, body: {} }),
    webhookDeliveries: (id: string, signal?: AbortSignal) => call(WEBHOOK_CONTRACTS.deliveries, { params: { id }, signal }),
    resendWebhookMessage: (id: string) => call(WEBHOOK_CONTRACTS.resend, { params: { id }, body: {} }),
  };
}

export type WebhooksApi = ReturnType<typeof createWebhooksApi>;
