/**
 * PGlite's stand-in for autovacuum (server/db/tableMaintenance.ts): a table past the analyze
 * threshold is analyzed, one past the dead-row threshold vacuumed, and a table nobody changed is
 * left alone. Each change is made with pg_stat_force_next_flush() in its transaction, so the
 * counters are there when the pass reads them (as they are on a server after a second). On a real
 * PostgreSQL (npm run test:pg) the probe table opts out of autovacuum, which would race the pass.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { maintainTables } from '../../server/db/tableMaintenance';
import { createTestDatabase } from './helpers';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table maintenance_probe (id int primary key, v text) with (autovacuum_enabled = false)`);
  await database.db.execute(sql`analyze`);
}, 120_000);
afterAll(async () => database?.close());

async function changed(statement: ReturnType<typeof sql>) {
  await database.db.transaction(async (tx) => {
    await tx.execute(statement);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

async function probeStats() {
  const result = await database.db.execute(sql`select n_dead_tup::int as dead, n_mod_since_analyze::int as modified,
      (select reltuples::int from pg_class where relname = 'maintenance_probe') as planned
    from pg_stat_user_tables where relname = 'maintenance_probe'`);
  return (result as { rows: { dead: number; modified: number; planned: number }[] }).rows[0];
}

describe('PGlite table maintenance', () => {
  it('analyzes a table whose rows changed, vacuums one full of dead rows, and leaves the rest alone', async () => {
    const db = database.db;
    await changed(sql`insert into maintenance_probe select g, 'a' from generate_series(1, 2000) g`);
    expect((await probeStats())?.modified).toBe(2000);

    const first = await maintainTables(db);
    expect(first.filter((s) => s.table === 'maintenance_probe').map((s) => s.action)).toEqual(['analyze']);
    // The planner now knows the rows; nothing else was due after the start's ANALYZE.
    expect(await probeStats()).toMatchObject({ modified: 0, planned: 2000 });
    expect(first.map((s) => s.table)).toEqual(['maintenance_probe']);

    // Under the threshold (50 + 10% of 2,000): nothing to do.
    await changed(sql`update maintenance_probe set v = 'b' where id <= 100`);
    expect(await maintainTables(db)).toEqual([]);

    await changed(sql`update maintenance_probe set v = 'c' where id <= 1500`);
    expect((await probeStats())?.dead).toBeGreaterThan(1500);
    const second = await maintainTables(db);
    expect(second.map((s) => [s.table, s.action])).toEqual([['maintenance_probe', 'vacuum analyze']]);
    expect(await probeStats()).toMatchObject({ dead: 0, modified: 0 });
    expect(await maintainTables(db)).toEqual([]);
  });
});
