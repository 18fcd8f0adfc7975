/**
 * The shared endpoint table against the server's routes (docs/api.md): every call the real data
 * provider makes for every resource declaration — list, one, create, update, delete, with sample
 * ids — must match a route of the real app, so a path the server lacks fails here instead of in a
 * person's browser. A path that only the admin service's catch-all for unknown names matches
 * (/:type) is missing: its type must be one the admin service serves.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCatalogues } from '../../server/catalogues/adminCatalogues';
import { createDataProvider } from '../../src/dataProvider';
import { createBillingApi } from '../../src/dataProvider/billingApi';
import { createMissionsApi } from '../../src/dataProvider/missionsApi';
import { BILLING_MISSION_PATHS } from '../../src/domain/billing/api';
import { MISSION_PATHS } from '../../src/domain/missions';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { serviceUrl, type ServiceBase } from '../../src/dataProvider/endpoints';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, type TestApp } from './helpers';

const SAMPLE_ID = '5f00000000000000000000aa';
const PARENT_ID = '5f00000000000000000000bb';

interface Sent {
  resource: string;
  method: string;
  url: string;
}

/** Every request the data provider sends for `resource`, each answered with a plausible body. */
async function callsOf(resource: string): Promise<Sent[]> {
  const sent: Sent[] = [];
  const endpoint = resourceEndpoints[resource];
  if (!endpoint) throw new Error(resource);
  // A list the server pages answers one (empty) page; the others the whole (empty) array.
  const emptyList = endpoint.paging === 'server' ? { data: [], page: 1, perPage: 10, total: 0, totalPages: 1 } : [];
  const client = ((base: ServiceBase, path: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    sent.push({ resource, method, url: serviceUrl(base, path) });
    const record: ApiRecord = { _id: SAMPLE_ID };
    return Promise.resolve({ status: 200, headers: new Headers(), data: method === 'GET' && sent.length === 1 ? emptyList : record });
  }) as HttpClient;
  const dp = createDataProvider({ httpClient: client, endpoints: resourceEndpoints });
  const meta = { parentId: PARENT_ID };
  await dp.getList(resource, { filter: {}, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, meta });
  if (endpoint.one) await dp.getOne(resource, { id: SAMPLE_ID, meta });
  if (endpoint.create) await dp.create(resource, { data: { name: 'x' }, meta });
  if (endpoint.update) await dp.update(resource, { id: SAMPLE_ID, data: { name: 'x' }, previousData: { id: SAMPLE_ID }, meta });
  if (endpoint.remove) await dp.delete(resource, { id: SAMPLE_ID, previousData: { id: SAMPLE_ID }, meta });
  return sent;
}

describe('endpoint table ↔ server routes', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let adminTypes: string[];
  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    adminTypes = Object.keys(adminCatalogues(testApp.database.db));
  }, 120_000);
  afterAll(async () => testApp?.close());

  it('every call of every resource declaration has a route on the server', async () => {
    const resources = Object.keys(resourceEndpoints);
    // The declarations the screens use, child lists and reference lists included.
    expect(resources).toEqual(
      expect.arrayContaining(['causes', 'shippersFranchise', 'providersLogin', 'franchiseProviders', 'configs', 'users', 'riskManagers']),
    );
    const missing: string[] = [];
    let checked = 0;
    for (const resource of resources) {
      for (const call of await callsOf(resource)) {
        checked += 1;
        const route = app.findRoute({ method: call.method, url: call.url });
        const type = (route?.params as { type?: string } | undefined)?.type;
        if (!route || (type !== undefined && !adminTypes.includes(type))) {
          missing.push(`${call.resource}: ${call.method} ${call.url}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(resources.length * 3);
  });

  it('every declared call is behind the one authentication hook: 401 without a token, before validation', async () => {
    const answered: string[] = [];
    for (const resource of Object.keys(resourceEndpoints)) {
      for (const call of await callsOf(resource)) {
        const response = await app.inject({ method: call.method as 'GET', url: call.url, payload: call.method === 'POST' || call.method === 'PUT' ? {} : undefined });
        if (response.statusCode !== 401) answered.push(`${call.method} ${call.url} → ${response.statusCode}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('every call of the missions service (each MISSION_PATHS entry) has a route, behind authentication', async () => {
    const sent: { method: string; url: string }[] = [];
    const client = ((base: ServiceBase, path: string, options: RequestOptions = {}) => {
      sent.push({ method: options.method ?? 'GET', url: serviceUrl(base, path) });
      return Promise.resolve({ status: 200, headers: new Headers(), data: {} });
    }) as HttpClient;
    const api = createMissionsApi(client);
    const form = { eta: { time: '00:10', distanceInKm: 1 }, location: { zipcode: '01310100', address: 'a', number: '1', neighborhood: 'b', city: 'c', state: 'SP', latitude: 0, longitude: 0 } };
    await api.missionsMonitoring({ page: 1 });
    await api.missionById(SAMPLE_ID);
    await api.createMission({} as Parameters<typeof api.createMission>[0]);
    await api.changeMissionStatus(SAMPLE_ID, { status: 'canceled' });
    await api.askMissionFinish(SAMPLE_ID);
    await api.cancelMissionFinish(SAMPLE_ID);
    await api.missionProposals(SAMPLE_ID);
    await api.createProposal({ missionRequest: SAMPLE_ID, status: 'pending' });
    await api.updateProposal(SAMPLE_ID, form);
    await api.deleteProposal(SAMPLE_ID);
    await api.missionEvents(SAMPLE_ID);
    const missing = sent.filter((call) => !app.findRoute({ method: call.method, url: call.url.split('?')[0] ?? '' }));
    expect(missing).toEqual([]);
    // Every path of the table was called, and answered by the route declared with that very path.
    for (const path of Object.values(MISSION_PATHS)) {
      const pattern = new RegExp(`^/api/missions/${path.replace(':id', '[^/]+')}$`);
      const calls = sent.filter((call) => pattern.test(call.url.split('?')[0] ?? ''));
      expect(calls.length, path).toBeGreaterThan(0);
      for (const call of calls) expect(app.hasRoute({ method: call.method, url: `/api/missions/${path}` }), `${call.method} ${path}`).toBe(true);
    }
    for (const call of sent) {
      const response = await app.inject({ method: call.method as 'GET', url: call.url, payload: call.method === 'POST' || call.method === 'PUT' ? {} : undefined });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  it('every call of mission billing (each BILLING_MISSION_PATHS entry) has a route, behind authentication', async () => {
    const sent: { method: string; url: string }[] = [];
    const client = ((base: ServiceBase, path: string, options: RequestOptions = {}) => {
      sent.push({ method: options.method ?? 'GET', url: serviceUrl(base, path) });
      return Promise.resolve({ status: 200, headers: new Headers(), data: {} });
    }) as HttpClient;
    const api = createBillingApi(client);
    const values = { franchise: SAMPLE_ID, others: { toll: 0, expenses: 0, additions: 0, discounts: 0 } };
    await api.missionBilling(SAMPLE_ID);
    await api.billingCalculus(SAMPLE_ID, values);
    await api.saveBilling(SAMPLE_ID, values);
    await api.finalizeBilling(SAMPLE_ID, values);
    expect(sent.filter((call) => !app.findRoute(call))).toEqual([]);
    for (const path of Object.values(BILLING_MISSION_PATHS)) {
      const url = `/api/v1/billing/${path.replace(':id', SAMPLE_ID)}`;
      const method = sent.find((call) => call.url === url)?.method ?? 'GET';
      expect(app.hasRoute({ method, url: `/api/v1/billing/${path}` }), `${method} ${path}`).toBe(true);
      const response = await app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a path the server does not have is reported', () => {
    expect(app.findRoute({ method: 'PUT', url: `/api/service-providers/logins/${SAMPLE_ID}` })).toBeNull();
    expect(app.findRoute({ method: 'GET', url: '/api/admin/causas' })?.params).toEqual({ type: 'causas' });
    expect(adminTypes).not.toContain('causas');
  });
});
