/**
 * The lists that page on the server (shippers, providers, cities, users) through the app's data
 * provider over the real server (contractHarness.tsx): react-admin's pagination, sort and filter
 * become the query parameters, the answer's total reaches the screen, a select's whole list and
 * the export past one page still read every row, and a refused parameter arrives as the server's
 * Portuguese message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider, type AppRecord } from '../../src/dataProvider';
import { LIST_MAX_PER_PAGE } from '../../src/domain/listPaging';
import { LIST_SORT_INVALID } from '../../src/domain/schemas/listPage';
import { resourceEndpoints } from '../../src/resources';
import { ACCOUNTS } from '../server/catalogueClient';
import { createTestApp, type TestApp } from '../server/helpers';
import { signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());

const providerOf = async (email: string) => {
  const { httpClient } = await signIn(server.app, email);
  return createDataProvider({ httpClient, endpoints: resourceEndpoints });
};

const names = (rows: AppRecord[]) => rows.map((row) => row.name);

describe('server-paged lists through the data provider', () => {
  it('asks the server for one page, sorted and filtered, and hands react-admin its total', async () => {
    const dataProvider = await providerOf(ACCOUNTS.gestor);
    const first = await dataProvider.getList<AppRecord>('shippers', { pagination: { page: 1, perPage: 2 }, sort: { field: 'name', order: 'DESC' }, filter: {} });
    expect(names(first.data)).toEqual(['Vale Eletrônicos', 'Nexa Farma']);
    expect(first).toMatchObject({ total: 3, pageInfo: { hasNextPage: true, hasPreviousPage: false } });
    expect(first.data[0]?.id).toBe(first.data[0]?._id);
    const found = await dataProvider.getList<AppRecord>('shippers', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: { q: 'eletronicos' } });
    expect(names(found.data)).toEqual(['Vale Eletrônicos']);
    expect(found.total).toBe(1);
  });

  it('reads the whole list for a select or an export larger than a page, sorted and filtered by the server', async () => {
    const dataProvider = await providerOf(ACCOUNTS.admin);
    const cities = await dataProvider.getList<AppRecord>('cities', { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(cities.total).toBeGreaterThan(LIST_MAX_PER_PAGE / 2);
    expect(cities.data).toHaveLength(cities.total ?? 0);
    const saoPaulo = await dataProvider.getList<AppRecord>('cities', { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'stateName', order: 'ASC' }, filter: { q: 'sao paulo' } });
    expect(saoPaulo.data.every((city) => city.name === 'São Paulo' || city.stateName === 'São Paulo')).toBe(true);
    expect(saoPaulo.data.length).toBeGreaterThan(1);
  });

  it("pages providers and users in the caller's tenant only", async () => {
    const gestor = await providerOf(ACCOUNTS.ti);
    const users = await gestor.getList<AppRecord>('users', { pagination: { page: 1, perPage: 1 }, sort: { field: 'role.perfil', order: 'ASC' }, filter: {} });
    expect(users.data).toHaveLength(1);
    expect(users.total).toBeGreaterThan(1);
    const norte = await providerOf(ACCOUNTS.norte);
    const theirs = await norte.getList<AppRecord>('providers', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    const ours = await (await providerOf(ACCOUNTS.gestor)).getList<AppRecord>('providers', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(theirs.data.filter((row) => ours.data.some((other) => other.id === row.id))).toEqual([]);
  });

  it("brings back the server's Portuguese message for a column the list cannot sort by", async () => {
    const dataProvider = await providerOf(ACCOUNTS.gestor);
    const refused = await dataProvider
      .getList('shippers', { pagination: { page: 1, perPage: 10 }, sort: { field: 'cnpjDigits', order: 'ASC' }, filter: {} })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400 });
    expect(JSON.stringify((refused as { body?: unknown }).body)).toContain(LIST_SORT_INVALID);
  });
});
