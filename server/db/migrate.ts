import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import type { Database, Db } from './client';
import { sealEventChains } from './eventChain';

/** The schema's migrations (drizzle-kit) run at startup; apart from client.ts so that eventChain.ts, which needs the Db type, and the client do not import each other. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.driver === 'pg') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // The cast narrows the shared Db type back to the driver that opened it.
    await migrate(database.db as never, config);
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, config);
  }
  // Events written before the hash chain (migration 0015) get their hashes once, in order.
  await sealEventChains(database.db);
}

/** The newest migration's timestamp (meta/_journal.json), which drizzle records as created_at once it ran. */
const LAST_MIGRATION: number = (
  JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }
).entries.reduce((last, entry) => Math.max(last, entry.when), 0);

/** True when every migration of this build has run on the database (readiness: an older schema would answer wrongly). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const last = (result as { rows: { last: string | null }[] }).rows[0]?.last;
  return last !== null && last !== undefined && Number(last) >= LAST_MIGRATION;
}
