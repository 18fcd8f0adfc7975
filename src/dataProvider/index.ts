/**
 * The data provider: react-admin's CRUD calls mapped onto the bespoke endpoints of each resource
 * (endpoints.ts), plus typed extra methods for the non-CRUD calls (DESIGN 5.3).
 *
 * | react-admin method | call                                                                       |
 * |--------------------|----------------------------------------------------------------------------|
 * | getList            | GET list(parentId) → whole array; filter/sort/page in the browser          |
 * | getOne             | GET one(id) when declared, else GET list and pick the record (404 if absent)|
 * | getMany            | GET list, keep the ids asked for                                           |
 * | getManyReference   | list is a function: GET list(id); else GET list, keep rows whose target = id |
 * | create             | POST create(parentId) (default: the list path), body toCreateBody(data)    |
 * | update             | PUT update(id) (default: `${list}/${id}`), body toUpdateBody(data) with _id |
 * | updateMany         | one PUT per id                                                             |
 * | delete             | DELETE remove(id) (default: `${list}/${id}`)                               |
 * | deleteMany         | one DELETE per id                                                          |
 * | forget/validate/reset | the auth service (authApi.ts)                                           |
 *
 * Records travel with `_id`; react-admin sees `id` (same value). Child resources (e.g. a shipper's
 * franchise plans) receive their parent's id in `meta.parentId`. A list that filters by text or
 * sorts coded columns passes how its rows read in `meta.rowText` (see listQuery.ts).
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import type { ApiRecord, ResourceEndpoint } from './endpoints';
import { createAuthApi, type AuthApi } from './authApi';
import { HttpError } from './HttpError';
import type { HttpClient } from './httpClient';
import { queryList, valueAt, type ListQuery, type Row, type RowText } from './listQuery';

export interface DataProviderDeps {
  httpClient: HttpClient;
  endpoints: Record<string, ResourceEndpoint>;
}

export type AppDataProvider = DataProvider & Pick<AuthApi, 'forget' | 'validate' | 'reset'>;

/** What react-admin gets: the API record plus `id`. */
export type AppRecord = ApiRecord & { id: string };

/** What callers may put in `meta`. */
export interface ListMeta {
  parentId?: string;
  rowText?: RowText;
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

export function createDataProvider({ httpClient, endpoints }: DataProviderDeps): AppDataProvider {
  const endpointOf = (resource: string): ResourceEndpoint => {
    const endpoint = endpoints[resource];
    if (!endpoint) throw new HttpError(400, { error: `Recurso desconhecido: ${resource}` });
    return endpoint;
  };

  const resolve = (path: string | ((parentId: string) => string), parentId: string | undefined, resource: string) => {
    if (typeof path === 'string') return path;
    if (parentId === undefined) throw new HttpError(400, { error: `O recurso ${resource} precisa de meta.parentId` });
    return path(parentId);
  };

  const listPath = (resource: string, parentId?: string) => resolve(endpointOf(resource).list, parentId, resource);
  const itemPath = (resource: string, id: Identifier, parentId?: string) =>
    `${listPath(resource, parentId).replace(/\/$/, '')}/${encodeURIComponent(String(id))}`;

  async function fetchAll(resource: string, parentId: string | undefined, signal?: AbortSignal): Promise<AppRecord[]> {
    const endpoint = endpointOf(resource);
    const { data } = await httpClient<ApiRecord[]>(endpoint.base, listPath(resource, parentId), { signal });
    const rows = Array.isArray(data) ? data : [];
    return rows.map((r) => toRa(endpoint.fromApi ? endpoint.fromApi(r) : r));
  }

  const recordFromAnswer = (resource: string, answer: unknown, fallback: Record<string, unknown>): AppRecord => {
    const endpoint = endpointOf(resource);
    const record =
      answer && typeof answer === 'object' && typeof (answer as ApiRecord)._id === 'string'
        ? (answer as ApiRecord)
        : (toApi(fallback) as ApiRecord);
    return toRa(endpoint.fromApi ? endpoint.fromApi(record) : record);
  };

  async function updateOne(resource: string, id: Identifier, data: Record<string, unknown>, meta: unknown) {
    const endpoint = endpointOf(resource);
    const parentId = parentIdOf(meta);
    const path = endpoint.update ? endpoint.update(String(id)) : itemPath(resource, id, parentId);
    const values = { ...data, id };
    const body = endpoint.toUpdateBody ? endpoint.toUpdateBody(values, { parentId }) : toApi(values);
    const { data: answer } = await httpClient(endpoint.base, path, { method: 'PUT', body });
    return recordFromAnswer(resource, answer, values);
  }

  async function deleteOne(resource: string, id: Identifier, meta: unknown) {
    const endpoint = endpointOf(resource);
    const path = endpoint.remove ? endpoint.remove(String(id)) : itemPath(resource, id, parentIdOf(meta));
    await httpClient(endpoint.base, path, { method: 'DELETE' });
  }

  // The generic signatures of DataProvider cannot be met by a concrete implementation without
  // casts; every record returned is an AppRecord (RaRecord with the API's fields).
  const provider = {
    async getList(resource, { filter, sort, pagination, meta, signal }) {
      const rows = await fetchAll(resource, parentIdOf(meta), signal);
      return queryList(rows, { filter: filter as ListQuery['filter'], sort, pagination, rowText: rowTextOf(meta) });
    },

    async getOne(resource, { id, meta, signal }) {
      const endpoint = endpointOf(resource);
      if (endpoint.one) {
        const { data } = await httpClient<ApiRecord>(endpoint.base, endpoint.one(String(id)), { signal });
        return { data: recordFromAnswer(resource, data, { id }) };
      }
      const found = (await fetchAll(resource, parentIdOf(meta), signal)).find((r) => r.id === String(id));
      if (!found) throw new HttpError(404, { error: 'Registro não encontrado' });
      return { data: found };
    },

    async getMany(resource, { ids, meta, signal }) {
      const wanted = new Set(ids.map(String));
      const rows = await fetchAll(resource, parentIdOf(meta), signal);
      return { data: rows.filter((r) => wanted.has(r.id)) };
    },

    async getManyReference(resource, { target, id, filter, sort, pagination, meta, signal }) {
      const endpoint = endpointOf(resource);
      const byParent = typeof endpoint.list === 'function';
      const rows = await fetchAll(resource, byParent ? String(id) : parentIdOf(meta), signal);
      const related = byParent ? rows : rows.filter((r) => String(valueAt(r, target)) === String(id));
      return queryList(related as Row[], { filter: filter as ListQuery['filter'], sort, pagination, rowText: rowTextOf(meta) }) as { data: AppRecord[]; total: number };
    },

    async create(resource, { data, meta }) {
      const endpoint = endpointOf(resource);
      const parentId = parentIdOf(meta);
      const path = resolve(endpoint.create ?? endpoint.list, parentId, resource);
      const values = data as Record<string, unknown>;
      const body = endpoint.toCreateBody ? endpoint.toCreateBody(values, { parentId }) : toApi(values);
      const { data: answer } = await httpClient(endpoint.base, path, { method: 'POST', body });
      return { data: recordFromAnswer(resource, answer, values) };
    },

    async update(resource, { id, data, meta }) {
      return { data: await updateOne(resource, id as Identifier, data as Record<string, unknown>, meta) };
    },

    async updateMany(resource, { ids, data, meta }) {
      for (const id of ids) await updateOne(resource, id, data as Record<string, unknown>, meta);
      return { data: ids };
    },

    async delete(resource, { id, previousData, meta }) {
      await deleteOne(resource, id, meta);
      return { data: (previousData ?? { id }) as RaRecord };
    },

    async deleteMany(resource, { ids, meta }) {
      for (const id of ids) await deleteOne(resource, id, meta);
      return { data: ids };
    },

    supportAbortSignal: true,
  } as DataProvider;

  const auth = createAuthApi(httpClient);
  return { ...provider, forget: auth.forget, validate: auth.validate, reset: auth.reset };
}
