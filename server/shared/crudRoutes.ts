import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { AnySchema } from 'yup';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { JsonSchema } from '../../src/domain/jsonSchemaOf';
import { sendReady, type ReadyJson } from '../cache/readyJson';
import { crudSchemas } from './routeSchemas';
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
  app.get(path, { schema: schemas.list }, async (request, reply) =>
    sendReady(request, reply, await handlers.listReady(request, request.query)),
  );
  app.get(`${path}/:id`, { schema: schemas.one }, (request) => handlers.one(request, request.params.id));
  app.post(path, { schema: schemas.create }, (request, reply) => handlers.create(request, reply));
  app.put(`${path}/:id`, { schema: schemas.update }, (request) => handlers.update(request, request.params.id));
  app.delete(`${path}/:id`, { schema: schemas.remove }, async (request, reply) => {
    await handlers.remove(request, reply, request.params.id);
    return reply.send();
  });
}
