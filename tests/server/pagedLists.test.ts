/**
 * The lists that grow with a tenant — shippers, service providers, cities, users — page, sort and
 * filter on the server (spec 2, generic list screen): one page with its total when page/perPage are
 * sent, the whole list as before otherwise (the selects and the export read it), the text filter
 * as the screen's (accents and case ignored, a CNPJ found with or without its layout, Sim/Não, the
 * label of a perfil), each list still under the caller's tenant and role, and an impossible
 * parameter refused in Portuguese.
 */
import { describe, expect, it } from 'vitest';
import {
  LIST_MAX_PER_PAGE,
  LIST_ORDER_INVALID,
  LIST_PAGE_INVALID,
  LIST_PER_PAGE_INVALID,
  LIST_SORT_INVALID,
} from '../../src/domain/schemas/listPage';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';

let clients: Record<Account, Client>;
useCatalogueApp((_app, c) => {
  clients = c;
});

interface Page {
  data: { _id: string; name: string; [key: string]: unknown }[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

async function pageOf(account: Account, url: string): Promise<Page> {
  const response = await clients[account].get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const names = (page: Page) => page.data.map((row) => row.name);

describe('shippers (GET /api/admin/shippers)', () => {
  it('answers one page with its position and total, in the asked order', async () => {
    const first = await pageOf('gestor', '/api/admin/shippers?page=1&perPage=2&sort=name&order=ASC');
    expect(first).toMatchObject({ page: 1, perPage: 2, total: 3, totalPages: 2 });
    expect(names(first)).toEqual(['Andrade Alimentos', 'Nexa Farma']);
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=2&perPage=2&sort=name&order=ASC'))).toEqual(['Vale Eletrônicos']);
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=1&perPage=2&sort=name&order=DESC'))).toEqual(['Vale Eletrônicos', 'Nexa Farma']);
    // A page past the end is empty, with the real total (the screen steps back).
    expect(await pageOf('gestor', '/api/admin/shippers?page=9&perPage=2')).toMatchObject({ data: [], total: 3, totalPages: 2 });
  });

  it('keeps the whole array without paging parameters, and sorts and filters it when asked (the export)', async () => {
    const whole = await clients.gestor.get('/api/admin/shippers');
    expect(whole.statusCode).toBe(200);
    expect((whole.json<{ name: string }[]>()).map((row) => row.name)).toEqual(['Andrade Alimentos', 'Nexa Farma', 'Vale Eletrônicos']);
    const filtered = await clients.gestor.get('/api/admin/shippers?sort=legalName&order=DESC&q=ltda');
    expect(filtered.json<{ name: string }[]>().map((row) => row.name)).toEqual(['Vale Eletrônicos', 'Nexa Farma']);
  });

  it('filters as the screen reads: accents and case ignored, the CNPJ with or without its layout, Sim/Não, never the ids', async () => {
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=ELETRONICOS'))).toEqual(['Vale Eletrônicos']);
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=indústria'))).toEqual(['Andrade Alimentos']);
    expect(names(await pageOf('gestor', `/api/admin/shippers?page=1&perPage=10&q=${encodeURIComponent('33.683.930/0001')}`))).toEqual(['Andrade Alimentos']);
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=07626028'))).toEqual(['Vale Eletrônicos']);
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=12abc'))).toEqual(['Nexa Farma']);
    expect((await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=sim')).total).toBe(3);
    expect((await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=n%C3%A3o')).total).toBe(0);
    // LIKE's wildcards are literal text.
    expect((await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=%25')).total).toBe(0);
  });

  it("stays in the caller's tenant; an admin sees every tenant's, narrows to one, and finds a row by its owner's name", async () => {
    const norte = await pageOf('norte', '/api/admin/shippers?page=1&perPage=10&q=a');
    expect(names(norte)).toEqual(['Amazônia Pescados']);
    expect((await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=amazonia')).total).toBe(0);
    expect((await pageOf('admin', '/api/admin/shippers?page=1&perPage=10')).total).toBe(4);
    const [amazonia] = norte.data;
    const owner = String(amazonia?.riskManager);
    expect(names(await pageOf('admin', `/api/admin/shippers?page=1&perPage=10&riskManager=${owner}`))).toEqual(['Amazônia Pescados']);
    expect(names(await pageOf('admin', '/api/admin/shippers?page=1&perPage=10&q=norte'))).toEqual(['Amazônia Pescados']);
    // A tenant's user does not find rows by the tenant's name: its list shows no Gerenciadora column.
    expect((await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=gerenciadora')).total).toBe(0);
    expect((await pageOf('admin', '/api/admin/shippers?page=1&perPage=1&sort=riskManager&order=DESC')).data[0]?.name).toBe('Amazônia Pescados');
  });

  it('refuses impossible parameters with a 400 in Portuguese, the shape of every other 400', async () => {
    const cases: [string, string, string][] = [
      ['page=0&perPage=10', 'page', LIST_PAGE_INVALID],
      ['page=abc&perPage=10', 'page', LIST_PAGE_INVALID],
      ['page=1.5&perPage=10', 'page', LIST_PAGE_INVALID],
      [`page=1&perPage=${LIST_MAX_PER_PAGE + 1}`, 'perPage', LIST_PER_PAGE_INVALID],
      ['page=1&perPage=0', 'perPage', LIST_PER_PAGE_INVALID],
      ['page=1&perPage=10&sort=password', 'sort', LIST_SORT_INVALID],
      ['page=1&perPage=10&sort=name&order=UP', 'order', LIST_ORDER_INVALID],
    ];
    for (const [query, path, message] of cases) {
      const response = await clients.gestor.get(`/api/admin/shippers?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ errors: [expect.objectContaining({ path, message })] });
    }
  });
});

describe('service providers (GET /api/service-providers/info)', () => {
  it('pages, filters by a phone typed with or without its layout, and stays in the tenant', async () => {
    const all = await pageOf('gestor', '/api/service-providers/info?page=1&perPage=1&sort=name');
    expect(all).toMatchObject({ perPage: 1, page: 1 });
    expect(all.total).toBeGreaterThanOrEqual(2);
    const [first] = (await clients.gestor.get('/api/service-providers/info')).json<{ name: string; contacts: { phone1: string } }[]>();
    const phone = String(first?.contacts.phone1);
    const laidOut = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
    expect(names(await pageOf('gestor', `/api/service-providers/info?page=1&perPage=10&q=${encodeURIComponent(laidOut)}`))).toContain(first?.name);
    const norteNames = names(await pageOf('norte', '/api/service-providers/info?page=1&perPage=100'));
    const demoNames = names(await pageOf('gestor', '/api/service-providers/info?page=1&perPage=100'));
    expect(norteNames.filter((name) => demoNames.includes(name))).toEqual([]);
  });

  it('answers a provider as its whole list did: a provider never lists its competitors', async () => {
    const whole = await clients.prestador.get('/api/service-providers/info');
    const paged = await clients.prestador.get('/api/service-providers/info?page=1&perPage=10');
    expect(paged.statusCode).toBe(whole.statusCode);
    if (whole.statusCode === 200) expect(paged.json<Page>().data).toEqual(whole.json());
    else expect(paged.json()).toEqual(whole.json());
  });

  it('refuses a column the list cannot sort by', async () => {
    const response = await clients.gestor.get('/api/service-providers/info?page=1&perPage=10&sort=riskManagerId');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [expect.objectContaining({ path: 'sort', message: LIST_SORT_INVALID })] });
  });
});

describe('cities (GET /api/admin/cities)', () => {
  it('pages the big list, finds São Paulo typed without accent, sorts by the state shown', async () => {
    const found = await pageOf('admin', '/api/admin/cities?page=1&perPage=100&q=sao%20paulo');
    expect(found.data.map((city) => [city.name, city.stateName])).toContainEqual(['São Paulo', 'São Paulo']);
    const byState = await pageOf('admin', '/api/admin/cities?page=1&perPage=3&sort=stateName&order=ASC');
    expect(byState.data.map((city) => city.stateName)).toEqual(['Acre', 'Alagoas', 'Amapá']);
    expect(byState.totalPages).toBe(Math.ceil(byState.total / 3));
  });

  it('keeps the whole list revalidated by the browser without paging parameters', async () => {
    const whole = await clients.admin.get('/api/admin/cities');
    expect(whole.statusCode).toBe(200);
    expect(Array.isArray(whole.json())).toBe(true);
    const again = await clients.admin.get('/api/admin/cities', { 'if-none-match': String(whole.headers.etag) });
    expect(again.statusCode).toBe(304);
  });
});

describe('users (GET /api/risk-managers/login)', () => {
  it("pages the tenant's users, sorts by the perfil's label and finds them by it", async () => {
    const page = await pageOf('ti', '/api/risk-managers/login?page=1&perPage=2&sort=name&order=ASC');
    expect(page.perPage).toBe(2);
    const whole = (await clients.ti.get('/api/risk-managers/login')).json<{ name: string; role: { perfil: string }; riskManager: string }[]>();
    expect(page.total).toBe(whole.length);
    expect(new Set(whole.map((row) => row.riskManager)).size).toBe(1);
    const admins = await pageOf('ti', '/api/risk-managers/login?page=1&perPage=100&q=administrador');
    expect(admins.data.map((row) => row.role)).toEqual(whole.filter((row) => row.role.perfil === 'admin').map((row) => row.role));
    const byPerfil = await pageOf('ti', '/api/risk-managers/login?page=1&perPage=100&sort=role.perfil&order=ASC');
    // Administrador < Operacional < TI, as the labels read.
    const labels = byPerfil.data.map((row) => (row.role as { perfil: string }).perfil);
    expect(labels).toEqual([...labels].sort((a, b) => ['admin', 'operational', 'ti'].indexOf(a) - ['admin', 'operational', 'ti'].indexOf(b)));
  });

  it("never lists another tenant's users, and refuses the screen to who may not manage users", async () => {
    const norte = await pageOf('norte', '/api/risk-managers/login?page=1&perPage=100');
    const demo = await pageOf('ti', '/api/risk-managers/login?page=1&perPage=100');
    expect(norte.data.filter((row) => demo.data.some((other) => other._id === row._id))).toEqual([]);
    expect((await pageOf('norte', '/api/risk-managers/login?page=1&perPage=100&q=demo.com')).data.every((row) => row.riskManager === norte.data[0]?.riskManager)).toBe(true);
    expect((await clients.operador.get('/api/risk-managers/login?page=1&perPage=10')).statusCode).toBe(403);
    expect((await clients.prestador.get('/api/risk-managers/login?page=1&perPage=10')).statusCode).toBe(403);
  });

  it('refuses impossible parameters in Portuguese (after the permission check)', async () => {
    const response = await clients.ti.get('/api/risk-managers/login?page=1&perPage=10&sort=passwordHash');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [expect.objectContaining({ path: 'sort', message: LIST_SORT_INVALID })] });
    expect((await clients.operador.get('/api/risk-managers/login?sort=passwordHash')).statusCode).toBe(403);
  });
});
