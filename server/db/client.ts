import { mkdirSync } from 'node:fs';
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
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.template
    ? options.dataDir
      ? await PGlite.create(options.dataDir, { loadDataDir: options.template })
      : await PGlite.create({ loadDataDir: options.template })
    : await PGlite.create(options.dataDir);
  const inFlight = countCalls(client, ['query', 'exec', 'transaction']);
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    dump: () => client.dumpDataDir('none'),
    poolStats: () => {
      const calls = inFlight();
      return { total: 1, active: Math.min(calls, 1), waiting: Math.max(calls - 1, 0) };
    },
    close: () => client.close(),
  };
}

/**
 * Counts the calls of `methods` (promise-returning) not yet settled: PGlite runs one at a time and
 * queues the rest, so more than one means requests are waiting for the database.
 */
function countCalls(target: object, methods: string[]): () => number {
  let open = 0;
  const settle = () => {
    open--;
  };
  const calls = target as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of methods) {
    const original = calls[method]!.bind(target);
    calls[method] = (...args) => {
      open++;
      return original(...args).finally(settle);
    };
  }
  return () => open;
}
