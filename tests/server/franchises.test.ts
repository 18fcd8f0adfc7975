import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cnpjCheckDigits } from '../../src/domain/validators/cnpj';
import { franchisePlans, franchises, shippers } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/seed';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import type { TestApp } from './helpers';
import { useCatalogueApp, type Account, type Client } from './catalogueClient';
import type { ValidationIssue } from '../../src/domain/apiErrors';

/** Shippers, services ("Serviços e Franquias") and both kinds of franchise plans. */

let t: TestApp;
let as: Record<Account, Client>;

useCatalogueApp((app, clients) => {
  t = app;
  as = clients;
});

const IN_USE = 'Registro em uso por outros cadastros. Desative-o em vez de excluir.';
const cnpj = (base: string) => base + cnpjCheckDigits(base);
type Rec = Record<string, unknown> & { _id: string };

/** A valid plan body; money in cents. */
const planBody = (extra: Record<string, unknown>) => ({
  franchise_plan: CATALOGUE_IDS.serviceArmada,
  name: 'Plano teste',
  price: 123456,
  limits: { distance: 80, intervalType: 'start_place', hourIntervalType: 'arrivalOnPlace_endOnPlace', time: '02:30' },
  overages: { chargeType: 'full_time', distancePrice: 275, hourPrice: 9950 },
  toll: { toCharge: false, price: 999 },
  active: false,
  ...extra,
});

describe('shippers', () => {
  it('creates with a masked CNPJ stored unformatted and upper-case, edits and deletes', async () => {
    const numeric = cnpj('114447770001');
    const created = await as.gestor.post('/api/admin/shippers', {
      name: 'Mercado Central',
      legalName: 'Mercado Central Ltda',
      cnpj: `${numeric.slice(0, 2)}.${numeric.slice(2, 5)}.${numeric.slice(5, 8)}/${numeric.slice(8, 12)}-${numeric.slice(12)}`,
      active: true,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      _id: expect.any(String) as unknown,
      name: 'Mercado Central',
      legalName: 'Mercado Central Ltda',
      cnpj: numeric,
      active: true,
      riskManager: DEMO_IDS.riskManager,
    });
    const alpha = cnpj('AB12CD340001');
    const id = created.json<Rec>()._id;
    const updated = await as.gestor.put(`/api/admin/shippers/${id}`, { name: 'Mercado Central', legalName: 'Mercado Central Ltda', cnpj: alpha.toLowerCase(), active: true });
    expect(updated.json<Rec>().cnpj).toBe(alpha);
    expect((await as.gestor.del(`/api/admin/shippers/${id}`)).statusCode).toBe(204);
  });

  it("refuses an invalid CNPJ with 'CNPJ inválido' and a duplicate one in the same tenant with 409", async () => {
    const bad = await as.gestor.post('/api/admin/shippers', { name: 'X', legalName: 'X Ltda', cnpj: '33.683.930/0001-47', active: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: [{ code: 'invalid_cnpj', path: 'cnpj', message: 'CNPJ inválido' }] });

    const duplicate = await as.gestor.post('/api/admin/shippers', { name: 'Outro', legalName: 'Outro Ltda', cnpj: '33683930000146', active: true });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'CNPJ já cadastrado' });
    // Another tenant may register the same company.
    expect((await as.norte.post('/api/admin/shippers', { name: 'Andrade', legalName: 'Andrade S.A.', cnpj: '33683930000146', active: true })).statusCode).toBe(201);
  });

  it('deleting a shipper that has franchise plans is 409 and deletes nothing; one without plans goes', async () => {
    const response = await as.gestor.del(`/api/admin/shippers/${CATALOGUE_IDS.shipperAndrade}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: IN_USE });
    expect(await t.database.db.select().from(shippers).where(eq(shippers.id, CATALOGUE_IDS.shipperAndrade))).toHaveLength(1);
    expect(await t.database.db.select().from(franchisePlans).where(eq(franchisePlans.shipper, CATALOGUE_IDS.shipperAndrade))).toHaveLength(2);
    expect((await as.gestor.del(`/api/admin/shippers/${CATALOGUE_IDS.shipperNexa}`)).statusCode).toBe(204);
  });

  it("another tenant's shipper is 404 for read of its plans, update and delete, and stays unchanged", async () => {
    const url = `/api/admin/shippers/${CATALOGUE_IDS.shipperVale}`;
    expect((await as.norte.put(url, { name: 'Roubado', legalName: 'Roubado', cnpj: '07626028000188', active: false })).statusCode).toBe(404);
    expect((await as.norte.del(url)).statusCode).toBe(404);
    expect((await as.norte.get(`${url}/franchises`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(shippers).where(eq(shippers.id, CATALOGUE_IDS.shipperVale));
    expect(row).toMatchObject({ name: 'Vale Eletrônicos', active: true, riskManager: DEMO_IDS.riskManager });
    expect((await as.norte.get('/api/admin/shippers')).json<Rec[]>().map((s) => s.name)).toEqual(['Amazônia Pescados']);
  });
});

describe('shipper franchise plans', () => {
  it('lists a shipper’s plans the same way on the admin and billing bases', async () => {
    const admin = await as.gestor.get(`/api/admin/shippers/${CATALOGUE_IDS.shipperAndrade}/franchises`);
    const billing = await as.gestor.get(`/api/v1/billing/shipper/${CATALOGUE_IDS.shipperAndrade}`);
    expect(admin.json()).toEqual(billing.json());
    const plan = billing.json<Rec[]>().find((p) => p._id === CATALOGUE_IDS.planAndrade);
    expect(plan).toEqual({
      _id: CATALOGUE_IDS.planAndrade,
      riskManager: DEMO_IDS.riskManager,
      shipper: CATALOGUE_IDS.shipperAndrade,
      shipperName: 'Andrade Alimentos',
      franchise_plan: CATALOGUE_IDS.serviceArmada,
      name: 'Pronta resposta padrão',
      price: 45000,
      limits: { distance: 100, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '03:00' },
      overages: { chargeType: 'fraction_time', distancePrice: 250, hourPrice: 9000 },
      toll: { price: 0, toCharge: false },
      active: true,
    });
  });

  it('creates (toll price forced to 0 when not charged, active always true), updates and deletes', async () => {
    const created = await as.gestor.post('/api/v1/billing/shipper', planBody({ shipper: CATALOGUE_IDS.shipperVale }));
    expect(created.statusCode).toBe(201);
    const plan = created.json<Rec>();
    expect(plan).toMatchObject({ shipper: CATALOGUE_IDS.shipperVale, shipperName: 'Vale Eletrônicos', price: 123456, toll: { price: 0, toCharge: false }, active: true });

    const updated = await as.gestor.put(
      `/api/v1/billing/shipper/${plan._id}`,
      planBody({ _id: plan._id, shipper: CATALOGUE_IDS.shipperVale, name: 'Plano com pedágio', toll: { toCharge: true, price: 1590 } }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Plano com pedágio', toll: { price: 1590, toCharge: true } });
    expect((await as.gestor.del(`/api/v1/billing/shipper/${plan._id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(franchisePlans).where(eq(franchisePlans.id, plan._id))).toEqual([]);
  });

  it("refuses plans on another tenant's shipper or service (404) and invalid money (400)", async () => {
    const before = (await t.database.db.select().from(franchisePlans)).length;
    expect((await as.norte.post('/api/v1/billing/shipper', planBody({ shipper: CATALOGUE_IDS.shipperAndrade, franchise_plan: CATALOGUE_IDS.serviceNorte }))).statusCode).toBe(404);
    expect((await as.gestor.post('/api/v1/billing/shipper', planBody({ shipper: CATALOGUE_IDS.shipperAndrade, franchise_plan: CATALOGUE_IDS.serviceNorte }))).statusCode).toBe(404);
    const bad = await as.gestor.post('/api/v1/billing/shipper', planBody({ shipper: CATALOGUE_IDS.shipperAndrade, price: -1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: unknown[] }>().errors).toEqual([
      expect.objectContaining({ path: 'price', message: 'O valor do atendimento deve ser maior que zero' }),
    ]);
    expect((await as.operador.post('/api/v1/billing/shipper', planBody({ shipper: CATALOGUE_IDS.shipperAndrade }))).statusCode).toBe(403);
    expect((await t.database.db.select().from(franchisePlans)).length).toBe(before);
  });

  it("refuses integers above 2147483647 (the database's int4) with 'Valor máximo', never a 500", async () => {
    const before = (await t.database.db.select().from(franchisePlans)).length;
    const tooBig = 2147483648;
    const response = await as.gestor.post(
      '/api/v1/billing/shipper',
      planBody({
        shipper: CATALOGUE_IDS.shipperAndrade,
        price: tooBig,
        limits: { distance: tooBig, intervalType: 'start_end', hourIntervalType: 'start_endOnPlace', time: '01:00' },
        overages: { chargeType: 'full_time', distancePrice: tooBig, hourPrice: 2147483647 },
        toll: { toCharge: true, price: tooBig },
      }),
    );
    expect(response.statusCode).toBe(400);
    const message = 'Valor máximo: 2147483647';
    const errors = response.json<{ errors: { path: string }[] }>().errors;
    expect([...errors].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { code: 'too_big', path: 'limits.distance', message },
      { code: 'too_big', path: 'overages.distancePrice', message },
      { code: 'too_big', path: 'price', message },
      { code: 'too_big', path: 'toll.price', message },
    ]);
    expect((await t.database.db.select().from(franchisePlans)).length).toBe(before);
    // The largest int4 itself is stored.
    const largest = await as.gestor.post('/api/v1/billing/shipper', planBody({ shipper: CATALOGUE_IDS.shipperAndrade, price: 2147483647 }));
    expect(largest.statusCode).toBe(201);
    expect(largest.json<Rec>().price).toBe(2147483647);
  });

  it("a shipper plan id is not a provider plan, and another tenant's plan is 404 and unchanged", async () => {
    const body = planBody({ shipper: CATALOGUE_IDS.shipperAndrade, serviceProvider: null });
    expect((await as.gestor.put(`/api/v1/billing/serviceProvider/${CATALOGUE_IDS.planAndrade}`, body)).statusCode).toBe(404);
    expect((await as.norte.put(`/api/v1/billing/shipper/${CATALOGUE_IDS.planAndrade}`, body)).statusCode).toBe(404);
    expect((await as.norte.del(`/api/v1/billing/shipper/${CATALOGUE_IDS.planAndrade}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(franchisePlans).where(eq(franchisePlans.id, CATALOGUE_IDS.planAndrade));
    expect(row).toMatchObject({ name: 'Pronta resposta padrão', priceCents: 45000 });
  });
});

describe('services and provider plans', () => {
  it('services: list, create, validation, admin must name the tenant, 409 when plans use it', async () => {
    expect((await as.gestor.get('/api/v1/billing/franchise')).json<Rec[]>().map((s) => s.name)).toEqual(['Averiguação', 'Escolta veicular', 'Pronta resposta armada']);
    const created = await as.gestor.post('/api/v1/billing/franchise', { name: 'Vigilância velada', type: 'service_provider', active: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Vigilância velada', type: 'service_provider', riskManager: DEMO_IDS.riskManager });
    expect((await as.gestor.post('/api/v1/billing/franchise', { name: 'X', type: 'outro', active: true })).json<{ errors: ValidationIssue[] }>().errors[0]).toMatchObject({ code: 'invalid_enum_value', path: 'type' });
    expect((await as.admin.post('/api/v1/billing/franchise', { name: 'X', type: 'service_provider', active: true })).json<{ errors: ValidationIssue[] }>().errors[0]?.code).toBe('missingRiskManager');

    const inUse = await as.gestor.del(`/api/v1/billing/franchise/${CATALOGUE_IDS.serviceArmada}`);
    expect(inUse.statusCode).toBe(409);
    expect(await t.database.db.select().from(franchises).where(eq(franchises.id, CATALOGUE_IDS.serviceArmada))).toHaveLength(1);
    expect((await as.gestor.del(`/api/v1/billing/franchise/${created.json<Rec>()._id}`)).statusCode).toBe(204);
  });

  it("lists a service's provider plans with 'Todos' for the plan of every provider", async () => {
    const list = (await as.gestor.get(`/api/v1/billing/franchise/${CATALOGUE_IDS.serviceArmada}/serviceProviders`)).json<Rec[]>();
    expect(list.map((p) => [p.serviceProvider, p.serviceProviderName])).toEqual([
      [DEMO_IDS.provider, 'Pronta Resposta Demo'],
      [null, 'Todos'],
    ]);
    expect((await as.norte.get(`/api/v1/billing/franchise/${CATALOGUE_IDS.serviceArmada}/serviceProviders`)).statusCode).toBe(404);
  });

  it("creates plans for 'Todos' and for a provider of the tenant, never for another tenant's provider", async () => {
    const all = await as.gestor.post('/api/v1/billing/serviceProvider', planBody({ serviceProvider: null, franchise_plan: CATALOGUE_IDS.serviceEscolta }));
    expect(all.statusCode).toBe(201);
    expect(all.json()).toMatchObject({ serviceProvider: null, serviceProviderName: 'Todos', franchise_plan: CATALOGUE_IDS.serviceEscolta });
    const one = await as.gestor.post('/api/v1/billing/serviceProvider', planBody({ serviceProvider: DEMO_IDS.providerSul }));
    expect(one.json()).toMatchObject({ serviceProvider: DEMO_IDS.providerSul, serviceProviderName: 'Escolta Sul' });
    expect((await as.gestor.put(`/api/v1/billing/serviceProvider/${one.json<Rec>()._id}`, planBody({ serviceProvider: DEMO_IDS.providerSul, price: 1 }))).json<Rec>().price).toBe(1);

    const norteProvider = await as.norte.post('/api/service-providers/info', {
      name: 'Resgate Norte', legalName: 'Resgate Norte Ltda', cnpj: cnpj('223334440001'), active: true, contacts: { phone1: '(92) 98888-7777' },
    });
    expect(norteProvider.statusCode).toBe(201);
    const foreign = await as.gestor.post('/api/v1/billing/serviceProvider', planBody({ serviceProvider: norteProvider.json<Rec>()._id }));
    expect(foreign.statusCode).toBe(404);
    const missing = await as.gestor.post('/api/v1/billing/serviceProvider', planBody({}));
    expect(missing.json<{ errors: ValidationIssue[] }>().errors).toEqual([expect.objectContaining({ path: 'serviceProvider' })]);
  });

  it('operational and ti users get 403 on writes to services and provider plans, and nothing changes', async () => {
    const services = (await t.database.db.select().from(franchises)).length;
    const plans = (await t.database.db.select().from(franchisePlans)).length;
    for (const who of ['operador', 'ti'] as const) {
      expect((await as[who].post('/api/v1/billing/franchise', { name: 'Proibido', type: 'service_provider', active: true })).statusCode).toBe(403);
      expect((await as[who].post('/api/v1/billing/serviceProvider', planBody({ serviceProvider: null }))).statusCode).toBe(403);
      expect((await as[who].put(`/api/v1/billing/franchise/${CATALOGUE_IDS.serviceArmada}`, { name: 'Proibido', type: 'service_provider', active: true })).statusCode).toBe(403);
      expect((await as[who].del(`/api/v1/billing/serviceProvider/${CATALOGUE_IDS.planProvidersAll}`)).statusCode).toBe(403);
    }
    expect((await t.database.db.select().from(franchises)).length).toBe(services);
    expect((await t.database.db.select().from(franchisePlans)).length).toBe(plans);
  });

  it('a malformed id on the billing base is a 400 from the route schema', async () => {
    for (const url of ['/api/v1/billing/shipper/xyz', '/api/v1/billing/franchise/xyz/serviceProviders', '/api/v1/billing/riskManager/xyz/serviceProviders']) {
      const response = await as.gestor.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ errors: [{ code: 'pattern', path: 'id', message: 'Formato inválido' }] });
    }
    expect((await as.gestor.put('/api/v1/billing/serviceProvider/xyz', planBody({ serviceProvider: null }))).statusCode).toBe(400);
    expect((await as.gestor.get('/api/admin/shippers/xyz/franchises')).statusCode).toBe(400);
  });

  it('riskManager/:id/serviceProviders lists a tenant’s providers to that tenant and to admins', async () => {
    const own = await as.gestor.get(`/api/v1/billing/riskManager/${DEMO_IDS.riskManager}/serviceProviders`);
    expect(own.json()).toEqual([
      { _id: DEMO_IDS.providerSul, name: 'Escolta Sul' },
      { _id: DEMO_IDS.provider, name: 'Pronta Resposta Demo' },
    ]);
    expect((await as.norte.get(`/api/v1/billing/riskManager/${DEMO_IDS.riskManager}/serviceProviders`)).statusCode).toBe(404);
    expect((await as.admin.get(`/api/v1/billing/riskManager/${DEMO_IDS.riskManagerNorte}/serviceProviders`)).json()).toEqual([]);
    expect((await as.prestador.get(`/api/v1/billing/riskManager/${DEMO_IDS.riskManager}/serviceProviders`)).statusCode).toBe(403);
  });
});
