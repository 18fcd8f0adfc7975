import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { createDataProvider } from '../../src/dataProvider';
import type { ResourceEndpoint, ServiceBase } from '../../src/dataProvider/endpoints';
import { crudEndpoint } from '../../src/domain/endpoints';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { RowText } from '../../src/dataProvider/listQuery';

interface Call {
  base: ServiceBase;
  path: string;
  method: string;
  body: unknown;
  idempotencyKey?: string | false;
  query?: RequestOptions['query'];
}

const CAUSES = [
  { _id: 'c1', name: 'Roubo', active: true, order: 10, place: { city: 'São Paulo' } },
  { _id: 'c2', name: 'Ávila', active: false, order: 2, place: { city: 'Curitiba' } },
  { _id: 'c3', name: 'bahia', active: true, order: 1, place: { city: 'Sao Jose' } },
  { _id: 'c4', name: 'Carga', active: false, order: 30, place: { city: 'Recife' } },
];

function fakeClient(answers: (call: Call) => unknown = () => CAUSES) {
  const calls: Call[] = [];
  const client = (async (base: ServiceBase, path: string, options: RequestOptions = {}) => {
    const call = { base, path, method: options.method ?? 'GET', body: options.body, idempotencyKey: options.idempotencyKey, query: options.query };
    calls.push(call);
    const data = answers(call);
    if (data instanceof HttpError) return Promise.reject(data);
    return Promise.resolve({ status: 200, headers: new Headers(), data });
  }) as HttpClient;
  return { client, calls };
}

const endpoints: Record<string, ResourceEndpoint> = {
  causes: crudEndpoint('admin', 'causes'),
  franchises: { base: 'billing', list: 'franchise', one: 'franchise/:id' },
  shippersFranchise: {
    base: 'billing',
    list: 'shipper/:parentId',
    one: 'shipper/plan/:id',
    create: 'shipper',
    update: 'shipper/:id',
    remove: 'shipper/:id',
    toCreateBody: (values, { parentId }) => ({ ...values, shipper: parentId }),
  },
  monitoring: { base: 'missions', list: 'request/monitoring', one: 'request/:id', paging: 'server' },
};

const page = { page: 1, perPage: 10 };
const byId = { field: 'id', order: 'ASC' as const };

describe('createDataProvider', () => {
  it('getList maps _id to id and filters q on the row texts the caller gives, case- and accent-insensitively', async () => {
    const { client, calls } = fakeClient();
    const dp = createDataProvider({ httpClient: client, endpoints });
    const all = await dp.getList<RaRecord>('causes', { filter: {}, sort: byId, pagination: page });
    expect(calls[0]).toMatchObject({ base: 'admin', path: 'causes', method: 'GET' });
    expect(all.total).toBe(4);
    expect(all.data[0]).toMatchObject({ id: 'c1', _id: 'c1', name: 'Roubo' });

    // The rows read as name, city and Sim/Não; the id and the order number are not shown.
    const rowText: RowText = {
      cells: (row) => [String(row.name), String((row.place as { city: string }).city), row.active ? 'Sim' : 'Não'],
      sortValue: (row, field) => (field === 'active' ? (row.active ? 'Sim' : 'Não') : row[field]),
    };
    const ids = async (q: string) =>
      (await dp.getList<RaRecord>('causes', { filter: { q }, sort: byId, pagination: page, meta: { rowText } })).data.map((r) => r.id);
    expect(await ids('SAO')).toEqual(['c1', 'c3']); // 'São Paulo' and 'Sao Jose'
    expect(await ids('avi')).toEqual(['c2']);
    expect(await ids('sim')).toEqual(['c1', 'c3']);
    expect(await ids('nao')).toEqual(['c2', 'c4']);
    // Hidden ids and fields the row does not show never match.
    expect(await ids('c')).toEqual(['c2', 'c4']); // 'Curitiba', 'Carga' — not every id 'c…'
    expect(await ids('30')).toEqual([]);
  });

  it('getList refuses a text filter without the row texts (it would search hidden values)', async () => {
    const dp = createDataProvider({ httpClient: fakeClient().client, endpoints });
    await expect(dp.getList<RaRecord>('causes', { filter: { q: 'Roubo' }, sort: byId, pagination: page })).rejects.toThrow(/rowText/);
  });

  it('getList sorts by the value the caller says a column shows (labels of coded columns)', async () => {
    const dp = createDataProvider({ httpClient: fakeClient().client, endpoints });
    const LABELS: Record<string, string> = { Roubo: 'Zebra', 'Ávila': 'Alfa', bahia: 'Mike', Carga: 'Bravo' };
    const rowText: RowText = { cells: () => [], sortValue: (row, field) => (field === 'name' ? LABELS[String(row.name)] : row[field]) };
    const sorted = await dp.getList<RaRecord>('causes', { filter: {}, sort: { field: 'name', order: 'ASC' }, pagination: page, meta: { rowText } });
    expect(sorted.data.map((r) => r.id)).toEqual(['c2', 'c4', 'c3', 'c1']); // Alfa, Bravo, Mike, Zebra
  });

  it('getList applies other filter keys exactly (dotted paths too)', async () => {
    const dp = createDataProvider({ httpClient: fakeClient().client, endpoints });
    const inactive = await dp.getList<RaRecord>('causes', { filter: { active: false }, sort: byId, pagination: page });
    expect(inactive.data.map((r) => r.id)).toEqual(['c2', 'c4']);
    const city = await dp.getList<RaRecord>('causes', { filter: { 'place.city': 'Recife' }, sort: byId, pagination: page });
    expect(city.data.map((r) => r.id)).toEqual(['c4']);
    const partial = await dp.getList<RaRecord>('causes', { filter: { name: 'Rou' }, sort: byId, pagination: page });
    expect(partial.total).toBe(0);
  });

  it('getList sorts text in pt-BR order, numbers numerically, booleans, both directions', async () => {
    const dp = createDataProvider({ httpClient: fakeClient().client, endpoints });
    const sorted = async (field: string, order: 'ASC' | 'DESC') =>
      (await dp.getList<RaRecord>('causes', { filter: {}, sort: { field, order }, pagination: page })).data.map((r) => r.id);
    expect(await sorted('name', 'ASC')).toEqual(['c2', 'c3', 'c4', 'c1']); // Ávila, bahia, Carga, Roubo
    expect(await sorted('name', 'DESC')).toEqual(['c1', 'c4', 'c3', 'c2']);
    expect(await sorted('order', 'ASC')).toEqual(['c3', 'c2', 'c1', 'c4']); // 1, 2, 10, 30 (not '10' < '2')
    expect(await sorted('active', 'ASC')).toEqual(['c2', 'c4', 'c1', 'c3']);
  });

  it('getList pages in the browser and reports the filtered total', async () => {
    const dp = createDataProvider({ httpClient: fakeClient().client, endpoints });
    const second = await dp.getList<RaRecord>('causes', {
      filter: {},
      sort: { field: 'order', order: 'ASC' },
      pagination: { page: 2, perPage: 3 },
    });
    expect(second.data.map((r) => r.id)).toEqual(['c4']);
    expect(second.total).toBe(4);
  });

  it('getOne fetches one record at its own path (the server says 404), never the list; getMany keeps the ids asked', async () => {
    const { client, calls } = fakeClient((call) => {
      if (call.path === 'causes/zz') return new HttpError(404, { error: 'Registro não encontrado' });
      if (call.path === 'causes/c3') return CAUSES[2];
      if (call.path === 'franchise/f1') return { _id: 'f1', name: 'Escolta' };
      if (call.path === 'shipper/plan/p1') return { _id: 'p1', name: 'Plano' };
      return CAUSES;
    });
    const dp = createDataProvider({ httpClient: client, endpoints });
    expect((await dp.getOne('causes', { id: 'c3' })).data).toMatchObject({ id: 'c3', name: 'bahia' });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET causes/c3']);
    await expect(dp.getOne('causes', { id: 'zz' })).rejects.toMatchObject({ status: 404 });
    expect((await dp.getOne('franchises', { id: 'f1' })).data).toEqual({ _id: 'f1', id: 'f1', name: 'Escolta' });
    expect(calls.at(-1)).toMatchObject({ base: 'billing', path: 'franchise/f1' });
    expect((await dp.getOne('shippersFranchise', { id: 'p1' })).data).toMatchObject({ id: 'p1' });
    expect(calls.at(-1)).toMatchObject({ base: 'billing', path: 'shipper/plan/p1' });
    expect((await dp.getMany<{ id: string }>('causes', { ids: ['c4', 'c1'] })).data.map((r) => r.id)).toEqual(['c1', 'c4']);
  });

  it('a server-paged list sends page, sort and filter as query parameters and reads {data, page, totalPages, total}', async () => {
    const { client, calls } = fakeClient(() => ({ data: [{ _id: 'm3', status: 'open' }], page: 2, totalPages: 3, total: 21 }));
    const dp = createDataProvider({ httpClient: client, endpoints });
    const start = new Date('2026-11-01T03:00:00.000Z');
    const result = await dp.getList('monitoring', {
      filter: { start, end: '2026-11-22', status: ['open', 'started'], q: '' },
      sort: { field: 'createdAt', order: 'DESC' },
      pagination: { page: 2, perPage: 10 },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ base: 'missions', path: 'request/monitoring', method: 'GET' });
    expect(calls[0]?.query).toEqual({
      page: 2,
      perPage: 10,
      sort: 'createdAt',
      order: 'DESC',
      start: '2026-11-01T03:00:00.000Z',
      end: '2026-11-22',
      status: ['open', 'started'],
      q: '',
    });
    // The server's page is not paged again in the browser.
    expect(result).toEqual({
      data: [{ _id: 'm3', id: 'm3', status: 'open' }],
      total: 21,
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
    });
    await expect(
      createDataProvider({ httpClient: fakeClient(() => [{ _id: 'x' }]).client, endpoints }).getList('monitoring', {
        filter: {},
        sort: byId,
        pagination: page,
      }),
    ).rejects.toMatchObject({ status: 502 });
    // getMany of a server-paged resource reads each record, not a page.
    const single = fakeClient((call) => ({ _id: call.path.split('/').at(-1) }));
    const many = await createDataProvider({ httpClient: single.client, endpoints }).getMany<{ id: string }>('monitoring', { ids: ['a', 'b'] });
    expect(many.data.map((r) => r.id)).toEqual(['a', 'b']);
    expect(single.calls.map((c) => c.path)).toEqual(['request/a', 'request/b']);
  });

  it('child resources take the parent id from meta.parentId (and from getManyReference)', async () => {
    const plans = [{ _id: 'p1', name: 'Plano', shipper: 's1' }];
    const { client, calls } = fakeClient(() => plans);
    const dp = createDataProvider({ httpClient: client, endpoints });
    const list = await dp.getList<RaRecord>('shippersFranchise', { filter: {}, sort: byId, pagination: page, meta: { parentId: 's1' } });
    expect(list.data[0]?.id).toBe('p1');
    expect(calls[0]).toMatchObject({ base: 'billing', path: 'shipper/s1' });
    await expect(dp.getList<RaRecord>('shippersFranchise', { filter: {}, sort: byId, pagination: page })).rejects.toMatchObject({
      status: 400,
    });
    await dp.getManyReference('shippersFranchise', { target: 'shipper', id: 's9', filter: {}, sort: byId, pagination: page });
    expect(calls.at(-1)).toMatchObject({ path: 'shipper/s9' });
  });

  it('create POSTs without react-admin id (child body shaped by toCreateBody); update PUTs with _id; delete', async () => {
    const { client, calls } = fakeClient((call) =>
      call.method === 'POST' ? { _id: 'n1', ...(call.body as object) } : call.method === 'PUT' ? call.body : null,
    );
    const dp = createDataProvider({ httpClient: client, endpoints });

    const created = await dp.create('causes', { data: { name: 'Nova', active: true } });
    expect(calls[0]).toMatchObject({ path: 'causes', method: 'POST', body: { name: 'Nova', active: true } });
    expect(created.data).toMatchObject({ id: 'n1', _id: 'n1', name: 'Nova' });

    await dp.create('shippersFranchise', { data: { name: 'Plano' }, meta: { parentId: 's1' } });
    expect(calls[1]).toMatchObject({ path: 'shipper', method: 'POST', body: { name: 'Plano', shipper: 's1' } });

    const updated = await dp.update('causes', { id: 'c1', data: { id: 'c1', _id: 'c1', name: 'Roubo 2' }, previousData: { id: 'c1' } });
    expect(calls[2]).toMatchObject({ path: 'causes/c1', method: 'PUT', body: { _id: 'c1', name: 'Roubo 2' } });
    expect(calls[2]?.body).not.toHaveProperty('id');
    expect(updated.data).toMatchObject({ id: 'c1', name: 'Roubo 2' });

    await dp.update('shippersFranchise', { id: 'p1', data: { name: 'x' }, previousData: { id: 'p1' }, meta: { parentId: 's1' } });
    expect(calls[3]).toMatchObject({ path: 'shipper/p1', method: 'PUT', body: { _id: 'p1', name: 'x' } });

    const removed = await dp.delete('causes', { id: 'c2', previousData: { id: 'c2', name: 'Ávila' } });
    expect(calls[4]).toMatchObject({ path: 'causes/c2', method: 'DELETE' });
    expect(removed.data).toEqual({ id: 'c2', name: 'Ávila' });

    expect((await dp.deleteMany('causes', { ids: ['c3', 'c4'] })).data).toEqual(['c3', 'c4']);
    expect(calls.slice(5).map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE causes/c3', 'DELETE causes/c4']);
    expect((await dp.updateMany('causes', { ids: ['c1'], data: { active: false } })).data).toEqual(['c1']);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: 'causes/c1', body: { _id: 'c1', active: false } });
  });

  it("writes carry the submission's meta.idempotencyKey to the http client (absent: the client makes one)", async () => {
    const { client, calls } = fakeClient(() => ({ _id: 'c9', name: 'Nova' }));
    const dp = createDataProvider({ httpClient: client, endpoints });
    await dp.create('causes', { data: { name: 'Nova' }, meta: { idempotencyKey: 'k-create' } });
    await dp.update('causes', { id: 'c9', data: { name: 'Outra' }, previousData: { id: 'c9' }, meta: { idempotencyKey: 'k-update' } });
    await dp.delete('causes', { id: 'c9', previousData: { id: 'c9' }, meta: { idempotencyKey: 'k-delete' } });
    await dp.create('causes', { data: { name: 'Sem chave' } });
    expect(calls.map((c) => [c.method, c.idempotencyKey])).toEqual([
      ['POST', 'k-create'],
      ['PUT', 'k-update'],
      ['DELETE', 'k-delete'],
      ['POST', undefined],
    ]);
  });

  it('rejects an unknown resource and a call the resource does not declare, before any request', async () => {
    const { client, calls } = fakeClient(() => ({ message: 'ok' }));
    const dp = createDataProvider({ httpClient: client, endpoints });
    await expect(dp.getList('nope', { filter: {}, sort: byId, pagination: page })).rejects.toBeInstanceOf(HttpError);
    await expect(dp.create('franchises', { data: { name: 'x' } })).rejects.toMatchObject({ status: 400 });
    await expect(dp.delete('franchises', { id: 'f1' })).rejects.toMatchObject({ status: 400 });
    expect(calls).toEqual([]);
  });
});
