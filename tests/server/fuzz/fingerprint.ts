import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';

/**
 * Rows the app writes on purpose while refusing: the failed-login counters and budgets (the login
 * limits count refusals, docs/api.md); and the cache stamps, which statement-level triggers move even
 * when the statement touched no row (a DELETE of another tenant's id answers 404 and moves them:
 * the caches refetch, no data changed); and the audit trail's refused sign-ins, which it records on
 * purpose (every other entry of a refused write is a fault). Any other table must be as it was
 * after a refused write.
 */
const NOT_DATA = new Set(['auth_failures', 'login_budgets', 'catalogue_versions', 'mission_versions']);
const KEPT_ON_REFUSAL: Record<string, string> = { audit_log: `where r.action <> 'signInFailed'` };

/** One text that changes when any row of any application table is added, removed or changed. */
export async function databaseFingerprint(db: Db): Promise<string> {
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as { rows: { tablename: string }[] }
  ).rows
    .map((row) => row.tablename)
    .filter((name) => !NOT_DATA.has(name));
  const parts = tables.map(
    (name) =>
      `select '${name}' as t, count(*)::text || ':' || coalesce(md5(string_agg(md5(r::text), '' order by md5(r::text))), '') as f from "${name}" r ${KEPT_ON_REFUSAL[name] ?? ''}`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as { rows: { t: string; f: string }[] };
  return result.rows.map((row) => `${row.t}=${row.f}`).join('\n');
}

/** The tables whose fingerprint differs, for the failure message. */
export const changedTables = (before: string, after: string): string[] => {
  const old = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !old.has(line)).map((line) => line.split('=')[0] ?? line);
};
