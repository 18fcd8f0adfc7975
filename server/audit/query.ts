import { and, asc, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import { canReadAudit } from '../../src/domain/audit';
import type { AuditEntry } from '../../src/domain/audit/responseSchemas';
import type { AuditQuery } from '../../src/domain/schemas/audit';
import type { Db } from '../db/client';
import { auditLog, riskManagers } from '../db/schema';
import { forbidden } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { scopeOf, tenantWhere, type Scope } from '../shared/tenancy';
import { withNames } from './names';

/**
 * Reading the audit trail: a risk manager's administrators see their tenant's entries; the
 * platform admin sees every tenant's, shared data's and unknown accounts' sign-ins, and may narrow
 * to one tenant (?riskManager=). The list and the Excel share this WHERE, so they never disagree.
 */

/** A text filter as a LIKE pattern matching anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function auditWhere(user: AuthUser, query: AuditQuery): SQL | undefined {
  if (!canReadAudit(user.role)) throw forbidden();
  const scope = scopeOf(user);
  return and(
    tenantWhere(scope, auditLog.tenant),
    scope.all && query.riskManager ? eq(auditLog.tenant, query.riskManager) : undefined,
    query.user ? or(ilike(auditLog.actorName, containing(query.user)), ilike(auditLog.actorEmail, containing(query.user))) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.record ? ilike(auditLog.recordId, containing(query.record)) : undefined,
    query.start ? gte(auditLog.at, new Date(query.start)) : undefined,
    query.end ? lte(auditLog.at, new Date(query.end)) : undefined,
  );
}

const SORT_COLUMNS = { at: auditLog.at, userName: auditLog.actorName, entity: auditLog.entity, action: auditLog.action } as const;

/** The requested order, then newest first (the id breaks ties between entries of one instant). */
export function auditOrder(query: Pick<AuditQuery, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'ASC' ? asc : desc;
  return [direction(SORT_COLUMNS[query.sort]), ...(query.sort === 'at' ? [] : [desc(auditLog.at)]), direction(auditLog.id)];
}

const ENTRY_COLUMNS = {
  id: auditLog.id,
  at: auditLog.at,
  tenant: auditLog.tenant,
  tenantName: riskManagers.name,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorEmail: auditLog.actorEmail,
  ip: auditLog.ip,
  entity: auditLog.entity,
  recordId: auditLog.recordId,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
};

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

const selectEntries = (db: Db) => db.select(ENTRY_COLUMNS).from(auditLog).leftJoin(riskManagers, eq(riskManagers.id, auditLog.tenant));

const entryOf = (row: EntryRow): Omit<AuditEntry, 'names'> => ({
  _id: row.id,
  at: row.at.toISOString(),
  riskManager: row.tenant,
  riskManagerName: row.tenantName,
  user: row.actorId,
  userName: row.actorName,
  userEmail: row.actorEmail,
  ip: row.ip,
  entity: row.entity,
  record: row.recordId,
  action: row.action,
  before: row.before,
  after: row.after,
});

/** One page of entries under `where`, in `order`, with the names `scope` may read. */
export async function auditEntries(db: Db, scope: Scope, where: SQL | undefined, order: SQL[], limit: number, offset: number): Promise<AuditEntry[]> {
  const rows = await selectEntries(db)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return withNames(db, scope, rows.map(entryOf));
}

export async function countAuditEntries(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where);
  return row?.n ?? 0;
}
