/**
 * The integration calls (docs/integrations.md; base /api/v1/integrations) as contracts
 * (src/domain/contract.ts): the tenant's API keys, managed on the 'Integrações' screen, and the
 * missions other systems open and read with a key.
 */
import { defineContract } from '../contract';
import type { FromSchema } from '../fromSchema';
import { yupDescribed } from '../jsonSchemaOf';
import { exactObject, idParams, instant, nullableInstant, nullableText, text } from '../jsonSchemaParts';
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import { API_KEY_SCOPES } from './apiKeys';
import { inboundMissionQuerySchema, inboundMissionSchema, newApiKeySchema } from './schemas';

export const INTEGRATION_PATHS = {
  keys: 'keys',
  key: 'keys/:id',
  missions: 'missions',
  mission: 'missions/:id',
} as const;

const apiKeyAnswer = exactObject(
  {
    _id: text,
    riskManager: text,
    name: text,
    /** The secret's first characters, to tell keys apart; the secret itself is never shown again. */
    prefix: text,
    scopes: { type: 'array', items: { type: 'string', enum: API_KEY_SCOPES } },
    createdBy: text,
    createdAt: instant,
    lastUsedAt: nullableInstant,
    expiresAt: nullableInstant,
    revokedAt: nullableInstant,
  },
  { description: 'Uma chave de API da gerenciadora (sem o segredo).' },
);
export type ApiKey = FromSchema<typeof apiKeyAnswer>;

const createdApiKeyAnswer = exactObject(
  {
    key: apiKeyAnswer,
    secret: { type: 'string', description: 'O segredo da chave (prk_…), mostrado só agora; o servidor guarda apenas o hash dele.', examples: ['prk_q3Zt0cXk1u8mWn2Lr5yH7aVb9dFe4gJi6kOp0sTuvw'] },
  },
  { description: 'A chave criada e o seu segredo, mostrado uma única vez.' },
);
export type CreatedApiKey = FromSchema<typeof createdApiKeyAnswer>;

const inboundMissionAnswer = exactObject(
  {
    _id: text,
    status: { type: 'string', enum: STORED_MISSION_STATUSES },
    externalReference: nullableText,
    processNumber: nullableText,
    createdAt: instant,
    updatedAt: instant,
  },
  {
    description: 'A missão: o id, a situação e as referências.',
    examples: [{ _id: '665f1c2e9b1e8a0012345678', status: 'open', externalReference: 'ALERTA-2026-000123', processNumber: 'PROC-4471', createdAt: '2026-12-02T13:05:00.000Z', updatedAt: '2026-12-02T13:05:00.000Z' }],
  },
);
export type InboundMission = FromSchema<typeof inboundMissionAnswer>;

export const INTEGRATION_CONTRACTS = {
  keys: defineContract({
    method: 'GET',
    base: 'integrations',
    path: INTEGRATION_PATHS.keys,
    summary: 'Chaves de API da gerenciadora (a plataforma escolhe a gerenciadora em riskManager)',
    query: { type: 'object', properties: { riskManager: { type: 'string', pattern: '^[0-9a-f]{24}$' } } },
    responses: { 200: { type: 'array', items: apiKeyAnswer } },
  }),
  createKey: defineContract({
    method: 'POST',
    base: 'integrations',
    path: INTEGRATION_PATHS.keys,
    summary: 'Cria uma chave de API (o segredo é mostrado uma vez)',
    body: newApiKeySchema,
    responses: { 201: createdApiKeyAnswer },
  }),
  revokeKey: defineContract({
    method: 'DELETE',
    base: 'integrations',
    path: INTEGRATION_PATHS.key,
    summary: 'Revoga uma chave de API (recusada na hora, em todas as instâncias)',
    params: idParams,
    responses: { 204: { type: 'null', description: 'Revogada.' } },
  }),
  createMission: defineContract({
    method: 'POST',
    base: 'integrations',
    path: INTEGRATION_PATHS.missions,
    summary: 'Abre uma missão a partir de outro sistema (chave com missions:write; Idempotency-Key obrigatório)',
    body: inboundMissionSchema,
    responses: { 201: inboundMissionAnswer },
  }),
  mission: defineContract({
    method: 'GET',
    base: 'integrations',
    path: INTEGRATION_PATHS.mission,
    summary: 'Lê uma missão (chave com missions:read)',
    params: idParams,
    responses: { 200: inboundMissionAnswer },
  }),
  missions: defineContract({
    method: 'GET',
    base: 'integrations',
    path: INTEGRATION_PATHS.missions,
    summary: 'Missões por referência externa e período de abertura (chave com missions:read)',
    // Described for the document; checked by the handler with the shared schema (its Portuguese messages).
    query: yupDescribed(inboundMissionQuerySchema),
    responses: { 200: { type: 'array', items: inboundMissionAnswer } },
  }),
} as const;
