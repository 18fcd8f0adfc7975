/**
 * A provider's base (docs/rules/catalogues.md, docs/rules/field-app.md): its columns and their
 * whole-or-absent check (migration 0041), the catalogue's validation with the proposal's
 * Portuguese messages, bad input refused with nothing changed, and who reads it — the tenant's
 * catalogue screens, and the provider's own users at /api/service-providers/base, never a
 * competitor nor another tenant.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { serviceProviders } from '../../server/db/schema';
import { DEMO_IDS, DEMO_PROVIDER_BASE } from '../../server/demo/seed';
import { JSON_TOO_DEEP } from '../../server/http/plugins/jsonBody';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { login, type TestApp } from './helpers';
import { clientFor, useCatalogueApp, type Account, type Client } from './catalogueClient';

let t: TestApp;
let as: Record<Account | 'sul', Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = { ...clients, sul: clientFor(app.app, '') };
});

/** Escolta Sul's user: the demo provider's competitor in the same tenant. */
async function sul(): Promise<Client> {
  as.sul = clientFor(t.app, await login(t.app, 'prestador2@demo.com.br'));
  return as.sul;
}

const BASE = {
  zipcode: '06454-000',
  address: 'Alameda Rio Negro',
  number: '500',
  neighborhood: 'Alphaville Industrial',
  city: 'Barueri',
  state: 'SP',
  latitude: '-23,5017',
  longitude: -46.8489,
};
const STORED_BASE = { ...BASE, zipcode: '06454000', latitude: -23.5017 };
const NO_BASE = { zipcode: null, address: null, number: null, neighborhood: null, city: null, state: null, latitude: null, longitude: null };

const DEMO_PROVIDER = {
  name: 'Pronta Resposta Demo',
  legalName: 'Pronta Resposta Demo Segurança Ltda',
  cnpj: '11222333000181',
  active: true,
  contacts: { phone1: '11987654321' },
};
const URL_DEMO = `/api/service-providers/info/${DEMO_IDS.provider}`;

async function storedRow(provider: string = DEMO_IDS.provider) {
  const [row] = await t.database.db.select().from(serviceProviders).where(eq(serviceProviders.id, provider));
  return row;
}

/** The demo seed's base of Pronta Resposta Demo, as the API answers it. */
const SEEDED_BASE = {
  zipcode: DEMO_PROVIDER_BASE.baseZipcode,
  address: DEMO_PROVIDER_BASE.baseAddress,
  number: DEMO_PROVIDER_BASE.baseNumber,
  neighborhood: DEMO_PROVIDER_BASE.baseNeighborhood,
  city: DEMO_PROVIDER_BASE.baseCity,
  state: DEMO_PROVIDER_BASE.baseState,
  latitude: DEMO_PROVIDER_BASE.baseLatitude,
  longitude: DEMO_PROVIDER_BASE.baseLongitude,
};

const issuesOf = (response: { json: <T>() => T }) => response.json<{ errors: ValidationIssue[] }>().errors;

describe('migration', () => {
  it('adds the base columns, empty for a provider without one (the demo seed gives Pronta Resposta Demo its own), and refuses a partial base in the database itself', async () => {
    expect(await storedRow(DEMO_IDS.providerSul)).toMatchObject({ baseZipcode: null, baseCity: null, baseLatitude: null, baseLongitude: null });
    expect(await storedRow()).toMatchObject(DEMO_PROVIDER_BASE);
    const partial = t.database.db.update(serviceProviders).set({ baseCity: 'Barueri' }).where(eq(serviceProviders.id, DEMO_IDS.providerSul));
    await expect(partial).rejects.toThrow();
    const columns = await t.database.db.execute(
      sql`select column_name, data_type from information_schema.columns where table_name = 'service_providers' and column_name like 'base_%' order by column_name`,
    );
    expect((columns as { rows: { column_name: string; data_type: string }[] }).rows).toEqual([
      { column_name: 'base_address', data_type: 'text' },
      { column_name: 'base_city', data_type: 'text' },
      { column_name: 'base_latitude', data_type: 'double precision' },
      { column_name: 'base_longitude', data_type: 'double precision' },
      { column_name: 'base_neighborhood', data_type: 'text' },
      { column_name: 'base_number', data_type: 'text' },
      { column_name: 'base_state', data_type: 'text' },
      { column_name: 'base_zipcode', data_type: 'text' },
    ]);
  });
});

describe('the catalogue writes the base', () => {
  it('stores a whole base (CEP unmasked, comma decimals) and answers it; all blank is no base', async () => {
    const saved = await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ base: STORED_BASE });
    expect(await storedRow()).toMatchObject({ baseZipcode: '06454000', baseAddress: 'Alameda Rio Negro', baseLatitude: -23.5017, baseLongitude: -46.8489 });
    const cleared = await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: { zipcode: '', address: ' ', number: '', neighborhood: '', city: '', state: '', latitude: '', longitude: '' } });
    expect(cleared.json()).toMatchObject({ base: NO_BASE });
    expect(await storedRow()).toMatchObject({ baseZipcode: null, baseLatitude: null });
  });

  it("a partial base answers each missing part with the proposal form's message; nothing changes", async () => {
    await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE });
    const before = await storedRow();
    const partial = await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, name: 'Outro nome', base: { zipcode: '06454000', city: 'Barueri' } });
    expect(partial.statusCode).toBe(400);
    expect(issuesOf(partial)).toEqual([
      { code: 'too_small', path: 'base.address', message: 'Preencha o endereço' },
      { code: 'too_small', path: 'base.number', message: 'Preencha o número' },
      { code: 'too_small', path: 'base.neighborhood', message: 'Preencha o bairro' },
      { code: 'too_small', path: 'base.state', message: 'Preencha o estado' },
      { code: 'too_small', path: 'base.latitude', message: 'Preencha a latitude' },
      { code: 'too_small', path: 'base.longitude', message: 'Preencha a longitude' },
    ]);
    expect(await storedRow()).toEqual(before);
  });

  it('bad input → 400 in Portuguese, nothing changed: wrong types, control characters, over-long text, out-of-range coordinates, a bad CEP, deep nesting', async () => {
    const before = await storedRow();
    const cases: [Record<string, unknown>, ValidationIssue][] = [
      [{ zipcode: 6454000 }, { code: 'invalid_type', path: 'base.zipcode', message: 'Tipo de valor inválido' }],
      [{ city: ['Barueri'] }, { code: 'invalid_type', path: 'base.city', message: 'Tipo de valor inválido' }],
      [{ address: 'Alameda\u0000Rio Negro' }, { code: 'invalid_string', path: 'base.address', message: 'Caracteres de controle não são permitidos' }],
      [{ address: 'A'.repeat(501) }, { code: 'too_big', path: 'base.address', message: 'Máximo de 500 caracteres' }],
      [{ latitude: 91 }, { code: 'too_big', path: 'base.latitude', message: 'Valor máximo: 90' }],
      [{ longitude: 'oeste' }, { code: 'invalid_type', path: 'base.longitude', message: 'Tipo de valor inválido' }],
      [{ zipcode: '0645-400' }, { code: 'invalid_cep', path: 'base.zipcode', message: 'CEP inválido' }],
    ];
    for (const [part, issue] of cases) {
      const response = await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: { ...BASE, ...part } });
      expect(response.statusCode, JSON.stringify(part)).toBe(400);
      expect(issuesOf(response), JSON.stringify(part)).toContainEqual(issue);
    }
    const notAGroup = await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: 'Barueri' });
    expect(issuesOf(notAGroup)).toContainEqual(expect.objectContaining({ path: 'base', message: 'Tipo de valor inválido' }));
    const deep = `{"name":"Pronta Resposta Demo","legalName":"x","cnpj":"11222333000181","active":true,"contacts":{"phone1":"11987654321"},"base":${'{"city":'.repeat(10_000)}1${'}'.repeat(10_000)}}`;
    const nested = await t.app.inject({ method: 'PUT', url: URL_DEMO, headers: { 'x-access-token': await login(t.app, 'gestor@demo.com.br'), 'content-type': 'application/json' }, payload: deep });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ error: JSON_TOO_DEEP });
    expect(await storedRow()).toEqual(before);
  });

  it('only who writes the catalogue writes the base: the operational profile and the provider itself cannot', async () => {
    expect((await as.operador.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE })).statusCode).toBe(403);
    expect((await as.prestador.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE })).statusCode).toBe(403);
    expect((await as.norte.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE })).statusCode).toBe(404);
    expect(await storedRow()).toMatchObject({ baseZipcode: DEMO_PROVIDER_BASE.baseZipcode });
    expect((await as.admin.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE })).json()).toMatchObject({ base: STORED_BASE });
  });
});

describe('who reads the base', () => {
  it("the tenant's catalogue readers see it in the list and the record; another tenant and providers do not", async () => {
    await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE });
    // Every profile of the tenant reads the catalogues (docs/rules/tenancy-and-roles.md).
    for (const reader of ['gestor', 'operador', 'ti', 'admin'] as const) {
      const list = (await as[reader].get('/api/service-providers/info')).json<{ _id: string; base: unknown }[]>();
      expect(list.find((p) => p._id === DEMO_IDS.provider)?.base, reader).toEqual(STORED_BASE);
      expect(list.find((p) => p._id === DEMO_IDS.providerSul)?.base, reader).toEqual(NO_BASE);
      expect((await as[reader].get(URL_DEMO)).json(), reader).toMatchObject({ base: STORED_BASE });
    }
    // The paged list (the screen's) carries it too, for the same readers only.
    const page = (await as.gestor.get('/api/service-providers/info?page=1&perPage=10')).json<{ data: { _id: string; base: unknown }[] }>();
    expect(page.data.find((p) => p._id === DEMO_IDS.provider)?.base).toEqual(STORED_BASE);
    expect((await as.norte.get('/api/service-providers/info')).json()).toEqual([]);
    expect((await as.norte.get(URL_DEMO)).statusCode).toBe(404);
    // No provider reads the catalogue, its own record included: the base reaches it only at /base.
    for (const provider of [as.prestador, await sul()]) {
      expect((await provider.get('/api/service-providers/info')).statusCode).toBe(403);
      expect((await provider.get('/api/service-providers/info?page=1&perPage=10')).statusCode).toBe(403);
      expect((await provider.get(URL_DEMO)).statusCode).toBe(403);
    }
  });

  it("GET /api/service-providers/base: a provider's user reads its own base only; the competitor its own (none); others 403", async () => {
    const own = await as.prestador.get('/api/service-providers/base');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ base: SEEDED_BASE });
    await as.gestor.put(URL_DEMO, { ...DEMO_PROVIDER, base: BASE });
    expect((await as.prestador.get('/api/service-providers/base')).json()).toEqual({ base: STORED_BASE });
    // Escolta Sul, in the same tenant, never gets the demo provider's base.
    const competitor = await sul();
    expect((await competitor.get('/api/service-providers/base')).json()).toEqual({ base: null });
    // Nothing the caller sends names another provider.
    expect((await competitor.get(`/api/service-providers/base?serviceProvider=${DEMO_IDS.provider}`)).json()).toEqual({ base: null });
    for (const other of ['gestor', 'operador', 'admin', 'norte'] as const) {
      expect((await as[other].get('/api/service-providers/base')).statusCode, other).toBe(403);
    }
    // The tech profile has no missions area, where the proposal form lives.
    expect((await as.ti.get('/api/service-providers/base')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/service-providers/base' })).statusCode).toBe(401);
  });
});
