import type { AnySchema } from 'yup';
import { yupDescribed, type JsonSchema } from '../../src/domain/jsonSchemaOf';
import { idParams, tenantQuery, textIdParams } from '../../src/domain/jsonSchemaParts';

/**
 * Route schemas (docs/architecture.md): Fastify checks params and body shape before a handler runs, so a
 * malformed id is a 400 without a database round trip and a body that is not a JSON object never
 * reaches the shared yup schemas. The field rules themselves stay in src/domain (one place).
 */

/** `/:id` with a 24-hex id, and `/:id` the handler looks up itself (shared with the contracts of src/domain). */
export { idParams, textIdParams };

/** `/:type` of the admin service; an unknown type is the handler's 400 'invalid admin sub'. */
export const typeParams = {
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string' } },
} as const;

/** `/:type/:id` of the admin service. */
export const typeIdParams = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: { type: 'string' }, id: idParams.properties.id },
} as const;

/** `?riskManager=` (shared with the contracts of src/domain). */
export { tenantQuery };

/** A JSON object body; its fields are the shared schema's business. */
export const objectBody = { type: 'object' } as const;

/** The body or query a shared yup schema accepts, described from that schema (shared with the contracts of src/domain). */
export { yupDescribed };

/** `200` (or `status`) answers `answer`, for a route's `response` option. */
export const answers = (answer: JsonSchema, status = 200) => ({ [status]: answer });

/** A list of `item`. */
export const listOf = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });

/** An answer without a body (a delete). */
export const NO_CONTENT = { 204: { type: 'null', description: 'Removido.' } } as const;

/**
 * The route schemas of a catalogue's calls with its answer (one record) and its body (the shared
 * yup schema the handlers validate with).
 */
export const crudSchemas = (record: JsonSchema, body: AnySchema) => ({
  list: { ...ROUTE_SCHEMAS.list, response: answers(listOf(record)) },
  childList: { ...ROUTE_SCHEMAS.childList, response: answers(listOf(record)) },
  one: { ...ROUTE_SCHEMAS.byId, response: answers(record) },
  create: { body: yupDescribed(body), response: answers(record, 201) },
  update: { params: idParams, body: yupDescribed(body), response: answers(record) },
  remove: { ...ROUTE_SCHEMAS.byId, response: NO_CONTENT },
});

/** Route option sets for the usual catalogue calls. */
export const ROUTE_SCHEMAS = {
  /** GET path (a list) */
  list: { querystring: tenantQuery },
  /** GET path/:id/children (a child list) */
  childList: { params: idParams, querystring: tenantQuery },
  /** GET/DELETE path/:id */
  byId: { params: idParams },
  /** POST path */
  create: { body: objectBody },
  /** PUT path/:id */
  update: { params: idParams, body: objectBody },
} as const;
