import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { riskManagers } from '../db/schema';
import { forbidden } from '../errors/httpErrors';
import type { AuthUser } from './session';

/**
 * Tenancy (docs/rules/tenancy-and-roles.md): whose rows a caller may read and write comes from the
 * authenticated user
 * only, never from the body; every feature scopes its queries with these.
 */

/** Whose rows a caller may touch: one risk manager, or every tenant (platform admins). */
export type Scope = { all: true } | { all: false; riskManager: string };

export function scopeOf(user: AuthUser): Scope {
  if (user.riskManager) return { all: false, riskManager: user.riskManager };
  if (user.role.type === 'admin') return { all: true };
  // A non-admin account without a tenant cannot own catalogue data.
  throw forbidden();
}

/** The tenant condition on a riskManager column, or undefined when the scope is everything. */
export function tenantWhere(scope: Scope, column: PgColumn): SQL | undefined {
  return scope.all ? undefined : eq(column, scope.riskManager);
}

/** True when a row owned by `owner` is visible in `scope`. */
export const inScope = (scope: Scope, owner: string) => scope.all || scope.riskManager === owner;

/**
 * The owner of a new row: the caller's own risk manager, or — for platform admins — the
 * riskManager named in the body, which must exist (null when missing or unknown). The body never
 * widens a tenant's scope.
 */
export async function resolveOwner(db: Db, user: AuthUser, body: unknown): Promise<string | null> {
  const scope = scopeOf(user);
  if (!scope.all) return scope.riskManager;
  const requested = (body as { riskManager?: unknown } | null)?.riskManager;
  if (!isId(requested)) return null;
  const [row] = await db.select({ id: riskManagers.id }).from(riskManagers).where(eq(riskManagers.id, requested));
  return row?.id ?? null;
}
