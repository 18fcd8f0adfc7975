import { removed } from '../../src/domain/catalogueContracts';
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

/** `?riskManager=` of a list, and a yup-described part: shared with the catalogues' contracts. */
export { tenantQuery, yupDescribed };

/** A JSON object body; its fields are the shared schema's business. */
export const objectBody = { type: 'object' } as const;


/** `200` (or `status`) answers `answer`, for a route's `response` option. */
export const answers = (answer: JsonSchema, status = 200) => ({ [status]: answer });

/** A list of `item`. */
export const listOf = (item: JsonSchema): JsonSchema => ({ type: 'array', items: item });

/** An answer without a body (a delete). */
export const NO_CONTENT = { 204: removed } as const;

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
