import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers (PGlite embedded, node-postgres for a real server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** PGlite only: an image of the data directory (dumpDataDir), taken between two statements (backups). */
  dump?: () => Promise<Blob>;
  /** How busy the connections are right now (the metrics' database pool gauges). */
  poolStats: () => PoolStats;
  close(): Promise<void>;
}

/** Connections open, busy, and requests waiting for one. PGlite is one connection serving one statement at a time. */
export interface PoolStats {
  total: number;
  active: number;
  waiting: number;
}


export interface OpenOptions {
  /** postgres:// URL → pg; otherwise PGlite at `dataDir` (undefined → in memory). */
  databaseUrl?: string | null;
  dataDir?: string;
  /** PGlite starts from this data directory dump (PGlite's dumpDataDir) instead of an empty cluster:
   * in memory, the tests start each file from one migrated copy, which skips PGlite's initdb; with
   * an empty `dataDir`, a backup is restored into it. */
  template?: Blob;
  /** Sees every statement Drizzle runs (tests compare what two requests ask of the database). */
  onQuery?: (query: string, params: unknown[]) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const onQuery = options.onQuery;
  const logger = onQuery ? { logQuery: onQuery } : undefined;
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      driver: 'pg',
      poolStats: () => ({ total: pool.totalCount, active: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  // PGlite on its own thread (pgliteThread.ts): its statements no longer hold the requests served from memory.
  const { PgliteThread } = await import('./pgliteThread');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PgliteThread.open({ dataDir: options.dataDir, template: options.template ? await options.template.arrayBuffer() : undefined });
  // drizzle's PGlite driver asks of its client only what PgliteThread answers (query, transaction).
  const db = drizzle({ client: client as unknown as PGlite, schema, logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    dump: () => client.dumpDataDir(),
    poolStats: () => {
      const calls = client.pending;
      return { total: 1, active: Math.min(calls, 1), waiting: Math.max(calls - 1, 0) };
    },
    close: () => client.close(),
  };
}
