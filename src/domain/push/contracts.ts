/**
 * The notifications' calls (docs/rules/notifications.md; base /api/auth, the signed-in account's own
 * devices) as contracts (src/domain/contract.ts): the routes (server/push/handlers.ts) and the data
 * provider's calls (src/dataProvider/pushApi.ts) are made from them.
 */
import { defineContract } from '../contract';
import type { FromSchema } from '../fromSchema';
import { exactObject, idParams, instant, text } from '../jsonSchemaParts';
import { pushKindsSchema, pushSubscribeSchema } from '../schemas/pushDevice';
import { PUSH_KINDS, PUSH_PATHS } from './index';

const pushKeySchema = exactObject({ publicKey: text }, { description: 'Chave pública VAPID do servidor (base64url).' });

const pushDeviceSchema = exactObject(
  {
    _id: text,
    label: text,
    /** The push service's address of this device: the screen tells this device apart by it. */
    endpoint: text,
    kinds: { type: 'array', items: { type: 'string', enum: PUSH_KINDS } },
    createdAt: instant,
  },
  { description: 'Um dispositivo que recebe notificações.' },
);

export type PushDevice = FromSchema<typeof pushDeviceSchema>;

export const PUSH_CONTRACTS = {
  key: defineContract({
    method: 'GET',
    base: 'auth',
    path: PUSH_PATHS.key,
    summary: 'Chave pública para ativar notificações',
    responses: { 200: pushKeySchema },
  }),
  devices: defineContract({
    method: 'GET',
    base: 'auth',
    path: PUSH_PATHS.devices,
    summary: 'Meus dispositivos com notificações',
    responses: { 200: { type: 'array', items: pushDeviceSchema } },
  }),
  subscribe: defineContract({
    method: 'POST',
    base: 'auth',
    path: PUSH_PATHS.devices,
    summary: 'Ativa notificações neste dispositivo',
    body: pushSubscribeSchema,
    responses: { 201: pushDeviceSchema },
  }),
  update: defineContract({
    method: 'PUT',
    base: 'auth',
    path: PUSH_PATHS.device,
    summary: 'Altera os tipos de notificação de um dispositivo',
    params: idParams,
    body: pushKindsSchema,
    responses: { 200: pushDeviceSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    base: 'auth',
    path: PUSH_PATHS.device,
    summary: 'Remove um dispositivo das notificações',
    params: idParams,
    responses: { 204: { type: 'null', description: 'Removido.' } },
  }),
};
