import { describe, expect, it, vi } from 'vitest';
import type { RaRecord } from 'ra-core';
import { createDataProvider } from '../../src/dataProvider';
import type { ResourceEndpoint, ServiceBase } from '../../src/dataProvider/endpoints';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import { restPrefix } from '../../src/dataProvider/simpleRest';
import { crudEndpoint } from '../../src/domain/endpointPaths';

/** Every simple-rest call the data provider makes: method, resource (the path prefix) and id. */
const restCalls = vi.hoisted(() => [] as string[]);

vi.mock('ra-data-simple-rest', async (importOriginal) => {
  const real = (await importOriginal<typeof import('ra-data-simple-rest')>()).default;
  return {
    default: (...args: Parameters<typeof real>) => {
      const provider = real(...args);
      const spy = (method: 'getOne' | 'create' | 'update' | 'delete') =>
        ((resource: string, params: { id?: string | number }) => {
          restCalls.push(`${method} ${args[0]}:${resource}${params.id === undefined ? '' : ` #${String(params.id)}`}`);
          return (provider[method] as (r: string, p: unknown) => Promise<unknown>)(resource, params);
        }) as never;
      return { ...provider, getOne: spy('getOne'), create: spy('create'), update: spy('update'), delete: spy('delete') };
    },
  };
});

function fakeClient() {
  const calls: string[] = [];
  const client = (async (base: ServiceBase, path: string, options: RequestOptions = {}) => {
    calls.push(`${options.method ?? 'GET'} ${base}/${path} ${JSON.stringify(options.body ?? null)} ${String(options.idempotencyKey)}`);
    const answer = options.method === 'DELETE' ? null : path.endsWith('s') ? [{ _id: 'a1', name: 'A' }] : { _id: 'a1', name: 'A' };
    return Promise.resolve({ status: 200, headers: new Headers(), data: answer });
  }) as HttpClient;
  return { client, calls };
}

const endpoints: Record<string, ResourceEndpoint> = {
  causes: crudEndpoint('admin', 'causes'),
  plans: { base: 'billing', list: 'shipper/:parentId', one: 'shipper/plan/:id', create: 'shipper', update: 'shipper/:id', remove: 'shipper/:id' },
  odd: { base: 'missions', list: 'requests', one: 'request/:id/summary' },
};

describe('the data provider on ra-data-simple-rest', () => {
  it('sends getOne, create, update and delete through simple-rest at {prefix}/{id}, with the http client, body shaping and Idempotency-Key', async () => {
    restCalls.length = 0;
    const { client, calls } = fakeClient();
    const dp = createDataProvider({ httpClient: client, endpoints });

    expect((await dp.getOne('plans', { id: 'p 1' })).data).toMatchObject({ id: 'a1', name: 'A' });
    await dp.create('plans', { data: { name: 'Plano' }, meta: { parentId: 's1', idempotencyKey: 'k1' } });
    await dp.update('causes', { id: 'c1', data: { id: 'c1', name: 'Roubo' }, previousData: { id: 'c1' }, meta: { idempotencyKey: 'k2' } });
    expect((await dp.delete('causes', { id: 'c1', previousData: { id: 'c1', name: 'Roubo' } })).data).toEqual({ id: 'c1', name: 'Roubo' });

    expect(restCalls).toEqual(['getOne billing:shipper/plan #p 1', 'create billing:shipper', 'update admin:causes #c1', 'delete admin:causes #c1']);
    expect(calls).toEqual([
      'GET billing/shipper/plan/p%201 null undefined',
      'POST billing/shipper {"name":"Plano"} k1',
      'PUT admin/causes/c1 {"name":"Roubo","_id":"c1"} k2',
      'DELETE admin/causes/c1 null undefined',
    ]);
  });

  it('keeps lists bespoke (plain arrays, no Content-Range) and sends a record path that is not {prefix}/{id} straight to the http client', async () => {
    restCalls.length = 0;
    const { client, calls } = fakeClient();
    const dp = createDataProvider({ httpClient: client, endpoints });
    const list = await dp.getList<RaRecord>('causes', { filter: {}, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 5 } });
    expect(list).toMatchObject({ total: 1, data: [{ id: 'a1' }] });
    expect((await dp.getOne('odd', { id: 'm1' })).data).toMatchObject({ id: 'a1' });
    expect(restCalls).toEqual([]);
    expect(calls).toEqual(['GET admin/causes null undefined', 'GET missions/request/m1/summary null undefined']);
  });

  it('restPrefix: the path without a trailing :id; undefined when :id is elsewhere or absent', () => {
    expect(restPrefix('shipper/plan/:id')).toBe('shipper/plan');
    expect(restPrefix(':parentId/logins/:id')).toBe(':parentId/logins');
    expect(restPrefix('request/:id/summary')).toBeUndefined();
    expect(restPrefix('causes')).toBeUndefined();
  });
});
