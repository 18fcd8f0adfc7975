import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { newId } from '../server/db/ids';
import { cities, states } from '../server/db/schema';
import { seedDemo } from '../server/demo/seed';

const UFS = ['Acre', 'Alagoas', 'Amapá', 'Amazonas', 'Bahia', 'Ceará', 'Distrito Federal', 'Espírito Santo', 'Goiás', 'Maranhão', 'Mato Grosso', 'Mato Grosso do Sul', 'Minas Gerais', 'Pará', 'Paraíba', 'Paraná', 'Pernambuco', 'Piauí', 'Rio de Janeiro', 'Rio Grande do Norte', 'Rio Grande do Sul', 'Rondônia', 'Roraima', 'Santa Catarina', 'São Paulo', 'Sergipe', 'Tocantins'];
const PREFIX = ['São', 'Santa', 'Nova', 'Porto', 'Campo', 'Vila', 'Bom', 'Alto', 'Rio', 'Serra', 'Lagoa', 'Monte'];
const STEM = ['Jardim', 'Esperança', 'Aurora', 'Cruz', 'Vista', 'Alegre', 'Grande', 'Verde', 'Bonito', 'Fé', 'Pedra', 'Barra', 'Palmas', 'Cedro', 'Ipê', 'Itaúna', 'Mirim', 'Guaçu'];

/**
 * Fills a data dir (through the real DB layer: migrations, demo seed, Drizzle inserts) up to `total`
 * cities spread over the 27 states, with names in a pseudo-random order so that every sort column
 * reorders the list. Deterministic: the same rows on every run.
 */
export async function seedCities(dataDir: string, total = 5000): Promise<number> {
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
    const db = database.db;
    let stateRows = await db.select({ id: states.id }).from(states);
    if (stateRows.length === 0) {
      stateRows = UFS.map((name) => ({ id: newId(), name }));
      await db.insert(states).values(stateRows as { id: string; name: string }[]);
    }
    const cityCount = async () => (await db.select({ n: count() }).from(cities))[0]?.n ?? 0;
    const n = await cityCount();
    let seed = 20240601;
    const random = (size: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % size;
    };
    const stateAt = (index: number) => {
      const state = stateRows[index];
      if (!state) throw new Error(`no state at ${index}`);
      return state;
    };
    const rows = Array.from({ length: Math.max(0, total - n) }, (_, i) => ({
      id: newId(),
      name: `${PREFIX[random(PREFIX.length)]} ${STEM[random(STEM.length)]} ${String(random(100000)).padStart(5, '0')}-${i}`,
      state: stateAt(random(stateRows.length)).id,
      active: random(10) > 0,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.insert(cities).values(rows.slice(i, i + 500));
    return await cityCount();
  } finally {
    await database.close();
  }
}
