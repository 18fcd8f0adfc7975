import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { AnySchema } from 'yup';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { JsonSchema } from '../../src/domain/jsonSchemaOf';
import { ReadyJson, sendReady } from '../cache/readyJson';
import { pagedListOf } from '../../src/domain/jsonSchemaParts';
import { listQuerySchema, type ListPage } from '../../src/domain/schemas/listPage';
import { answers, crudSchemas, yupDescribed } from './routeSchemas';
import type { ListShape } from './pagedList';
import type { TypedApp } from './schemaTypes';

/**
 * The HTTP side of a catalogue's CRUD (its rules and queries: server/catalogues/crudQueries.ts):
 * the calls every catalogue answers, mounted at one path by the service that owns it (the admin
 * catalogues, billing's franchises, the providers' own record).
 */

/** `?riskManager=` of a list: admins may narrow a list to one tenant. */
export interface TenantFilter {
  riskManager?: string;
}

/**
 * The handlers take the route's already-validated id (route schemas: a 24-hex pattern, so a
 * malformed id is a 400 before any handler runs).
 */
export interface CrudHandlers {
  entity: string;
  /** The shared schema bodies are validated with, and one record's answer: the routes' description. */
  schema: AnySchema;
  answer: JsonSchema;
  /** `extra` narrows the list (children of one parent); tenancy is always applied too. */
  list(request: FastifyRequest, filter: TenantFilter, extra?: SQL): Promise<ApiRecord[]>;
  /**
   * The whole list as ready bytes, kept in memory per tenant and filter while the tables it reads
   * are unchanged (server/cache): a list read again costs the permission check and a socket write.
   */
  listReady(request: FastifyRequest, filter: TenantFilter): Promise<ReadyJson>;
  /** How the list pages on the server, for the lists that do (the others answer the whole array only). */
  listing?: ListShape;
  /**
   * A list that pages on the server, for its query string: the kept whole list when the query
   * neither pages, sorts nor filters; else one page, or every row in the asked order and filter.
   * An impossible parameter is a 400 in Portuguese before anything is read.
   */
  query(request: FastifyRequest, raw: unknown): Promise<ReadyJson | ApiRecord[] | ListPage<ApiRecord>>;
  /** One record under the list's rules: another tenant's id is 404. */
  one(request: FastifyRequest, id: string): Promise<ApiRecord>;
  create(request: FastifyRequest, reply: FastifyReply): Promise<ApiRecord>;
  update(request: FastifyRequest, id: string): Promise<ApiRecord>;
  remove(request: FastifyRequest, reply: FastifyReply, id: string): Promise<void>;
}

/**
 * Mounts handlers at `path`: GET/POST path, GET/PUT/DELETE path/:id, with the query, id and body
 * route schemas. Authentication is the /api scope's (server/http/routes.ts).
 */
export function mountCrud(app: TypedApp, path: string, handlers: CrudHandlers): void {
  const schemas = crudSchemas(handlers.answer, handlers.schema);
  if (handlers.listing) {
    const paged = pagedListRoute(handlers);
    app.get(path, { schema: paged.schema }, paged.handler);
  } else {
    app.get(path, { schema: schemas.list }, async (request, reply) =>
      sendReady(request, reply, await handlers.listReady(request, request.query)),
    );
  }
  app.get(`${path}/:id`, { schema: schemas.one }, (request) => handlers.one(request, request.params.id));
  app.post(path, { schema: schemas.create }, (request, reply) => handlers.create(request, reply));
  app.put(`${path}/:id`, { schema: schemas.update }, (request) => handlers.update(request, request.params.id));
  app.delete(`${path}/:id`, { schema: schemas.remove }, async (request, reply) => {
    await handlers.remove(request, reply, request.params.id);
    return reply.send();
  });
}

/**
 * The list route of a catalogue that pages on the server (CrudHandlers.query): its query string
 * described from the shared schema (so the API document lists page, perPage, sort, order and q),
 * its answer a page or the whole list. `revalidate`: the whole list may be kept by the browser
 * (sendReady), for data every signed-in user reads alike.
 */
export function pagedListRoute(handlers: CrudHandlers, { revalidate = false } = {}) {
  const { listing } = handlers;
  if (!listing) throw new Error(`${handlers.entity}: lista sem paginação no servidor`);
  return {
    schema: { querystring: yupDescribed(listQuerySchema(Object.keys(listing.sorts))), response: answers(pagedListOf(handlers.answer)) },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await handlers.query(request, request.query);
      return answer instanceof ReadyJson ? sendReady(request, reply, answer, { revalidate }) : answer;
    },
  };
}
