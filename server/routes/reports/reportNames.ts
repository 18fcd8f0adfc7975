import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carriers, causes, franchisePlans, franchises, leaderships, places, requesters, serviceProviders, shippers } from '../../db/schema';
import { rowsOf } from '../missions/viewer';

/** The references a report row names, each read from its catalogue. */
export const NAME_KINDS = ['shipper', 'carrier', 'requester', 'leadership', 'cause', 'place', 'provider', 'plan'] as const;
export type NameKind = (typeof NAME_KINDS)[number];

const TABLES = { shipper: shippers, carrier: carriers, requester: requesters, leadership: leaderships, cause: causes, place: places, provider: serviceProviders };

/** The name query of `kind` for `ids`; a plan is named by its service (franchise), else by itself. */
function namesOf(kind: NameKind, ids: string[]): SQL {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  if (kind === 'plan') {
    return sql`select ${kind} as kind, ${franchisePlans.id} as id, coalesce(${franchises.name}, ${franchisePlans.name}) as name
      from ${franchisePlans} left join ${franchises} on ${franchises.id} = ${franchisePlans.franchise} where ${franchisePlans.id} in (${list})`;
  }
  const table = TABLES[kind];
  return sql`select ${kind} as kind, ${table.id} as id, ${table.name} as name from ${table} where ${table.id} in (${list})`;
}

/**
 * The names of the catalogue references of report rows, asked once per reference: an export of
 * 100,000 rows names a few hundred shippers, places and plans, so it reads each once in a single
 * query per batch instead of joining nine tables on every row (on PGlite those key lookups cost
 * more than the rows themselves).
 */
export class ReportNames {
  private readonly known = new Map<string, string | null>();

  private static key(kind: NameKind, id: string): string {
    return `${kind}:${id}`;
  }

  /** Reads the names of every reference in `refs` not yet known. */
  async load(db: Db, refs: Iterable<[NameKind, string | null]>): Promise<void> {
    const missing = new Map<NameKind, Set<string>>();
    for (const [kind, id] of refs) {
      if (id === null || this.known.has(ReportNames.key(kind, id))) continue;
      const ids = missing.get(kind) ?? new Set<string>();
      ids.add(id);
      missing.set(kind, ids);
    }
    if (missing.size === 0) return;
    const queries = [...missing].map(([kind, ids]) => namesOf(kind, [...ids]));
    const rows = await rowsOf<{ kind: NameKind; id: string; name: string }>(db, sql.join(queries, sql` union all `));
    for (const [kind, ids] of missing) for (const id of ids) this.known.set(ReportNames.key(kind, id), null);
    for (const row of rows) this.known.set(ReportNames.key(row.kind, row.id), row.name);
  }

  name(kind: NameKind, id: string | null): string | null {
    return id === null ? null : (this.known.get(ReportNames.key(kind, id)) ?? null);
  }
}
