import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cnpjCheckDigits } from '../../src/domain/validators/cnpj';
import { serviceProviders, users } from '../../server/db/schema';
import { DEMO_IDS, DEMO_PROVIDER_BASE, DEMO_USERS } from '../../server/demo/seed';
import { login, type TestApp } from './helpers';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { ValidationIssue } from '../../src/domain/apiErrors';

/** Service providers (/api/service-providers/info) and their logins. */

let t: TestApp;
let as: Record<Account, Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

type Rec = Record<string, unknown> & { _id: string };
const cnpj = (base: string) => base + cnpjCheckDigits(base);
const providerBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Guarda Rápida',
  legalName: 'Guarda Rápida Segurança Ltda',
  cnpj: cnpj('556667770001'),
  active: true,
  contacts: { phone1: '(11) 98765-4321', phone2: '', phone3: '(11) 3333-4444' },
  ...extra,
});
const loginBody = (extra: Record<string, unknown> = {}) => ({
  email: 'Agente@GuardaRapida.com.br',
  name: 'Agente Um',
  password: 'Agente@2026',
  role: { perfil: 'operational' },
  serviceProvider: DEMO_IDS.provider,
  serviceProviderName: 'Pronta Resposta Demo',
  ...extra,
});
const prestadorId = DEMO_USERS.find((u) => u.email === 'prestador@demo.com.br')!.id;

describe('providers', () => {
  it('lists a tenant’s providers with their contacts; another tenant sees none; provider users may not read', async () => {
    const list = (await as.gestor.get('/api/service-providers/info')).json<Rec[]>();
    expect(list.find((p) => p._id === DEMO_IDS.provider)).toEqual({
      _id: DEMO_IDS.provider,
      name: 'Pronta Resposta Demo',
      legalName: 'Pronta Resposta Demo Segurança Ltda',
      cnpj: '11222333000181',
      active: true,
      contacts: { phone1: '11987654321', phone2: null, phone3: null },
      // The demo seed's base (server/demo/seed.ts).
      base: {
        zipcode: DEMO_PROVIDER_BASE.baseZipcode,
        address: DEMO_PROVIDER_BASE.baseAddress,
        number: DEMO_PROVIDER_BASE.baseNumber,
        neighborhood: DEMO_PROVIDER_BASE.baseNeighborhood,
        city: DEMO_PROVIDER_BASE.baseCity,
        state: DEMO_PROVIDER_BASE.baseState,
        latitude: DEMO_PROVIDER_BASE.baseLatitude,
        longitude: DEMO_PROVIDER_BASE.baseLongitude,
      },
      // Its Polícia Federal authorisation, valid two years from the seed (server/demo/seedRosters.ts).
      pfAuthorization: { number: 'PF-2024/0815', validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown },
      riskManager: DEMO_IDS.riskManager,
    });
    expect((await as.operador.get('/api/service-providers/info')).statusCode).toBe(200);
    expect((await as.norte.get('/api/service-providers/info')).json()).toEqual([]);
    expect((await as.prestador.get('/api/service-providers/info')).statusCode).toBe(403);
  });

  it('creates with phones stored as digits (empty → null), updates and deletes', async () => {
    const created = await as.gestor.post('/api/service-providers/info', providerBody());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ contacts: { phone1: '11987654321', phone2: null, phone3: '1133334444' }, riskManager: DEMO_IDS.riskManager });
    const id = created.json<Rec>()._id;
    const updated = await as.gestor.put(`/api/service-providers/info/${id}`, providerBody({ active: false, contacts: { phone1: '21912345678' } }));
    expect(updated.json()).toMatchObject({ active: false, contacts: { phone1: '21912345678', phone2: null, phone3: null } });
    expect((await as.gestor.del(`/api/service-providers/info/${id}`)).statusCode).toBe(204);
  });

  it('validates CNPJ and phones with the shared messages; operational users cannot write', async () => {
    const bad = await as.gestor.post('/api/service-providers/info', providerBody({ cnpj: '11111111111111', contacts: { phone1: '1234' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: ValidationIssue[] }>().errors).toEqual(
      expect.arrayContaining([
        { code: 'invalid_cnpj', path: 'cnpj', message: 'CNPJ inválido' },
        { code: 'invalid_phone', path: 'contacts.phone1', message: 'Celular inválido' },
      ]),
    );
    expect((await as.operador.post('/api/service-providers/info', providerBody())).statusCode).toBe(403);
  });

  it("a CNPJ is registered once per risk manager (409 'CNPJ já cadastrado'); another tenant may use it", async () => {
    expect((await as.gestor.post('/api/service-providers/info', providerBody())).statusCode).toBe(201);
    // The same CNPJ with its mask is the same company.
    const masked = providerBody().cnpj.replace(/^(..)(...)(...)(....)(..)$/, '$1.$2.$3/$4-$5');
    const again = await as.gestor.post('/api/service-providers/info', providerBody({ name: 'Outra', cnpj: masked }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'CNPJ já cadastrado' });
    const renamed = await as.gestor.put(`/api/service-providers/info/${DEMO_IDS.providerSul}`, providerBody({ name: 'Escolta Sul' }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ error: 'CNPJ já cadastrado' });
    expect((await as.norte.post('/api/service-providers/info', providerBody())).statusCode).toBe(201);
    const rows = await t.database.db.select().from(serviceProviders).where(eq(serviceProviders.cnpj, providerBody().cnpj));
    expect(rows.map((r) => r.riskManager).sort()).toEqual([DEMO_IDS.riskManager, DEMO_IDS.riskManagerNorte]);
  });

  it('a malformed provider id is a 400 from the route schema', async () => {
    const response = await as.gestor.put('/api/service-providers/info/nao-e-um-id', providerBody());
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: ValidationIssue[] }>().errors).toEqual([{ code: 'pattern', path: 'id', message: 'Formato inválido' }]);
    expect((await as.gestor.get('/api/service-providers/123/logins')).statusCode).toBe(400);
  });

  it("another tenant's provider is 404 and unchanged; a provider with logins cannot be deleted", async () => {
    expect((await as.norte.put(`/api/service-providers/info/${DEMO_IDS.provider}`, providerBody())).statusCode).toBe(404);
    expect((await as.norte.del(`/api/service-providers/info/${DEMO_IDS.provider}`)).statusCode).toBe(404);
    const inUse = await as.gestor.del(`/api/service-providers/info/${DEMO_IDS.provider}`);
    expect(inUse.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(serviceProviders).where(eq(serviceProviders.id, DEMO_IDS.provider));
    expect(row).toMatchObject({ name: 'Pronta Resposta Demo', active: true });
  });
});

describe('provider logins', () => {
  it('lists the logins of a visible provider only', async () => {
    const list = await as.gestor.get(`/api/service-providers/${DEMO_IDS.provider}/logins`);
    expect(list.json()).toEqual([
      { _id: prestadorId, name: 'Prestador Demo', email: 'prestador@demo.com.br', role: { type: 'service_provider', perfil: 'admin' }, active: true, riskManager: DEMO_IDS.riskManager, serviceProvider: DEMO_IDS.provider },
    ]);
    expect((await as.norte.get(`/api/service-providers/${DEMO_IDS.provider}/logins`)).statusCode).toBe(404);
    expect((await as.operador.get(`/api/service-providers/${DEMO_IDS.provider}/logins`)).statusCode).toBe(403);
  });

  it('creates a service_provider user bound to the provider and its tenant, whatever role the body claims', async () => {
    const created = await as.gestor.post('/api/service-providers/login', loginBody({ role: { type: 'admin', perfil: 'operational' }, riskManager: DEMO_IDS.riskManagerNorte }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      email: 'agente@guardarapida.com.br',
      role: { type: 'service_provider', perfil: 'operational' },
      riskManager: DEMO_IDS.riskManager,
      serviceProvider: DEMO_IDS.provider,
      active: true,
    });
    expect(await login(t.app, 'agente@guardarapida.com.br', 'Agente@2026')).toEqual(expect.any(String));
    expect((await as.gestor.post('/api/service-providers/login', loginBody())).json()).toEqual({ error: 'E-mail já cadastrado' });
  });

  it("refuses logins for another tenant's provider, ti logins from a risk-manager admin, and missing fields", async () => {
    const norteProvider = (await as.norte.post('/api/service-providers/info', providerBody())).json<Rec>();
    expect((await as.gestor.post('/api/service-providers/login', loginBody({ serviceProvider: norteProvider._id }))).statusCode).toBe(404);
    expect((await as.gestor.post('/api/service-providers/login', loginBody({ role: { perfil: 'ti' } }))).statusCode).toBe(403);
    const missing = await as.gestor.post('/api/service-providers/login', { serviceProvider: DEMO_IDS.provider, role: { perfil: 'admin' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: ValidationIssue[] }>().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'email', message: 'Preencha o e-mail do prestador' }),
        expect.objectContaining({ path: 'password', message: 'Preencha a senha para o login' }),
      ]),
    );
    expect(await t.database.db.select().from(users).where(eq(users.serviceProvider, norteProvider._id))).toEqual([]);
  });

  it('updates perfil and active from {id, role, active}; deactivation revokes the session; then deletes', async () => {
    expect((await as.prestador.get('/api/admin/causes')).statusCode).toBe(200);
    const updated = await as.gestor.put(`/api/service-providers/login/${prestadorId}`, { id: prestadorId, role: { perfil: 'operational' }, active: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ role: { type: 'service_provider', perfil: 'operational' }, active: false, email: 'prestador@demo.com.br' });
    expect((await as.prestador.get('/api/admin/causes')).statusCode).toBe(401);
    expect((await as.gestor.del(`/api/service-providers/login/${prestadorId}`)).statusCode).toBe(204);
    expect((await as.gestor.get(`/api/service-providers/${DEMO_IDS.provider}/logins`)).json()).toEqual([]);
  });

  it('updates from the product’s payload {id, role} alone, keeping the stored active', async () => {
    const response = await as.gestor.put(`/api/service-providers/login/${prestadorId}`, { id: prestadorId, role: { perfil: 'operational' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: { type: 'service_provider', perfil: 'operational' }, active: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, prestadorId));
    expect(row).toMatchObject({ perfil: 'operational', active: true, tokenVersion: 0 });
    // A present active must still be a boolean.
    const bad = await as.gestor.put(`/api/service-providers/login/${prestadorId}`, { id: prestadorId, role: { perfil: 'admin' }, active: 'talvez' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: ValidationIssue[] }>().errors).toEqual([expect.objectContaining({ path: 'active' })]);
  });

  it('a login password under 8 characters is refused with the shared message', async () => {
    const response = await as.gestor.post('/api/service-providers/login', loginBody({ password: '1234567' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'too_small', path: 'password', message: 'A senha deve ter ao menos 8 caracteres' }] });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'agente@guardarapida.com.br'))).toEqual([]);
  });

  it('a risk-manager user id is not a provider login; another tenant cannot touch a login', async () => {
    const operadorId = DEMO_USERS.find((u) => u.email === 'operador@demo.com.br')!.id;
    expect((await as.gestor.put(`/api/service-providers/login/${operadorId}`, { role: { perfil: 'admin' }, active: true })).statusCode).toBe(404);
    expect((await as.norte.put(`/api/service-providers/login/${prestadorId}`, { role: { perfil: 'operational' }, active: false })).statusCode).toBe(404);
    expect((await as.norte.del(`/api/service-providers/login/${prestadorId}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, prestadorId));
    expect(row).toMatchObject({ perfil: 'admin', active: true, tokenVersion: 0 });
  });
});
