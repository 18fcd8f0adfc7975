/**
 * A mission's details and their items (vehicles, occurrences, security agents; docs/api.md, base
 * /api/missions) as contracts (src/domain/contract.ts): the routes (server/missions/detailsHandlers.ts)
 * and the data provider's calls (src/dataProvider/missionDetailsApi.ts) are both made from them.
 */
import { defineContract } from '../contract';
import { CHECKED_IN_HANDLER } from '../fromSchema';
import { yupDescribed } from '../jsonSchemaOf';
import { textIdParams } from '../jsonSchemaParts';
import { occurrenceSchema, securityAgentSchema, vehicleSchema } from '../schemas/missionDetails';
import { DETAILS_PATHS } from './collections';
import { DETAILS_RESPONSES } from './responseSchemas';

/** `/{id}/{crudOption}`: the mission and the sub-collection, both looked up by the handler. */
const itemParams = {
  type: 'object',
  required: ['id', 'crudOption'],
  properties: { id: { type: 'string', maxLength: 64 }, crudOption: { type: 'string', maxLength: 64 } },
} as const;

/**
 * The item's fields, by crudOption (the shared schema the handler validates each with, against the
 * server's clock); a change names its createdAt.
 */
const itemBody = (addressed: boolean) => ({
  type: 'object',
  description: 'Veículo (vehicles), ocorrência (ocurrencies) ou agente (securityagents), conforme {crudOption}.',
  anyOf: [vehicleSchema, occurrenceSchema, securityAgentSchema].map((schema) => {
    const body = yupDescribed(schema);
    if (!addressed) return body;
    const properties = { ...(body.properties as object), createdAt: { type: 'string', format: 'date-time' } };
    return { ...body, properties, required: [...(body.required as string[]), 'createdAt'] };
  }),
  [CHECKED_IN_HANDLER]: 'yup',
});

/**
 * The item a change or a delete addresses: its createdAt, in the body or in ?createdAt=. Checked
 * by createdAtSchema (its Portuguese message), so only described here.
 */
const addressQuery = { type: 'object', properties: { createdAt: { type: 'string', description: 'Instante ISO do item.' } } } as const;

const ITEM_PATH = ':id/:crudOption';

export const DETAILS_CONTRACTS = {
  details: defineContract({
    method: 'GET',
    base: 'missions',
    path: DETAILS_PATHS.details,
    summary: 'Detalhes de uma missão (agentes, veículos, ocorrências…)',
    params: textIdParams,
    responses: DETAILS_RESPONSES.details,
  }),
  addItem: defineContract({
    method: 'POST',
    base: 'missions',
    path: ITEM_PATH,
    summary: 'Inclui um item nos detalhes da missão',
    params: itemParams,
    body: itemBody(false),
    responses: DETAILS_RESPONSES.added,
  }),
  changeItem: defineContract({
    method: 'PUT',
    base: 'missions',
    path: ITEM_PATH,
    summary: 'Altera um item dos detalhes da missão',
    params: itemParams,
    query: addressQuery,
    body: itemBody(true),
    responses: DETAILS_RESPONSES.changed,
  }),
  removeItem: defineContract({
    method: 'DELETE',
    base: 'missions',
    path: ITEM_PATH,
    summary: 'Exclui um item dos detalhes da missão',
    params: itemParams,
    query: addressQuery,
    responses: DETAILS_RESPONSES.changed,
  }),
};
