import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { isId } from '../../src/domain/ids';
import type { Db } from '../db/client';
import { riskManagers, serviceProviders, users } from '../db/schema';
import { notFound } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { scopeOf, tenantWhere, type Scope } from '../shared/tenancy';
import { answerList, perfilLabel, riskManagerName, textFilter, yesNo, type ListShape } from '../shared/pagedList';
import type { ListPageQuery } from '../../src/domain/schemas/listPage';
import type { USER_LIST_SORTS } from '../../src/domain/companies/contracts';

/**
 * The reads of the risk-manager and provider services (riskManagerHandlers.ts,
 * serviceProviderHandlers.ts): the tenants a caller sees, the users it manages, a tenant's providers
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

/** An admin may narrow the users list to one tenant (?riskManager=); an invalid id is ignored. */
const narrowedUsers = (user: AuthUser, filter: string | undefined) => (scopeOf(user).all && isId(filter) ? eq(users.riskManager, filter) : undefined);

/** The users screen's list, by name. */
export function listManageableUsers(db: Db, user: AuthUser, filter: string | undefined) {
  return db
    .select()
    .from(users)
    .where(and(manageableUsers(user), narrowedUsers(user, filter)))
    .orderBy(asc(users.name));
}

/** Usuários as the screen reads them (src/resources/users.ts): Nome, E-mail, Perfil, Ativo (and Gerenciadora for admins). */
export const USERS_LISTING = {
  // The contract's sorts exactly (src/domain/companies/contracts.ts): the document lists them.
  sorts: {
    name: users.name,
    email: users.email,
    'role.perfil': perfilLabel(users.perfil),
    active: users.active,
    riskManager: riskManagerName(users.riskManager),
  },
  texts: [users.name, users.email, perfilLabel(users.perfil), yesNo(users.active)],
  ownerName: riskManagerName(users.riskManager),
  id: users.id,
  defaultSort: 'name',
} satisfies ListShape & { sorts: Record<(typeof USER_LIST_SORTS)[number], unknown> };

/** The users list for a query that pages, sorts or filters it (server/shared/pagedList.ts). */
export function queryManageableUsers(db: Db, user: AuthUser, query: ListPageQuery) {
  const where = and(manageableUsers(user), narrowedUsers(user, query.riskManager), textFilter(USERS_LISTING, query.q, scopeOf(user).all));
  return answerList(USERS_LISTING, query, {
    rows: (orderBy, window) => {
      const ordered = db.select().from(users).where(where).orderBy(...orderBy).$dynamic();
      return window ? ordered.limit(window.limit).offset(window.offset) : ordered;
    },
    count: async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
  });
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

/**
 * A provider's base (docs/rules/catalogues.md), read for that provider's own users only (the
 * handler names the provider from the session): whole or null, as the table's check keeps it.
 */
export async function ownProviderBase(db: Db, provider: string, riskManager: string) {
  const [row] = await db
    .select({
      zipcode: serviceProviders.baseZipcode,
      address: serviceProviders.baseAddress,
      number: serviceProviders.baseNumber,
      neighborhood: serviceProviders.baseNeighborhood,
      city: serviceProviders.baseCity,
      state: serviceProviders.baseState,
      latitude: serviceProviders.baseLatitude,
      longitude: serviceProviders.baseLongitude,
    })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, provider), eq(serviceProviders.riskManager, riskManager)));
  if (!row) throw notFound();
  const { zipcode, address, number, neighborhood, city, state, latitude, longitude } = row;
  if (zipcode === null || address === null || number === null || neighborhood === null || city === null || state === null || latitude === null || longitude === null) {
    return null;
  }
  return { zipcode, address, number, neighborhood, city, state, latitude, longitude };
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
