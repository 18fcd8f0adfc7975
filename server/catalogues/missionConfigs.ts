import { and, asc, eq, isNull } from 'drizzle-orm';
import { missionConfigSchema } from '../../src/domain/schemas';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { missionConfigs, riskManagers } from '../db/schema';
import { notFound } from '../errors/httpErrors';
import { recordAudit, type AuditSource } from '../audit/record';
import type { AuthUser } from '../shared/session';
import { scopeOf, tenantWhere } from '../shared/tenancy';
import { validBody } from '../shared/validation';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { fromApiGroups, recordColumns, toApiGroups } from './records';

/** The mission parameters of each tenant (docs/api.md, /api/admin/mission/configs): one row per risk manager. */

type ConfigRow = typeof missionConfigs.$inferSelect;
/** One tenant's parameters as answered: the shared schema's fields, with the tenant. */
/** The parameters' columns, from the shared schema: the `required` group is stored as requiredCause… */
const CONFIG_COLUMNS = recordColumns(missionConfigSchema, { prefixed: ['required', 'sla', 'eta', 'arrival', 'alarms'] });
/** A body without a group (a client older than the SLA targets, the estimate or the arrival radius) leaves that group as it is. */
const columnsOf = (body: unknown) => CONFIG_COLUMNS.filter((c) => c.group === 'required' || (typeof body === 'object' && body !== null && Object.hasOwn(body, c.group ?? '')));
const configApi = (row: ConfigRow): ApiRecord => ({
  _id: row.id,
  riskManager: row.riskManager,
  ...toApiGroups(row, CONFIG_COLUMNS),
});

/**
 * GET /mission/configs: the caller's tenant row (admins: every tenant's), creating missing rows
 * with every flag false — a tenant has parameters from its first read on.
 */
export async function listMissionConfigs(db: Db, user: AuthUser, filter: string | undefined): Promise<ApiRecord[]> {
  const scope = scopeOf(user);
  const missing = await db
    .select({ id: riskManagers.id })
    .from(riskManagers)
    .leftJoin(missionConfigs, eq(missionConfigs.riskManager, riskManagers.id))
    .where(and(scope.all ? undefined : eq(riskManagers.id, scope.riskManager), isNull(missionConfigs.id)));
  if (missing.length > 0) {
    // Two first reads at once must not fail: the unique risk_manager_id keeps one row.
    await db
      .insert(missionConfigs)
      .values(missing.map((m) => ({ id: newId(), riskManager: m.id })))
      .onConflictDoNothing({ target: missionConfigs.riskManager });
  }
  const narrowed = scope.all && isId(filter) ? eq(missionConfigs.riskManager, filter) : undefined;
  const rows = await db
    .select()
    .from(missionConfigs)
    .where(and(tenantWhere(scope, missionConfigs.riskManager), narrowed))
    .orderBy(asc(missionConfigs.createdAt));
  return rows.map(configApi);
}

/** GET /mission/configs/:id: one tenant's parameters, under the list's rules (another tenant's: 404). */
export async function readMissionConfig(db: Db, user: AuthUser, id: string): Promise<ApiRecord> {
  const [row] = await db
    .select()
    .from(missionConfigs)
    .where(and(eq(missionConfigs.id, id), tenantWhere(scopeOf(user), missionConfigs.riskManager)));
  if (!row) throw notFound();
  return configApi(row);
}

/**
 * PUT /mission/configs/:id: the flags and SLA targets of one tenant's parameters (another tenant's:
 * 404), audited in the same transaction. New targets apply at once to the running clocks, so the
 * tenant's breaches are checked right after it commits (`afterSave`) rather than at the next sweep.
 */
export async function updateMissionConfig(
  db: Db,
  user: AuthUser,
  source: AuditSource,
  id: string,
  body: unknown,
  afterSave: (riskManager: string) => Promise<unknown> = async () => {},
): Promise<ApiRecord> {
  const scope = scopeOf(user);
  const [existing] = await db
    .select()
    .from(missionConfigs)
    .where(and(eq(missionConfigs.id, id), tenantWhere(scope, missionConfigs.riskManager)));
  if (!existing) throw notFound();
  const value = await validBody(missionConfigSchema, body);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(missionConfigs)
      .set(fromApiGroups(value, columnsOf(body)))
      .where(and(eq(missionConfigs.id, id), tenantWhere(scope, missionConfigs.riskManager)))
      .returning();
    if (!row) throw notFound();
    const after = configApi(row);
    await recordAudit(tx, source, { entity: 'configs', action: 'update', record: id, tenant: row.riskManager, before: configApi(existing), after });
    return { riskManager: row.riskManager, after };
  });
  await afterSave(saved.riskManager);
  return saved.after;
}
