import { describe, expect, it } from 'vitest';
import type { RaRecord } from 'ra-core';
import { createDataProvider } from '../../src/dataProvider';
import type { ResourceEndpoint, ServiceBase } from '../../src/dataProvider/endpoints';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { RowText } from '../../src/dataProvider/listQuery';

interface Call {
  base: ServiceBase;
  path: string;
  method: string;
  body: unknown;
}

const CAUSES = [
  { _id: 'c1', name: 'Roubo', active: true, order: 10, place: { city: 'São Paulo' } },
  { _id: 'c2', name: 'Ávila', active: false, order: 2, place: { city: 'Curitiba' } },
  { _id: 'c3', name: 'bahia', active: true, order: 1, place: { city: 'Sao Jose' } },
  { _id: 'c4', name: 'Carga', active: false, order: 30, place: { city: 'Recife' } },
];

function fakeClient(answers: (call: Call) => unknown = () => CAUSES) {
  const calls: Call[] = [];
  const client = ((base: ServiceBase, path: string, options: RequestOptions = {}) => {
    const call = { base, path, method: options.method ?? 'GET', body: options.body };
    calls.push(call);
    const data = answers(call);
    if (data instanceof HttpError) return Promise.reject(data);
    return Promise.resolve({ status: 200, headers: new Headers(), data });
  }) as HttpClient;
  return { client, calls };
}

const endpoints: Record<string, ResourceEndpoint> = {
  causes: { base: 'admin', list: 'causes' },
  franchises: { base: 'billing', list: 'franchise', one: (id) => `franchise/${id}` },
  shippersFranchise: {
    base: 'billing',
    list: (shipperId) => `shipper/${shipperId}`,
    create: 'shipper',
    update: (id) => `shipper/${id}`,
    remove: (id) => `shipper/${id}`,
    toCreateBody: (values, { parentId }) => ({ ...values, shipper: parentId }),
  },
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

  it('getOne picks from the list (404 when absent) or calls `one` when declared; getMany keeps the ids asked', async () => {
    const { client, calls } = fakeClient((call) => (call.path === 'franchise/f1' ? { _id: 'f1', name: 'Escolta' } : CAUSES));
    const dp = createDataProvider({ httpClient: client, endpoints });
    expect((await dp.getOne('causes', { id: 'c3' })).data).toMatchObject({ id: 'c3', name: 'bahia' });
    await expect(dp.getOne('causes', { id: 'zz' })).rejects.toMatchObject({ status: 404 });
    expect((await dp.getOne('franchises', { id: 'f1' })).data).toEqual({ _id: 'f1', id: 'f1', name: 'Escolta' });
    expect(calls.at(-1)).toMatchObject({ base: 'billing', path: 'franchise/f1' });
    expect((await dp.getMany<RaRecord>('causes', { ids: ['c4', 'c1'] })).data.map((r) => r.id)).toEqual(['c1', 'c4']);
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

  it('rejects an unknown resource, and offers the auth calls as typed extra methods', async () => {
    const { client, calls } = fakeClient(() => ({ message: 'ok' }));
    const dp = createDataProvider({ httpClient: client, endpoints });
    await expect(dp.getList<RaRecord>('nope', { filter: {}, sort: byId, pagination: page })).rejects.toBeInstanceOf(HttpError);
    await dp.forget('a@b.co');
    await dp.validate('a@b.co', '123456');
    await dp.reset({ email: 'a@b.co', resetCode: '123456', password: 'NovaSenha@1' });
    expect(calls.map((c) => [c.base, c.path, c.body])).toEqual([
      ['auth', '/forget', { email: 'a@b.co' }],
      ['auth', '/forget/validate', { email: 'a@b.co', resetCode: '123456' }],
      ['auth', '/forget/reset', { email: 'a@b.co', resetCode: '123456', password: 'NovaSenha@1' }],
    ]);
  });
});
