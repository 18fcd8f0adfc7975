import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { riskManagers, serviceProviders, users } from '../db/schema';
import { notFound } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { scopeOf, tenantWhere, type Scope } from '../shared/tenancy';

/**
 * The reads of the risk-manager and provider services (riskManagerRoutes.ts,
 * serviceProviderRoutes.ts): the tenants a caller sees, the users it manages, a tenant's providers
 * and their logins — each under the caller's scope.
 */

/** The risk managers visible to the caller: every one for admins, its own otherwise. */
export function visibleRiskManagers(db: Db, user: AuthUser) {
  const scope = scopeOf(user);
  return db
    .select({ _id: riskManagers.id, name: riskManagers.name, active: riskManagers.active })
    .from(riskManagers)
    .where(scope.all ? undefined : eq(riskManagers.id, scope.riskManager))
    .orderBy(asc(riskManagers.name));
}

/** Users the caller manages: a risk manager's own risk_manager users; admins: admins and every tenant's. */
export function manageableUsers(user: AuthUser): SQL | undefined {
  const scope = scopeOf(user);
  if (scope.all) return inArray(users.roleType, ['admin', 'risk_manager']);
  return and(eq(users.roleType, 'risk_manager'), tenantWhere(scope, users.riskManager));
}

/** The users screen's list, by name; an admin may narrow it to one tenant (?riskManager=). */
export function listManageableUsers(db: Db, user: AuthUser, filter: string | undefined) {
  const narrowed = scopeOf(user).all && isId(filter) ? eq(users.riskManager, filter) : undefined;
  return db
    .select()
    .from(users)
    .where(and(manageableUsers(user), narrowed))
    .orderBy(asc(users.name));
}

/** The provider `id` when visible in `scope`, else 404. */
export async function visibleProvider(db: Db, scope: Scope, id: string) {
  const [provider] = await db
    .select({ id: serviceProviders.id, riskManager: serviceProviders.riskManager })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, id), tenantWhere(scope, serviceProviders.riskManager)));
  if (!provider) throw notFound();
  return provider;
}

/** Provider logins visible in `scope`: service_provider users of the scope's providers. */
export const visibleLogins = (db: Db, scope: Scope) =>
  and(
    eq(users.roleType, 'service_provider'),
    inArray(
      users.serviceProvider,
      db
        .select({ id: serviceProviders.id })
        .from(serviceProviders)
        .where(tenantWhere(scope, serviceProviders.riskManager)),
    ),
  );

/** The logins of one provider, by name. */
export const loginsOfProvider = (db: Db, provider: string) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.roleType, 'service_provider'), eq(users.serviceProvider, provider)))
    .orderBy(asc(users.name));
