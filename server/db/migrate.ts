import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
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
