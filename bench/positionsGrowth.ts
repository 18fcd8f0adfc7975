import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../server/db/client';

/**
 * What positions cost on disk (docs/rules/positions.md, "Guarda"): the positions table with its
 * indexes (pg_total_relation_size: heap, the BRIN on the fix time, the btree by device and time),
 * measured on the database the bench's server used, after it stopped. Two figures: the rows the
 * intake stored during the run (their size over an empty table of the same definition), and a
 * bulk insert of `bulk` rows of the same shape — the fleet's devices in turn, one fix each every
 * 30 s, coordinates and readings varying as a moving team's do — an INSERT … SELECT, because the
 * intake stores a few hundred a second at most on this machine (the trigger that announces each
 * row runs as for the intake's).
 */

export interface Growth {
  /** Positions the intake stored during the run and their bytes above an empty table. */
  intake: { rows: number; bytes: number };
  bulk: { rows: number; bytes: number; seconds: number };
}

async function one<T>(database: Database, query: SQL): Promise<T> {
  const result = await database.db.execute(query);
  const [row] = (result as { rows: T[] }).rows;
  if (!row) throw new Error('consulta sem linha');
  return row;
}

const sizeOf = (database: Database) =>
  one<{ bytes: string | number; rows: string | number }>(database, sql`select pg_total_relation_size('positions') as bytes, (select count(*) from positions) as rows`).then((r) => ({
    bytes: Number(r.bytes),
    rows: Number(r.rows),
  }));

/** The bytes of an empty table with the positions table's columns, constraints and indexes. */
async function emptyBytes(database: Database): Promise<number> {
  await database.db.execute(sql`create temp table positions_empty (like positions including all)`);
  try {
    return Number((await one<{ bytes: string | number }>(database, sql`select pg_total_relation_size('positions_empty') as bytes`)).bytes);
  } finally {
    await database.db.execute(sql`drop table positions_empty`);
  }
}

/** Rows per statement of the bulk insert. */
const BATCH = 20_000;

export async function positionsGrowth(database: Database, bulk: number): Promise<Growth> {
  const empty = await emptyBytes(database);
  const before = await sizeOf(database);
  const { keys } = await one<{ keys: number[] }>(database, sql`select array_agg(key order by key) as keys from tracker_devices where revoked_at is null`);
  // As an array literal: drizzle would spread a JS array into a list of parameters.
  const deviceKeys = `{${keys.join(',')}}`;
  const started = performance.now();
  const from = Date.now() - 24 * 3600 * 1000;
  for (let start = 0; start < bulk; start += BATCH) {
    const end = Math.min(bulk, start + BATCH);
    await database.db.execute(sql`insert into positions (device_key, fixed_at, received_at, lat_e7, lon_e7, speed_kmh, bearing, altitude, accuracy, battery)
      select (${deviceKeys}::int[])[1 + i % ${keys.length}], f.at, f.at + interval '1.2 s',
        -234700000 + (i * 37) % 2000000, -465800000 + (i * 11) % 2000000,
        (i % 90)::real, ((i * 7) % 360)::real, (700 + i % 120)::real, (5 + i % 20)::real, (100 - i % 90)::smallint
      from generate_series(${start}::int, ${end - 1}::int) as i,
        lateral (select to_timestamp(${from / 1000}::float8 + (i / ${keys.length}) * 30) as at) as f`);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await sizeOf(database);
  return {
    intake: { rows: before.rows, bytes: before.bytes - empty },
    bulk: { rows: after.rows - before.rows, bytes: after.bytes - before.bytes, seconds },
  };
}
