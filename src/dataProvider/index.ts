/**
 * The data provider: react-admin's CRUD calls mapped onto the endpoints of each resource
 * (src/domain/endpoints.ts, through ResourceEndpoint), every one through the app's http client
 * (httpClient.ts: token, retries, Idempotency-Key, error normalisation).
 *
 * | react-admin method | call                                                                  |
 * |--------------------|-----------------------------------------------------------------------|
 * | getList            | client-paged: GET list → whole array; filter/sort/page in the browser (1) |
 * |                    | server-paged: GET list?page&perPage&sort&order&<filter> → {data, page, totalPages, total} (2); |
 * |                    | a whole list (selects, the export past one page): GET list?sort&order&q → array (4) |
 * | getOne             | GET one(id)                                                           |
 * | getMany            | client-paged: GET list, keep the ids asked for; server-paged: getOne per id |
 * | getManyReference   | list needs a parent: GET list(id); else the list filtered by target = id |
 * | create             | POST create, body toCreateBody(data)                                  |
 * | update             | PUT update(id), body toUpdateBody(data) with _id                      |
 * | updateMany         | update per id, one after the other (3)                                |
 * | delete             | DELETE remove(id)                                                     |
 * | deleteMany         | delete per id, one after the other (3)                                |
 *
 * Per catalogue (paths relative to the service base):
 *
 * | resource                     | list                                  | one                        | create / update / delete               |
 * |------------------------------|---------------------------------------|----------------------------|----------------------------------------|
 * | lookups, states, cities, shippers | admin/{name}                     | admin/{name}/{id}          | admin/{name}, admin/{name}/{id}         |
 * | configs                      | admin/mission/configs                 | admin/mission/configs/{id} | update only: admin/mission/configs/{id} |
 * | providers                    | service-providers/info                | service-providers/info/{id} | service-providers/info[/{id}]          |
 * | franchises                   | billing/franchise                     | billing/franchise/{id}     | billing/franchise[/{id}]                |
 * | shippersFranchise            | billing/shipper/{parentId}            | billing/shipper/plan/{id}  | billing/shipper[/{id}]                  |
 * | providersLogin               | service-providers/{parentId}/logins   | service-providers/login/{id} | service-providers/login[/{id}]        |
 * | franchiseProviders           | billing/franchise/{parentId}/serviceProviders | billing/serviceProvider/{id} | billing/serviceProvider[/{id}] |
 * | users                        | risk-managers/login                   | risk-managers/login/{id}   | risk-managers/login[/{id}]              |
 *
 * Why not ra-data-simple-rest: its record calls would build the same URLs, but its answers are
 * fetchJson's and its calls do not forward `meta` (where a form submission's Idempotency-Key
 * travels), and none of its list calls fit:
 * (1) The product's lists answer a plain array ("Response is a list", docs/api.md) with no Content-Range,
 *     and accept none of simple-rest's `sort=[..]&range=[..]&filter={..}` parameters; a child list
 *     is addressed by its parent in the path, not by a filter. So lists are fetched whole and
 *     filtered, sorted and paged in the browser (listQuery.ts).
 * (2) The server-paged lists (missions monitoring) answer one page as {data, page, totalPages,
 *     total} to page/perPage/sort/order parameters — again not simple-rest's dialect.
 * (3) The API answers no body on DELETE, so many records are written one call at a time, each with
 *     its per-record body shaping.
 * (4) The catalogue lists that grow with a tenant (shippers, providers, cities, users) page on the
 *     server too, at most LIST_MAX_PER_PAGE rows a page (src/domain/schemas/listPage.ts); asked for
 *     more (a select's every option, an export of the whole filter), they answer the whole array,
 *     sorted and filtered by the server all the same.
 *
 * Beyond CRUD, the services' typed extra methods are spread in (missionsApi.ts: the missions
 * service; missionDetailsApi.ts: its details, chat and mission files; addressApi.ts: the address
 * proxy's lookupCep, geocode, reverseGeocode; liveApi.ts: the live stream's ticket; billingApi.ts:
 * a mission's billing; reportsApi.ts: the billing report and its streamed Excel export; dashboardApi.ts:
 * the reports dashboard's figures; missionReportApi.ts: a mission's PDF report and its timeline's chain check;
 * auditApi.ts: the audit trail's pages and its Excel; listExportApi.ts: a list screen's Excel;
 * providerBaseApi.ts: the signed-in provider's own base, which prefills its proposals).
 *
 * Each call goes through its contract (call.ts), made from the resource's paths by the catalogues'
 * contract factories (src/domain/catalogueContracts.ts) — the same that make the server's routes —
 * with the generic record as its answer, this provider being generic over resources.
 *
 * A call the resource does not declare fails with 400 before any request. Records travel with
 * `_id`; react-admin sees `id` (same value). Child resources (e.g. a shipper's franchise plans)
 * receive their parent's id in `meta.parentId`. A list that filters by text or sorts coded columns
 * passes how its rows read in `meta.rowText` (see listQuery.ts).
 */
import type { DataProvider, Identifier } from 'ra-core';
import { needsParent } from '../domain/endpointPaths';
import { createAddressApi } from './addressApi';
import { createAuditApi } from './auditApi';
import type { ApiRecord } from '../domain/apiRecord';
import type { ResourceEndpoint } from './endpoints';
import { createCall } from './call';
import {
  ANY_RECORD,
  createContract,
  oneContract,
  pagedListContract,
  removeContract,
  updateContract,
  wholeListContract,
  type CatalogueParts,
  type RecordAnswerSchema,
} from '../domain/catalogueContracts';
import { HttpError } from './HttpError';
import type { HttpClient, RequestOptions } from './httpClient';
import { createMissionDetailsApi } from './missionDetailsApi';
import { createBillingApi } from './billingApi';
import { createDashboardApi } from './dashboardApi';
import { createListExportApi } from './listExportApi';
import { createLiveApi } from './liveApi';
import { createMissionReportApi } from './missionReportApi';
import { createMissionsApi } from './missionsApi';
import { createProviderBaseApi } from './providerBaseApi';
import { createTrackingApi } from './trackingApi';
import { createReportsApi } from './reportsApi';
import { createScorecardsApi } from './scorecardsApi';
import { createPositionsApi } from './positionsApi';
import { createIntegrationsApi } from './integrationsApi';
import { createRosterApi } from './rosterApi';
import { createAlarmsApi } from './alarmsApi';
import { createWebhooksApi } from './webhooksApi';
import { createPrivacyApi } from './privacyApi';
import { applyPagination, queryList, valueAt, type ListQuery, type RowText } from './listQuery';
import { LIST_MAX_PER_PAGE } from '../domain/listPaging';

export interface DataProviderDeps {
  httpClient: HttpClient;
  endpoints: Record<string, ResourceEndpoint>;
}

/** What react-admin gets: the API record plus `id`. */
export type AppRecord = ApiRecord & { id: string };

/** What callers may put in `meta`. */
export interface ListMeta {
  parentId?: string;
  rowText?: RowText;
  /** Mutations: the Idempotency-Key of the form submission, so a repeated submit is one write. */
  idempotencyKey?: string;
}

const toRa = (record: ApiRecord): AppRecord => ({ ...record, id: record._id });

/** Form values → API body: `id` is react-admin's, the API knows `_id`. */
function toApi(values: Record<string, unknown>): Record<string, unknown> {
  const { id, ...rest } = values;
  return id !== undefined && rest._id === undefined ? { ...rest, _id: id } : rest;
}

const parentIdOf = (meta: unknown): string | undefined => {
  const parentId = (meta as ListMeta | undefined)?.parentId;
  return parentId === undefined || parentId === null ? undefined : String(parentId);
};

const rowTextOf = (meta: unknown): RowText | undefined => (meta as ListMeta | undefined)?.rowText;

const idempotencyKeyOf = (meta: unknown): string | undefined => {
  const key = (meta as ListMeta | undefined)?.idempotencyKey;
  return typeof key === 'string' && key !== '' ? key : undefined;
};

type Operation = 'list' | 'one' | 'create' | 'update' | 'remove';
const OPERATION_LABELS: Record<Operation, string> = {
  list: 'listagem',
  one: 'consulta',
  create: 'criação',
  update: 'alteração',
  remove: 'exclusão',
};

/** The query parameters of a server-paged list: page, page size, sort and each filter value. */
export function serverPageQuery({ pagination, sort, filter = {} }: ListQuery): NonNullable<RequestOptions['query']> {
  const query: NonNullable<RequestOptions['query']> = {};
  if (pagination) Object.assign(query, { page: pagination.page, perPage: pagination.perPage });
  if (sort?.field) Object.assign(query, { sort: sort.field, order: String(sort.order).toUpperCase() });
  for (const [key, value] of Object.entries(filter)) {
    if (value instanceof Date) query[key] = value.toISOString();
    else if (Array.isArray(value)) query[key] = value.map((v) => (typeof v === 'number' ? v : String(v)));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[key] = value;
  }
  return query;
}

/** The parts of a resource's calls: its service, and the generic record (the provider is generic over resources). */
const partsOf = (resource: string, endpoint: ResourceEndpoint): CatalogueParts<RecordAnswerSchema> => ({ base: endpoint.base, label: resource, answer: ANY_RECORD });

/** A list path's parent, as its contract's params (none for a top-level list). */
const listParams = (parentId: string | undefined): Record<string, string> => (parentId === undefined ? {} : { parentId });

/**
 * react-admin lets each caller name the record type it expects; every record this provider returns
 * is an AppRecord, handed over as the type asked for. This is the only place that claims so.
 */
const asRequested = <R>(records: AppRecord[]): R[] => records as unknown as R[];
const oneAsRequested = <R>(record: AppRecord): R => record as unknown as R;

export function createDataProvider({ httpClient, endpoints }: DataProviderDeps) {
  const call = createCall(httpClient);
  const endpointOf = (resource: string): ResourceEndpoint => {
    const endpoint = endpoints[resource];
    if (!endpoint) throw new HttpError(400, { error: `Recurso desconhecido: ${resource}` });
    return endpoint;
  };

  /** The path template of `operation`, or 400 when the resource does not offer it or lacks its parent. */
  const templateOf = (resource: string, operation: Operation, parentId: string | undefined) => {
    const path = endpointOf(resource)[operation];
    if (path === undefined) {
      throw new HttpError(400, { error: `O recurso ${resource} não oferece ${OPERATION_LABELS[operation]}` });
    }
    if (needsParent(path) && parentId === undefined) {
      throw new HttpError(400, { error: `O recurso ${resource} precisa de meta.parentId` });
    }
    return path;
  };

  /** A server-paged list's contract (its sorts are the server's to check: none named here). */
  const pagedListOf = (resource: string, parentId: string | undefined) =>
    pagedListContract(templateOf(resource, 'list', parentId), [], partsOf(resource, endpointOf(resource)));

  const fromApi = (endpoint: ResourceEndpoint, record: ApiRecord): AppRecord =>
    toRa(endpoint.fromApi ? endpoint.fromApi(record) : record);

  async function fetchAll(resource: string, parentId: string | undefined, signal?: AbortSignal): Promise<AppRecord[]> {
    const endpoint = endpointOf(resource);
    const list = wholeListContract(templateOf(resource, 'list', parentId), partsOf(resource, endpoint));
    const data = await call(list, { params: listParams(parentId), query: {}, signal });
    return (Array.isArray(data) ? data : []).map((r) => fromApi(endpoint, r));
  }

  /** A server-paged list asked for more than one page holds: every row, sorted and filtered by the server. */
  async function fetchWhole(resource: string, parentId: string | undefined, query: ListQuery, signal?: AbortSignal) {
    const endpoint = endpointOf(resource);
    const { pagination: _all, ...ordered } = query;
    const data = await call(pagedListOf(resource, parentId), { params: listParams(parentId), query: serverPageQuery(ordered), signal });
    if (!Array.isArray(data)) throw new HttpError(502, { error: 'Resposta inesperada do servidor' });
    const rows = data.map((r) => fromApi(endpoint, r));
    const page = query.pagination?.page ?? 1;
    const perPage = query.pagination?.perPage ?? rows.length;
    return {
      data: applyPagination(rows, query.pagination),
      total: rows.length,
      pageInfo: { hasNextPage: page * perPage < rows.length, hasPreviousPage: page > 1 },
    };
  }

  async function fetchPage(resource: string, parentId: string | undefined, query: ListQuery, signal?: AbortSignal) {
    if ((query.pagination?.perPage ?? 0) > LIST_MAX_PER_PAGE) return fetchWhole(resource, parentId, query, signal);
    const endpoint = endpointOf(resource);
    const data = await call(pagedListOf(resource, parentId), { params: listParams(parentId), query: serverPageQuery(query), signal });
    if (Array.isArray(data) || typeof data !== 'object' || !Array.isArray(data.data) || typeof data.total !== 'number') throw new HttpError(502, { error: 'Resposta inesperada do servidor' });
    return {
      data: data.data.map((r) => fromApi(endpoint, r)),
      total: data.total,
      pageInfo: { hasNextPage: data.page < data.totalPages, hasPreviousPage: data.page > 1 },
    };
  }

  async function fetchOne(resource: string, id: Identifier, signal?: AbortSignal): Promise<AppRecord> {
    const endpoint = endpointOf(resource);
    const data = await call(oneContract(templateOf(resource, 'one', undefined), partsOf(resource, endpoint)), { params: { id: String(id) }, signal });
    return recordFromAnswer(endpoint, data, { id });
  }

  const recordFromAnswer = (endpoint: ResourceEndpoint, answer: unknown, fallback: Record<string, unknown>): AppRecord => {
    const record =
      answer && typeof answer === 'object' && typeof (answer as ApiRecord)._id === 'string'
        ? (answer as ApiRecord)
        : (toApi(fallback) as ApiRecord);
    return fromApi(endpoint, record);
  };

  async function updateOne(resource: string, id: Identifier, data: Record<string, unknown>, meta: unknown) {
    const endpoint = endpointOf(resource);
    const parentId = parentIdOf(meta);
    const values = { ...data, id };
    const body = endpoint.toUpdateBody ? endpoint.toUpdateBody(values, { parentId }) : toApi(values);
    const update = updateContract(templateOf(resource, 'update', parentId), partsOf(resource, endpoint));
    const answer = await call(update, { params: { id: String(id) }, body, idempotencyKey: idempotencyKeyOf(meta) });
    return recordFromAnswer(endpoint, answer, values);
  }

  async function deleteOne(resource: string, id: Identifier, meta: unknown) {
    const remove = removeContract(templateOf(resource, 'remove', parentIdOf(meta)), partsOf(resource, endpointOf(resource)));
    await call(remove, { params: { id: String(id) }, idempotencyKey: idempotencyKeyOf(meta) });
  }

  const serverPaged = (resource: string) => endpointOf(resource).paging === 'server';

  return {
    ...createMissionsApi(httpClient),
    ...createTrackingApi(httpClient),
    ...createBillingApi(httpClient),
    ...createDashboardApi(httpClient),
    ...createMissionReportApi(httpClient),
    ...createMissionDetailsApi(httpClient),
    ...createAddressApi(httpClient),
    ...createLiveApi(httpClient),
    ...createReportsApi(httpClient),
    ...createScorecardsApi(httpClient),
    ...createPositionsApi(httpClient),
    ...createIntegrationsApi(httpClient),
    ...createRosterApi(httpClient),
    ...createAlarmsApi(httpClient),
    ...createWebhooksApi(httpClient),
    ...createPrivacyApi(httpClient),
    ...createAuditApi(httpClient),
    ...createListExportApi(httpClient),
    ...createProviderBaseApi(httpClient),

    async getList(resource, { filter, sort, pagination, meta, signal }) {
      const query = { filter: filter as ListQuery['filter'], sort, pagination, rowText: rowTextOf(meta) };
      const parentId = parentIdOf(meta);
      if (serverPaged(resource)) {
        const page = await fetchPage(resource, parentId, query, signal);
        return { ...page, data: asRequested(page.data) };
      }
      const { data, total } = queryList(await fetchAll(resource, parentId, signal), query);
      return { data: asRequested(data), total };
    },

    async getOne(resource, { id, signal }) {
      return { data: oneAsRequested(await fetchOne(resource, id, signal)) };
    },

    async getMany(resource, { ids, meta, signal }) {
      if (serverPaged(resource)) {
        return { data: asRequested(await Promise.all(ids.map((id) => fetchOne(resource, id, signal)))) };
      }
      const wanted = new Set(ids.map(String));
      const rows = await fetchAll(resource, parentIdOf(meta), signal);
      return { data: asRequested(rows.filter((r) => wanted.has(r.id))) };
    },

    async getManyReference(resource, { target, id, filter, sort, pagination, meta, signal }) {
      const endpoint = endpointOf(resource);
      const byParent = needsParent(endpoint.list);
      const parentId = byParent ? String(id) : parentIdOf(meta);
      if (serverPaged(resource)) {
        const query = { filter: (byParent ? filter : { ...filter, [target]: id }) as ListQuery['filter'], sort, pagination };
        const page = await fetchPage(resource, parentId, query, signal);
        return { ...page, data: asRequested(page.data) };
      }
      const rows = await fetchAll(resource, parentId, signal);
      const related = byParent ? rows : rows.filter((r) => String(valueAt(r, target)) === String(id));
      const { data, total } = queryList(related, { filter: filter as ListQuery['filter'], sort, pagination, rowText: rowTextOf(meta) });
      return { data: asRequested(data), total };
    },

    async create(resource, { data, meta }) {
      const endpoint = endpointOf(resource);
      const parentId = parentIdOf(meta);
      const create = createContract(templateOf(resource, 'create', parentId), partsOf(resource, endpoint));
      const values = data as Record<string, unknown>;
      const body = endpoint.toCreateBody ? endpoint.toCreateBody(values, { parentId }) : toApi(values);
      const answer = await call(create, { body, idempotencyKey: idempotencyKeyOf(meta) });
      return { data: oneAsRequested(recordFromAnswer(endpoint, answer, values)) };
    },

    async update(resource, { id, data, meta }) {
      return { data: oneAsRequested(await updateOne(resource, id as Identifier, data as Record<string, unknown>, meta)) };
    },

    async updateMany(resource, { ids, data, meta }) {
      for (const id of ids) await updateOne(resource, id, data as Record<string, unknown>, meta);
      return { data: ids };
    },

    async delete(resource, { id, previousData, meta }) {
      await deleteOne(resource, id, meta);
      return { data: previousData ?? oneAsRequested({ _id: String(id), id: String(id) }) };
    },

    async deleteMany(resource, { ids, meta }) {
      for (const id of ids) await deleteOne(resource, id, meta);
      return { data: ids };
    },

    supportAbortSignal: true,
  } satisfies DataProvider;
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;
