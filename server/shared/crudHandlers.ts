import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { AnySchema } from 'yup';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { ReadyJson, sendReady } from '../cache/readyJson';
import { CATALOGUES, type CatalogueName } from '../../src/domain/catalogues';
import {
  createContract,
  oneContract,
  pagedListContract,
  removeContract,
  updateContract,
  wholeListContract,
  type RecordAnswerSchema,
} from '../../src/domain/catalogueContracts';
import type { ServiceBase } from '../../src/domain/endpointPaths';
import type { ListPage } from '../../src/domain/schemas/listPage';
import { noContent } from './answered';
import type { ListShape } from './pagedList';
import { serves, type Served } from './serves';

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
  answer: RecordAnswerSchema;
  /** `extra` narrows the list (children of one parent); tenancy is always applied too. */
  list(request: FastifyRequest, filter: TenantFilter, extra?: SQL): Promise<ApiRecord[]>;
  /**
   * The whole list as ready bytes, kept in memory per tenant and filter while the tables it reads
   * are unchanged (server/cache): a list read again costs the permission check and a socket write.
   */
  listReady(request: FastifyRequest, filter: TenantFilter): Promise<ReadyJson<ApiRecord[]>>;
  /** How the list pages on the server, for the lists that do (the others answer the whole array only). */
  listing?: ListShape;
  /**
   * A list that pages on the server, for its query string: the kept whole list when the query
   * neither pages, sorts nor filters; else one page, or every row in the asked order and filter.
   * An impossible parameter is a 400 in Portuguese before anything is read.
   */
  query(request: FastifyRequest, raw: unknown): Promise<ReadyJson<ApiRecord[]> | ApiRecord[] | ListPage<ApiRecord>>;
  /** One record under the list's rules: another tenant's id is 404. */
  one(request: FastifyRequest, id: string): Promise<ApiRecord>;
  create(request: FastifyRequest, reply: FastifyReply): Promise<ApiRecord>;
  update(request: FastifyRequest, id: string): Promise<ApiRecord>;
  remove(request: FastifyRequest, reply: FastifyReply, id: string): Promise<void>;
}

/** Where a catalogue's calls live below its service, and how it is named on screen. */
export interface CataloguePlace {
  base: ServiceBase;
  /** The list's and create's path; one record is at `path/:id`. */
  path: string;
  /** The registry's label, for the calls' summaries. */
  label: string;
  /** The whole list may be kept by the browser (sendReady): data every signed-in user reads alike. */
  revalidate?: boolean;
}

/**
 * A catalogue's five calls at its own path, each from its contract
 * (src/domain/catalogueContracts.ts): GET/POST path, GET/PUT/DELETE path/:id. Registered by the
 * route table (server/http/routeTable.ts), in the authenticated scope.
 */
export function catalogueHandlers(handlers: CrudHandlers, { base, path, label, revalidate = false }: CataloguePlace): Served[] {
  const parts = { base, label, answer: handlers.answer, schema: handlers.schema };
  const list = handlers.listing
    ? serves(pagedListContract(path, Object.keys(handlers.listing.sorts), parts), pagedListHandler(handlers, { revalidate }))
    : serves(wholeListContract(path, parts), async (request, reply) => sendReady(request, reply, await handlers.listReady(request, request.query)));
  return [
    list,
    serves(oneContract(`${path}/:id`, parts), (request) => handlers.one(request, request.params.id)),
    serves(createContract(path, parts), (request, reply) => handlers.create(request, reply)),
    serves(updateContract(`${path}/:id`, parts), (request) => handlers.update(request, request.params.id)),
    serves(removeContract(`${path}/:id`, parts), async (request, reply) => {
      await handlers.remove(request, reply, request.params.id);
      return noContent(reply);
    }),
  ];
}

/** The registry's catalogue `handlers.entity` at `path` of the service `base` (billing's franchise, providers' info). */
export function crudOf(base: ServiceBase, path: string, handlers: CrudHandlers): Served[] {
  const entry = Object.hasOwn(CATALOGUES, handlers.entity) ? CATALOGUES[handlers.entity as CatalogueName] : undefined;
  return catalogueHandlers(handlers, { base, path, label: entry?.label ?? handlers.entity });
}

/**
 * The list of a catalogue that pages on the server (CrudHandlers.query): one page, or the whole
 * list — kept, or sorted and filtered. `revalidate`: the whole list may be kept by the browser
 * (sendReady), for data every signed-in user reads alike.
 */
const pagedListHandler =
  (handlers: CrudHandlers, { revalidate }: { revalidate: boolean }) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await handlers.query(request, request.query);
    return answer instanceof ReadyJson ? sendReady(request, reply, answer, { revalidate }) : answer;
  };
