/**
 * The lists that grow with a tenant — shippers, service providers, cities, users — page, sort and
 * filter on the server (docs/rules/screens.md, generic list screen): one page with its total when
 * page/perPage are
 * sent, the whole list as before otherwise (the selects and the export read it), the text filter
 * as the screen's (accents and case ignored, a CNPJ found with or without its layout, Sim/Não, the
 * label of a perfil), each list still under the caller's tenant and role, and an impossible
 * parameter refused in Portuguese.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { INVALID_TYPE, CONTROL_CHARACTERS_NOT_ALLOWED } from '../../src/domain/messages';
import {
  LIST_FILTER_TOO_LONG,
  LIST_MAX_FILTER,
  LIST_ORDER_INVALID,
  LIST_PAGE_INVALID,
  LIST_PER_PAGE_INVALID,
  LIST_SORT_INVALID,
} from '../../src/domain/schemas/listPage';
import { LIST_MAX_PER_PAGE } from '../../src/domain/listPaging';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { TestApp } from './helpers';

let clients: Record<Account, Client>;
let server: TestApp;
useCatalogueApp((app, c) => {
  server = app;
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

/** The four lists that page on the server, and the tenant each account's rows must belong to. */
const LISTS = ['/api/admin/shippers', '/api/service-providers/info', '/api/admin/cities', '/api/risk-managers/login'] as const;
const TENANT_OF: Partial<Record<Account, string>> = {
  gestor: DEMO_IDS.riskManager,
  operador: DEMO_IDS.riskManager,
  ti: DEMO_IDS.riskManager,
  prestador: DEMO_IDS.riskManager,
  norte: DEMO_IDS.riskManagerNorte,
};
/** Who may not read a list at all (docs/rules/tenancy-and-roles.md): the provider's users read none of the companies' lists, operators no users. */
const REFUSED: Record<string, Account[]> = {
  '/api/admin/shippers': ['prestador'],
  '/api/service-providers/info': ['prestador'],
  '/api/admin/cities': [],
  '/api/risk-managers/login': ['operador', 'prestador'],
};

describe("react-admin's default order", () => {
  it.each(LISTS)('%s: sort=id pages by the id, both ways (a reference select or a first record asks for it)', async (url) => {
    const ascending = await pageOf('admin', `${url}?page=1&perPage=${LIST_MAX_PER_PAGE}&sort=id&order=ASC`);
    const ids = ascending.data.map((row) => row._id);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort());
    const descending = await pageOf('admin', `${url}?page=1&perPage=${LIST_MAX_PER_PAGE}&sort=id&order=DESC`);
    expect(descending.data.map((row) => row._id)).toEqual([...ids].reverse());
  });
});

describe('role × tenant', () => {
  it.each(LISTS)("%s: a page holds what the whole list holds for that caller — its own tenant's rows only, or the same 403", async (url) => {
    for (const account of Object.keys(clients) as Account[]) {
      const whole = await clients[account].get(url);
      const paged = await clients[account].get(`${url}?page=1&perPage=${LIST_MAX_PER_PAGE}&sort=name&order=ASC`);
      expect(paged.statusCode, account).toBe(whole.statusCode);
      if (REFUSED[url]?.includes(account)) {
        expect(paged.statusCode, account).toBe(403);
        continue;
      }
      expect(paged.statusCode, account).toBe(200);
      const rows = whole.json<{ _id: string; riskManager?: string }[]>();
      const page = paged.json<Page>();
      expect(page.total, account).toBe(rows.length);
      expect(page.data.map((row) => row._id).sort(), account).toEqual(rows.map((row) => row._id).sort());
      const tenant = TENANT_OF[account];
      // Cities are shared by every tenant; the other lists belong to one.
      if (tenant && url !== '/api/admin/cities') expect(new Set(page.data.map((row) => row.riskManager)), `${account} ${url}`).toEqual(new Set(page.total ? [tenant] : []));
    }
  });

  it("a tenant's text filter never reaches another tenant's rows, even typed exactly", async () => {
    expect((await pageOf('norte', '/api/admin/shippers?page=1&perPage=10&q=andrade')).total).toBe(0);
    expect((await pageOf('norte', '/api/service-providers/info?page=1&perPage=10&q=escolta')).total).toBe(0);
    expect((await pageOf('norte', '/api/risk-managers/login?page=1&perPage=10&q=operador')).total).toBe(0);
    expect((await pageOf('gestor', '/api/risk-managers/login?page=1&perPage=10&q=norte')).total).toBe(0);
    // A tenant's user cannot widen its list to another tenant with ?riskManager=.
    const widened = await pageOf('gestor', `/api/admin/shippers?page=1&perPage=10&riskManager=${DEMO_IDS.riskManagerNorte}`);
    expect(names(widened)).toEqual(['Andrade Alimentos', 'Nexa Farma', 'Vale Eletrônicos']);
  });

  it('refuses the screen before it reads the query: a refused caller gets 403 even with impossible parameters', async () => {
    expect((await clients.prestador.get('/api/admin/shippers?page=0&perPage=-1')).statusCode).toBe(403);
    expect((await clients.operador.get('/api/risk-managers/login?page=abc')).statusCode).toBe(403);
  });
});

describe('impossible parameters (every paged list)', () => {
  const cases: [string, string, string][] = [
    ['page=-1', 'page', LIST_PAGE_INVALID],
    ['page=99999999999', 'page', LIST_PAGE_INVALID],
    ['page=9999999999', 'page', LIST_PAGE_INVALID],
    ['page=1&page=2', 'page', LIST_PAGE_INVALID],
    ['perPage=-5', 'perPage', LIST_PER_PAGE_INVALID],
    ['perPage=1e3', 'perPage', LIST_PER_PAGE_INVALID],
    ['perPage=100000', 'perPage', LIST_PER_PAGE_INVALID],
    ['sort=name&sort=active', 'sort', INVALID_TYPE],
    ['sort=passwordHash', 'sort', LIST_SORT_INVALID],
    ['order=asc', 'order', LIST_ORDER_INVALID],
    ['q=%00', 'q', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['q=a%0Ab', 'q', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['q=a%09b', 'q', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['q=a%1Bb', 'q', CONTROL_CHARACTERS_NOT_ALLOWED],
    [`q=${'a'.repeat(LIST_MAX_FILTER + 1)}`, 'q', LIST_FILTER_TOO_LONG],
  ];

  it.each(LISTS)('%s answers 400 with the Portuguese message of the wrong parameter, and changes nothing', async (url) => {
    const account: Account = url === '/api/risk-managers/login' ? 'ti' : 'gestor';
    const before = (await clients[account].get(url)).body;
    for (const [query, path, message] of cases) {
      const response = await clients[account].get(`${url}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ errors: [expect.objectContaining({ path, message })] });
    }
    expect((await clients[account].get(url)).body).toBe(before);
    // The longest filter allowed is still a filter.
    expect((await clients[account].get(`${url}?q=${'a'.repeat(LIST_MAX_FILTER)}`)).statusCode).toBe(200);
  });
});

describe('paging correctness', () => {
  it('walks every page of the big list without repeating or skipping a row, in either order', async () => {
    const whole = (await clients.admin.get('/api/admin/cities')).json<{ _id: string }[]>();
    for (const order of ['ASC', 'DESC']) {
      const seen: string[] = [];
      const first = await pageOf('admin', `/api/admin/cities?page=1&perPage=7&sort=active&order=${order}`);
      for (let page = 1; page <= first.totalPages; page += 1) {
        const current = await pageOf('admin', `/api/admin/cities?page=${page}&perPage=7&sort=active&order=${order}`);
        expect(current.data.length).toBeLessThanOrEqual(7);
        seen.push(...current.data.map((row) => row._id));
      }
      expect(seen).toHaveLength(whole.length);
      expect(new Set(seen).size).toBe(whole.length);
    }
  });

  it('sorts accented names as they read (Á with A), finds them typed in any case or accent, and counts the filtered total', async () => {
    const byName = await pageOf('admin', '/api/admin/cities?page=1&perPage=100&sort=name&order=ASC');
    const folded = byName.data.map((row) => row.name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase());
    expect(folded).toEqual([...folded].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const q of ['SÃO PAULO', 'são paulo', 'Sao Paulo', 'SAO']) {
      const found = await pageOf('admin', `/api/admin/cities?page=1&perPage=100&q=${encodeURIComponent(q)}`);
      expect(found.data.map((row) => row.name), q).toContain('São Paulo');
      expect(found.total, q).toBe(found.data.length);
    }
    const one = await pageOf('gestor', `/api/admin/shippers?page=1&perPage=1&q=${encodeURIComponent('ALIMENTOS')}`);
    expect(one).toMatchObject({ total: 1, totalPages: 1 });
    expect(names(one)).toEqual(['Andrade Alimentos']);
  });

  it('finds a row changed a moment ago (the kept whole list does not answer a filtered read)', async () => {
    const [vale] = (await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=vale')).data;
    const renamed = await clients.gestor.put(`/api/admin/shippers/${String(vale?._id)}`, { ...vale, name: 'Vale Eletrônicos Árvore', _id: undefined, riskManager: undefined });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names(await pageOf('gestor', '/api/admin/shippers?page=1&perPage=10&q=arvore'))).toEqual(['Vale Eletrônicos Árvore']);
    expect((await clients.gestor.get('/api/admin/shippers')).json<{ name: string }[]>().map((row) => row.name)).toContain('Vale Eletrônicos Árvore');
  });
});

describe('the API document', () => {
  it('lists the paging, sort and filter parameters of each paged list', async () => {
    const document = (await server.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    }>();
    for (const url of LISTS) {
      const query = (document.paths[url]?.get?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      expect(query, url).toEqual(expect.arrayContaining(['page', 'perPage', 'sort', 'order', 'q']));
    }
  });
});
