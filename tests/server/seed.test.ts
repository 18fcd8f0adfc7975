import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { isValidCnpj } from '../../src/domain/validators/cnpj';
import type { Database } from '../../server/db/client';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { BILLING_TARGETS, hasBilling, isBilledFor } from '../../src/domain/billing/access';
import { cities, missionAgents, missionBillings, missionEvents, missions, proposals, serviceProviders, shippers, states } from '../../server/db/schema';
import { seedDemo } from '../../server/demo/seed';
import { createTestDatabase } from './helpers';

/** The demo seed (docs/operations/running.md) is data people and tests rely on: it must itself be valid. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemo(database.db)).toBe(true);
}, 60_000);
afterAll(() => database?.close());

/** The 27 federative units and their capitals (IBGE). */
const CAPITALS: Record<string, string> = {
  Acre: 'Rio Branco',
  Alagoas: 'Maceió',
  Amapá: 'Macapá',
  Amazonas: 'Manaus',
  Bahia: 'Salvador',
  Ceará: 'Fortaleza',
  'Distrito Federal': 'Brasília',
  'Espírito Santo': 'Vitória',
  Goiás: 'Goiânia',
  Maranhão: 'São Luís',
  'Mato Grosso': 'Cuiabá',
  'Mato Grosso do Sul': 'Campo Grande',
  'Minas Gerais': 'Belo Horizonte',
  Pará: 'Belém',
  Paraíba: 'João Pessoa',
  Paraná: 'Curitiba',
  Pernambuco: 'Recife',
  Piauí: 'Teresina',
  'Rio de Janeiro': 'Rio de Janeiro',
  'Rio Grande do Norte': 'Natal',
  'Rio Grande do Sul': 'Porto Alegre',
  Rondônia: 'Porto Velho',
  Roraima: 'Boa Vista',
  'Santa Catarina': 'Florianópolis',
  'São Paulo': 'São Paulo',
  Sergipe: 'Aracaju',
  Tocantins: 'Palmas',
};

describe('demo seed', () => {
  it('every seeded CNPJ (shippers and providers) passes the shared validator', async () => {
    const rows = [
      ...(await database.db.select({ cnpj: shippers.cnpj }).from(shippers)),
      ...(await database.db.select({ cnpj: serviceProviders.cnpj }).from(serviceProviders)),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => !isValidCnpj(r.cnpj))).toEqual([]);
  });

  it('has the 27 states, each with its capital among its cities', async () => {
    const seeded = await database.db.select({ id: states.id, name: states.name }).from(states);
    expect(seeded.map((s) => s.name).sort()).toEqual(Object.keys(CAPITALS).sort());
    for (const state of seeded) {
      const names = (await database.db.select({ name: cities.name }).from(cities).where(eq(cities.state, state.id))).map((c) => c.name);
      expect(names, state.name).toContain(CAPITALS[state.name]);
    }
  });

  it('gives the demo providers the shared fixed ids', async () => {
    const ids = (await database.db.select({ id: serviceProviders.id }).from(serviceProviders)).map((r) => r.id).sort();
    expect(ids).toEqual([DEMO_IDS.provider, DEMO_IDS.providerSul].sort());
  });
});

describe('demo missions', () => {
  it('cover every status and row action of the demo tenant, each with its history', async () => {
    const db = database.db;
    const rows = await db.select().from(missions).where(eq(missions.riskManager, DEMO_IDS.riskManager));
    const props = await db.select().from(proposals);
    const events = await db.select().from(missionEvents).orderBy(asc(missionEvents.seq));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['open', 'started', 'finished', 'billed_shipper', 'billed', 'canceled']));
    const proposalsOf = (id: string) => props.filter((p) => p.mission === id);
    const open = rows.filter((r) => r.status === 'open');
    expect(open.some((r) => proposalsOf(r.id).length === 0)).toBe(true);
    expect(open.some((r) => proposalsOf(r.id).length > 0)).toBe(true);
    expect(rows.some((r) => r.status === 'started' && r.finishingAsked)).toBe(true);
    // Escolta Sul lost one: another provider holds it and its proposal was rejected.
    const lost = rows.filter((r) =>
      proposalsOf(r.id).some((p) => p.serviceProvider === DEMO_IDS.providerSul && p.status === 'rejected') && r.serviceProvider === DEMO_IDS.provider,
    );
    expect(lost).toHaveLength(1);
    for (const mission of rows) {
      const history = events.filter((e) => e.mission === mission.id);
      expect(history[0]?.action, mission.id).toBe('created');
      const last = history.filter((e) => e.toStatus !== null).at(-1);
      // The log's last status matches the row, billing included.
      expect(last?.toStatus, mission.id).toBe(mission.status);
    }
  });

  it('give every finished or billed mission its agents and both billing sides, billed as its status says', async () => {
    const db = database.db;
    const rows = await db.select().from(missions).where(eq(missions.riskManager, DEMO_IDS.riskManager));
    const sides = await db.select().from(missionBillings);
    const agents = await db.select().from(missionAgents);
    const billable = rows.filter((r) => hasBilling(r.status));
    expect(billable.map((r) => r.status).sort()).toEqual(['billed', 'billed_shipper', 'finished']);
    expect(new Set(sides.map((s) => s.mission))).toEqual(new Set(billable.map((r) => r.id)));
    for (const mission of billable) {
      expect(agents.some((a) => a.mission === mission.id), mission.id).toBe(true);
      for (const type of BILLING_TARGETS) {
        const side = sides.find((s) => s.mission === mission.id && s.type === type);
        expect(side?.company, `${mission.id} ${type}`).toBe(type === 'shipper' ? mission.shipper : mission.serviceProvider);
        const billed = isBilledFor(mission.status, type);
        expect(side?.status, `${mission.id} ${type}`).toBe(billed ? 'billed' : 'priced');
        expect(side?.billedAt !== null && side?.billedBy !== null, `${mission.id} ${type}`).toBe(billed);
        // Priced over the seeded agents: the franchise price at least, and some usage.
        expect(side?.finalCostCents).toBeGreaterThanOrEqual(side?.priceCents ?? Infinity);
        expect(side?.distanceUsageMetres).toBeGreaterThan(0);
      }
    }
  });
});
