/**
 * The mission chat's calls (docs/api.md, base /api/missions) as contracts (src/domain/contract.ts):
 * the server's routes (server/missions/chatHandlers.ts) and the data provider's calls
 * (src/dataProvider/missionDetailsApi.ts) are both made from them.
 */
import { defineContract } from '../contract';
import { multipartBody } from '../fileBodies';
import { textIdParams } from '../jsonSchemaParts';
import { chatMessageSchema } from '../schemas/missionDetails';
import { CHAT_RESPONSES } from './chatResponseSchemas';
import { DETAILS_PATHS } from './collections';
import { MISSION_FILE } from './missionFile';

export const CHAT_CONTRACTS = {
  list: defineContract({
    method: 'GET',
    base: 'missions',
    path: DETAILS_PATHS.chat,
    summary: 'Mensagens do chat de uma missão',
    params: textIdParams,
    responses: CHAT_RESPONSES.messages,
  }),
  send: defineContract({
    method: 'POST',
    base: 'missions',
    path: DETAILS_PATHS.chatCreate,
    summary: 'Envia uma mensagem no chat',
    body: multipartBody({
      description: 'Os campos antes do arquivo (os enviados depois dele não são lidos a tempo); sem arquivo, a mensagem não pode ficar vazia.',
      fields: chatMessageSchema,
      files: { file: { ...MISSION_FILE, required: false } },
    }),
    responses: CHAT_RESPONSES.sent,
  }),
  remove: defineContract({
    method: 'DELETE',
    base: 'missions',
    path: DETAILS_PATHS.chatOne,
    summary: 'Apaga uma mensagem do chat',
    params: textIdParams,
    responses: CHAT_RESPONSES.removed,
  }),
};
