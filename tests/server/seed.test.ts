import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isValidCnpj } from '../../src/domain/validators/cnpj';
import type { Database } from '../../server/db/client';
import { DEMO_IDS } from '../../server/db/demoIds';
import { cities, serviceProviders, shippers, states } from '../../server/db/schema';
import { seedDemo } from '../../server/db/seed';
import { createTestDatabase } from './helpers';

/** The demo seed (issues 2 and 3) is data people and tests rely on: it must itself be valid. */

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
