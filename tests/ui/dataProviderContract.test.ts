/**
 * The data provider's record calls (getOne, create, update, delete) against the real server
 * (contractHarness.tsx: the app's http client over `app.inject` on a migrated PGlite with the demo
 * seed): the URLs each resource declares, the bodies, the session's token, the Idempotency-Key
 * replay and the normalised errors, as the server answers them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { createDataProvider, type AppRecord } from '../../src/dataProvider';
import { HttpError } from '../../src/dataProvider/HttpError';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { resourceEndpoints } from '../../src/resources';
import { ACCOUNTS } from '../server/catalogueClient';
import { createTestApp, type TestApp } from '../server/helpers';
import { injectFetch, signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());
afterEach(async () => server.reset());

const gestorProvider = async () => {
  const { httpClient } = await signIn(server.app, ACCOUNTS.gestor);
  return { dataProvider: createDataProvider({ httpClient, endpoints: resourceEndpoints }), httpClient };
};

const causeNames = async (dataProvider: Awaited<ReturnType<typeof gestorProvider>>['dataProvider']) =>
  (
    await dataProvider.getList<AppRecord>('causes', { filter: {}, sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 500 } })
  ).data.map((record) => record.name as string);

describe('the data provider over the real server', () => {
  it('creates, reads, updates and deletes a record at its declared paths; a repeated submission is one write', async () => {
    const { dataProvider } = await gestorProvider();

    const created = await dataProvider.create<AppRecord>('causes', { data: { name: 'Motivo do provedor', active: true }, meta: { idempotencyKey: 'k-create' } });
    expect(created.data).toMatchObject({ id: created.data._id, name: 'Motivo do provedor', active: true });
    const replayed = await dataProvider.create<AppRecord>('causes', { data: { name: 'Motivo do provedor', active: true }, meta: { idempotencyKey: 'k-create' } });
    expect(replayed.data.id).toBe(created.data.id);
    expect((await causeNames(dataProvider)).filter((name) => name === 'Motivo do provedor')).toHaveLength(1);

    const { id } = created.data;
    expect((await dataProvider.getOne<AppRecord>('causes', { id })).data).toMatchObject({ id, name: 'Motivo do provedor' });

    const updated = await dataProvider.update<AppRecord>('causes', {
      id,
      data: { ...created.data, name: 'Motivo do provedor 2' },
      previousData: created.data,
      meta: { idempotencyKey: 'k-update' },
    });
    expect(updated.data).toMatchObject({ id, name: 'Motivo do provedor 2' });
    expect((await dataProvider.getOne<AppRecord>('causes', { id })).data).toMatchObject({ name: 'Motivo do provedor 2' });

    await dataProvider.delete<AppRecord>('causes', { id, previousData: updated.data });
    const gone = await dataProvider.getOne<AppRecord>('causes', { id }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(HttpError);
    expect(gone).toMatchObject({ status: 404 });
    expect((await causeNames(dataProvider)).includes('Motivo do provedor 2')).toBe(false);
  });

  it("reads and writes a child record whose paths differ (a shipper's plan: one at shipper/plan/{id}, PUT at shipper/{id})", async () => {
    const { dataProvider } = await gestorProvider();
    const id = CATALOGUE_IDS.planAndrade;
    const plan = (await dataProvider.getOne<AppRecord>('shippersFranchise', { id })).data;
    expect(plan).toMatchObject({ id, shipper: CATALOGUE_IDS.shipperAndrade });

    const { shipperName: _shown, ...values } = plan;
    await dataProvider.update<AppRecord>('shippersFranchise', {
      id,
      data: { ...values, name: 'Plano renomeado' },
      previousData: plan,
      meta: { parentId: CATALOGUE_IDS.shipperAndrade },
    });
    expect((await dataProvider.getOne<AppRecord>('shippersFranchise', { id })).data).toMatchObject({ name: 'Plano renomeado' });
    const list = await dataProvider.getList<AppRecord>('shippersFranchise', {
      filter: {},
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 50 },
      meta: { parentId: CATALOGUE_IDS.shipperAndrade },
    });
    expect(list.data.map((record) => record.name)).toContain('Plano renomeado');
  });

  it("answers another tenant's record and a call without the session's token with the normalised errors", async () => {
    const { dataProvider } = await gestorProvider();
    const foreign = await dataProvider.getOne<AppRecord>('shippers', { id: CATALOGUE_IDS.shipperNorte }).catch((error: unknown) => error);
    expect(foreign).toBeInstanceOf(HttpError);
    expect(foreign).toMatchObject({ status: 404, message: 'Registro não encontrado.' });

    const anonymous = createDataProvider({ httpClient: createHttpClient({ fetch: injectFetch(server.app) }), endpoints: resourceEndpoints });
    const refused = await anonymous.getOne<AppRecord>('shippers', { id: CATALOGUE_IDS.shipperAndrade }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 401, message: 'Sessão não informada. Faça o login.' });
  });
});
