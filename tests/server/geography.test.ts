import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cities, states } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import type { TestApp } from './helpers';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { ValidationIssue } from '../../src/domain/apiErrors';

/** States and cities: global catalogues, written only by platform admins; the cached city list. */

let t: TestApp;
let as: Record<Account, Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

type State = { _id: string; name: string; active: boolean };
type City = { _id: string; name: string; state: string; stateName: string; active: boolean };
const IN_USE = 'Registro em uso por outros cadastros. Desative-o em vez de excluir.';

describe('states', () => {
  it('the seed has the 27 Brazilian federative units, sorted by name, for every tenant', async () => {
    const list = (await as.norte.get('/api/admin/states')).json<State[]>();
    expect(list).toHaveLength(27);
    expect(list[0]?.name).toBe('Acre');
    expect(list.map((s) => s.name)).toEqual(expect.arrayContaining(['São Paulo', 'Distrito Federal', 'Tocantins']));
    expect(list[0]).not.toHaveProperty('riskManager');
  });

  it('only a platform admin writes; risk-manager admins get 403', async () => {
    expect((await as.gestor.post('/api/admin/states', { name: 'Guanabara', active: true })).statusCode).toBe(403);
    expect((await as.gestor.put(`/api/admin/states/${CATALOGUE_IDS.stateSaoPaulo}`, { name: 'SP', active: true })).statusCode).toBe(403);
    expect((await as.gestor.del(`/api/admin/states/${CATALOGUE_IDS.stateSaoPaulo}`)).statusCode).toBe(403);

    const created = await as.admin.post('/api/admin/states', { name: 'Guanabara', active: true });
    expect(created.statusCode).toBe(201);
    const id = created.json<State>()._id;
    expect(created.json()).toEqual({ _id: id, name: 'Guanabara', active: true });
    expect((await as.admin.put(`/api/admin/states/${id}`, { name: 'Guanabara', active: false })).json<State>().active).toBe(false);
    expect((await as.admin.del(`/api/admin/states/${id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(states).where(eq(states.id, id))).toEqual([]);
  });

  it('an admin does not need a risk manager for a global catalogue', async () => {
    expect((await as.admin.post('/api/admin/states', { name: 'Novo', active: true })).statusCode).toBe(201);
  });

  it('deleting a state that still has cities is 409 and deletes nothing', async () => {
    const response = await as.admin.del(`/api/admin/states/${CATALOGUE_IDS.stateSaoPaulo}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: IN_USE });
    expect(await t.database.db.select().from(states).where(eq(states.id, CATALOGUE_IDS.stateSaoPaulo))).toHaveLength(1);
    expect((await t.database.db.select().from(cities).where(eq(cities.state, CATALOGUE_IDS.stateSaoPaulo))).length).toBeGreaterThan(1);
  });
});

describe('cities', () => {
  it("lists every city with its state's name, sorted by name", async () => {
    const list = (await as.operador.get('/api/admin/cities')).json<City[]>();
    expect(list.length).toBeGreaterThanOrEqual(27 + 20);
    expect(list.find((c) => c._id === CATALOGUE_IDS.citySaoPaulo)).toEqual({
      _id: CATALOGUE_IDS.citySaoPaulo,
      name: 'São Paulo',
      state: CATALOGUE_IDS.stateSaoPaulo,
      stateName: 'São Paulo',
      active: true,
    });
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('an admin creates, edits and deletes a city; the list follows every write', async () => {
    const created = await as.admin.post('/api/admin/cities', { name: 'Jundiaí', state: CATALOGUE_IDS.stateSaoPaulo, active: true, stateName: 'ignored' });
    expect(created.statusCode).toBe(201);
    const city = created.json<City>();
    expect(city).toMatchObject({ name: 'Jundiaí', state: CATALOGUE_IDS.stateSaoPaulo, stateName: 'São Paulo', active: true });
    const listed = () => as.gestor.get('/api/admin/cities').then((r) => r.json<City[]>().find((c) => c._id === city._id));
    expect(await listed()).toMatchObject({ name: 'Jundiaí' });

    expect((await as.admin.put(`/api/admin/cities/${city._id}`, { name: 'Jundiaí (SP)', state: CATALOGUE_IDS.stateSaoPaulo, active: false })).statusCode).toBe(200);
    expect(await listed()).toMatchObject({ name: 'Jundiaí (SP)', active: false });

    // A state renamed elsewhere shows in the city list at once (same cache token).
    await as.admin.put(`/api/admin/states/${CATALOGUE_IDS.stateSaoPaulo}`, { name: 'Estado de São Paulo', active: true });
    expect(await listed()).toMatchObject({ stateName: 'Estado de São Paulo' });

    expect((await as.admin.del(`/api/admin/cities/${city._id}`)).statusCode).toBe(204);
    expect(await listed()).toBeUndefined();
  });

  it('answers 304 to a client holding the current version, and a new body after a write', async () => {
    const first = await as.gestor.get('/api/admin/cities');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await as.gestor.get('/api/admin/cities', { 'if-none-match': etag })).statusCode).toBe(304);
    // A write straight to the database (not through the API) invalidates it too: triggers, not app code.
    await t.database.db.update(cities).set({ name: 'São Paulo (capital)' }).where(eq(cities.id, CATALOGUE_IDS.citySaoPaulo));
    await t.app.settle();
    const after = await as.gestor.get('/api/admin/cities', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json<City[]>().map((c) => c.name)).toContain('São Paulo (capital)');
  });

  it('a city needs a name and an existing state; risk-manager admins cannot write', async () => {
    const missing = await as.admin.post('/api/admin/cities', { name: '', active: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: ValidationIssue[] }>().errors).toEqual(
      expect.arrayContaining([
        { code: 'too_small', path: 'name', message: 'Preencha o nome da cidade' },
        expect.objectContaining({ path: 'state', message: 'Preencha o estado da cidade' }),
      ]),
    );
    // An unknown state is a bad field value (400 on `state`), on create and on update alike.
    const stateIssue = { errors: [{ code: 'invalid_id', path: 'state', message: 'Preencha o estado da cidade' }] };
    const unknownState = await as.admin.post('/api/admin/cities', { name: 'Atlântida', state: '5f00000000000000000000ff', active: true });
    expect(unknownState.statusCode).toBe(400);
    expect(unknownState.json()).toEqual(stateIssue);
    const moved = await as.admin.put(`/api/admin/cities/${CATALOGUE_IDS.citySaoPaulo}`, { name: 'São Paulo', state: '5f00000000000000000000ff', active: true });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual(stateIssue);
    expect(await t.database.db.select().from(cities).where(eq(cities.name, 'Atlântida'))).toEqual([]);
    const [saoPaulo] = await t.database.db.select().from(cities).where(eq(cities.id, CATALOGUE_IDS.citySaoPaulo));
    expect(saoPaulo?.state).toBe(CATALOGUE_IDS.stateSaoPaulo);
    expect((await as.gestor.post('/api/admin/cities', { name: 'Jundiaí', state: CATALOGUE_IDS.stateSaoPaulo, active: true })).statusCode).toBe(403);
    expect(await t.database.db.select().from(cities).where(eq(cities.name, 'Jundiaí'))).toEqual([]);
  });
});
