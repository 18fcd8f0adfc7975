/**
 * The webhooks' calls (docs/rules/webhooks.md; base /api/v1/integrations) as contracts
 * (src/domain/contract.ts): the routes (server/webhooks/handlers.ts) and the data provider's calls
 * (src/dataProvider/webhooksApi.ts) are made from them.
 */
import { defineContract, EMPTY_BODY } from '../contract';
import type { FromSchema } from '../fromSchema';
import { exactObject, idParams, instant, nullableInstant, nullableText, tenantQuery, text } from '../jsonSchemaParts';
import { webhookEndpointSchema, webhookEndpointUpdateSchema } from '../schemas/webhookEndpoint';
import { WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENTS, WEBHOOK_MESSAGE_EVENTS, WEBHOOK_MESSAGE_STATES, WEBHOOK_PATHS } from './index';

const endpointFields = {
  _id: text,
  riskManager: text,
  url: text,
  events: { type: 'array', items: { type: 'string', enum: WEBHOOK_EVENTS } },
  active: { type: 'boolean' },
  disabledReason: { type: ['string', 'null'], enum: [...WEBHOOK_DISABLED_REASONS, null] },
  disabledAt: nullableInstant,
  /** Until when the secret before the last 'Rotacionar segredo' still signs; null when none. */
  previousSecretUntil: nullableInstant,
  createdAt: instant,
} as const;

const endpointAnswer = exactObject(endpointFields, { description: 'Um webhook da gerenciadora (sem o segredo).' });

const createdAnswer = exactObject(
  { ...endpointFields, secret: { type: 'string', description: 'O segredo (whsec_…), mostrado só agora.' } },
  { description: 'O webhook criado e o seu segredo, mostrado uma única vez.' },
);

const rotatedAnswer = exactObject(
  { secret: { type: 'string', description: 'O novo segredo (whsec_…), mostrado só agora.' }, previousSecretUntil: instant },
  { description: 'O novo segredo; o anterior continua assinando até previousSecretUntil.' },
);

const attemptAnswer = exactObject(
  {
    at: instant,
    status: { type: ['integer', 'null'], description: 'O status HTTP da resposta; nulo quando não houve resposta.' },
    durationMs: { type: 'integer', minimum: 0 },
    response: { ...nullableText, description: 'O começo da resposta (até 1 KB).' },
    error: nullableText,
  },
  { description: 'Uma tentativa de entrega.' },
);

const messageAnswer = exactObject(
  {
    _id: { type: 'string', description: 'O webhook-id: o mesmo em todas as tentativas.' },
    event: { type: 'string', enum: WEBHOOK_MESSAGE_EVENTS },
    state: { type: 'string', enum: WEBHOOK_MESSAGE_STATES },
    attempts: { type: 'integer', minimum: 0 },
    createdAt: instant,
    nextAttemptAt: nullableInstant,
    deliveredAt: nullableInstant,
    log: { type: 'array', items: attemptAnswer },
  },
  { description: 'Uma mensagem do webhook e as suas tentativas.' },
);

export type WebhookEndpoint = FromSchema<typeof endpointAnswer>;
export type CreatedWebhookEndpoint = FromSchema<typeof createdAnswer>;
export type RotatedWebhookSecret = FromSchema<typeof rotatedAnswer>;
export type WebhookMessage = FromSchema<typeof messageAnswer>;
export type WebhookAttempt = FromSchema<typeof attemptAnswer>;

export const WEBHOOK_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    base: 'integrations',
    path: WEBHOOK_PATHS.endpoints,
    summary: 'Webhooks da gerenciadora',
    query: tenantQuery,
    responses: { 200: { type: 'array', items: endpointAnswer } },
  }),
  create: defineContract({
    method: 'POST',
    base: 'integrations',
    path: WEBHOOK_PATHS.endpoints,
    summary: 'Cadastra um webhook (o segredo é mostrado só nesta resposta)',
    body: webhookEndpointSchema,
    responses: { 201: createdAnswer },
  }),
  update: defineContract({
    method: 'PUT',
    base: 'integrations',
    path: WEBHOOK_PATHS.endpoint,
    summary: 'Altera o endereço, os eventos ou a ativação de um webhook',
    params: idParams,
    body: webhookEndpointUpdateSchema,
    responses: { 200: endpointAnswer },
  }),
  remove: defineContract({
    method: 'DELETE',
    base: 'integrations',
    path: WEBHOOK_PATHS.endpoint,
    summary: 'Exclui um webhook e o seu registro de entregas',
    params: idParams,
    responses: { 204: { type: 'null', description: 'Excluído.' } },
  }),
  rotate: defineContract({
    method: 'POST',
    base: 'integrations',
    path: WEBHOOK_PATHS.rotate,
    summary: 'Rotaciona o segredo de um webhook (o anterior vale por mais 24 h)',
    params: idParams,
    body: EMPTY_BODY,
    responses: { 200: rotatedAnswer },
  }),
  test: defineContract({
    method: 'POST',
    base: 'integrations',
    path: WEBHOOK_PATHS.test,
    summary: 'Envia uma mensagem de teste ao webhook',
    params: idParams,
    body: EMPTY_BODY,
    responses: { 202: messageAnswer },
  }),
  deliveries: defineContract({
    method: 'GET',
    base: 'integrations',
    path: WEBHOOK_PATHS.deliveries,
    summary: 'As últimas mensagens de um webhook e as suas tentativas',
    params: idParams,
    responses: { 200: { type: 'array', items: messageAnswer } },
  }),
  resend: defineContract({
    method: 'POST',
    base: 'integrations',
    path: WEBHOOK_PATHS.resend,
    summary: 'Reenvia uma mensagem (com o mesmo webhook-id)',
    params: idParams,
    body: EMPTY_BODY,
    responses: { 200: messageAnswer },
  }),
};
