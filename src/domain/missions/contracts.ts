/**
 * The missions service's calls (docs/api.md, base /api/missions) as contracts
 * (src/domain/contract.ts): the server's routes (server/missions/handlers.ts) and the data provider's
 * calls (src/dataProvider/missionsApi.ts) are both made from them.
 */
import { defineContract, EMPTY_BODY } from '../contract';
import { idParams } from '../jsonSchemaParts';
import { proposalCreateSchema, proposalFormSchema, statusChangeSchema } from '../schemas/mission';
import { missionDetailSchema, missionEventSchema, monitoringPageSchema, proposalSchema } from './responseSchemas';
import { MISSION_PATHS } from './types';

/** A JSON object: its fields are checked by the handler with a shared schema it builds itself. */
const objectOfTheHandler = { type: 'object' } as const;

const detail = { 200: { ...missionDetailSchema, description: 'A missão como quem chama pode vê-la.' } } as const;

export const MISSION_CONTRACTS = {
  monitoring: defineContract({
    method: 'GET',
    base: 'missions',
    path: MISSION_PATHS.monitoring,
    summary: 'Monitoramento: missões e totais',
    // Read by the handler with the shared monitoringQuerySchema (its Portuguese messages).
    query: objectOfTheHandler,
    responses: { 200: { ...monitoringPageSchema, description: 'Uma página de missões.' } },
  }),
  one: defineContract({
    method: 'GET',
    base: 'missions',
    path: MISSION_PATHS.one,
    summary: 'Lê uma missão',
    params: idParams,
    responses: detail,
  }),
  create: defineContract({
    method: 'POST',
    base: 'missions',
    path: MISSION_PATHS.create,
    summary: 'Cria uma missão',
    // Checked by the handler: the references the tenant's mission parameters require depend on the tenant.
    body: objectOfTheHandler,
    responses: { 201: { ...missionDetailSchema, description: 'A missão criada.' } },
  }),
  status: defineContract({
    method: 'PUT',
    base: 'missions',
    path: MISSION_PATHS.status,
    summary: 'Muda a situação de uma missão',
    params: idParams,
    body: statusChangeSchema,
    responses: detail,
  }),
  askFinish: defineContract({
    method: 'POST',
    base: 'missions',
    path: MISSION_PATHS.askFinish,
    summary: 'Prestador pede o encerramento da missão',
    params: idParams,
    body: EMPTY_BODY,
    responses: detail,
  }),
  cancelFinish: defineContract({
    method: 'DELETE',
    base: 'missions',
    path: MISSION_PATHS.askFinish,
    summary: 'Desfaz o pedido de encerramento',
    params: idParams,
    responses: detail,
  }),
  proposals: defineContract({
    method: 'GET',
    base: 'missions',
    path: MISSION_PATHS.proposals,
    summary: 'Propostas de uma missão',
    params: idParams,
    responses: { 200: { type: 'array', items: proposalSchema, description: 'As propostas que quem chama pode ver.' } },
  }),
  proposalCreate: defineContract({
    method: 'POST',
    base: 'missions',
    path: MISSION_PATHS.proposalCreate,
    summary: 'Envia uma proposta',
    body: proposalCreateSchema,
    responses: {
      200: { ...proposalSchema, description: 'A proposta existente, completada.' },
      201: { ...proposalSchema, description: 'A proposta criada.' },
    },
  }),
  proposalUpdate: defineContract({
    method: 'PUT',
    base: 'missions',
    path: MISSION_PATHS.proposalOne,
    summary: 'Responde ou altera uma proposta',
    params: idParams,
    body: proposalFormSchema,
    responses: { 200: { ...proposalSchema, description: 'A proposta.' } },
  }),
  proposalDelete: defineContract({
    method: 'DELETE',
    base: 'missions',
    path: MISSION_PATHS.proposalOne,
    summary: 'Retira uma proposta',
    params: idParams,
    responses: { 204: { type: 'null', description: 'Removida.' } },
  }),
  events: defineContract({
    method: 'GET',
    base: 'missions',
    path: MISSION_PATHS.events,
    summary: 'Eventos de uma missão',
    params: idParams,
    responses: { 200: { type: 'array', items: missionEventSchema, description: 'Os eventos que quem chama pode ver, do mais antigo.' } },
  }),
};
