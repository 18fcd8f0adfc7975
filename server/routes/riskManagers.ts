import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { isId } from '../../src/domain/ids';
import { userCreateSchema, userUpdateSchema, type UserCreateValues, type UserUpdateValues } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { riskManagers, users } from '../db/schema';
import { forbidden, invalid } from '../httpErrors';
import { currentUser, type AuthUser } from '../plugins/auth';
import type { RouteDeps } from '.';
import { idParam, MISSING_RISK_MANAGER, ownerForCreate, scopeOf, tenantWhere, validBody } from './crud';
import { canManageUsers } from '../../src/domain/permissions';
import { assertPerfilAllowed, createUser, deleteUser, findVisibleUser, updateUser, userApi } from './userAccounts';

/**
 * Risk-manager service (spec 7, base /api/risk-managers): the tenants a caller can see, and the
 * users screen (/home/users) under /login. Provider logins have their own calls in
 * serviceProviders.ts.
 */

/** The users screen is for perfil admin or ti of the platform or of a risk manager, never providers. */
function usersCaller(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (user.role.type === 'service_provider' || !canManageUsers(user.role)) throw forbidden();
  return user;
}

/** Users the caller manages: a risk manager's own risk_manager users; admins: admins and every tenant's. */
function manageable(user: AuthUser): SQL | undefined {
  const scope = scopeOf(user);
  if (scope.all) return inArray(users.roleType, ['admin', 'risk_manager']);
  return and(eq(users.roleType, 'risk_manager'), tenantWhere(scope, users.riskManager));
}

/**
 * Who the new user is (spec 6): a risk manager creates risk_manager users of its own tenant only
 * (asking for another type or tenant is refused, never widened); an admin creates an admin when
 * no riskManager is named, otherwise a user of that (existing) risk manager.
 */
async function newUserIdentity(db: Db, caller: AuthUser, body: unknown) {
  const raw = (body ?? {}) as { riskManager?: unknown; role?: { type?: unknown } };
  const requestedType = raw.role?.type;
  const scope = scopeOf(caller);
  if (!scope.all) {
    if (requestedType !== undefined && requestedType !== 'risk_manager') throw forbidden();
    if (raw.riskManager !== undefined && raw.riskManager !== null && raw.riskManager !== '' && raw.riskManager !== scope.riskManager) {
      throw forbidden();
    }
    return { roleType: 'risk_manager' as const, riskManager: scope.riskManager };
  }
  if (requestedType === 'service_provider' || (requestedType !== undefined && requestedType !== 'admin' && requestedType !== 'risk_manager')) {
    // Provider logins are created under their provider (/api/service-providers/login).
    throw invalid([{ code: 'invalid_enum_value', path: 'role.type', message: 'Opção inválida' }]);
  }
  const named = isId(raw.riskManager);
  if (requestedType === 'admin' || (requestedType === undefined && !named)) {
    if (named) throw invalid([{ code: 'invalid_enum_value', path: 'riskManager', message: 'Opção inválida' }]);
    return { roleType: 'admin' as const, riskManager: null };
  }
  if (!named) throw invalid([{ ...MISSING_RISK_MANAGER }]);
  return { roleType: 'risk_manager' as const, riskManager: await ownerForCreate(db, caller, body) };
}

export default async function riskManagerRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const onRequest = app.authenticate;

  /** The risk managers visible to the caller: every one for admins, its own otherwise. */
  app.get('/info', { onRequest }, async (request) => {
    const scope = scopeOf(currentUser(request));
    return db
      .select({ _id: riskManagers.id, name: riskManagers.name, active: riskManagers.active })
      .from(riskManagers)
      .where(scope.all ? undefined : eq(riskManagers.id, scope.riskManager))
      .orderBy(asc(riskManagers.name));
  });

  app.get('/login', { onRequest }, async (request) => {
    const user = usersCaller(request);
    const filter = (request.query as { riskManager?: unknown }).riskManager;
    const narrowed = scopeOf(user).all && isId(filter) ? eq(users.riskManager, filter) : undefined;
    const rows = await db
      .select()
      .from(users)
      .where(and(manageable(user), narrowed))
      .orderBy(asc(users.name));
    return rows.map(userApi);
  });

  app.post('/login', { onRequest }, async (request, reply) => {
    const caller = usersCaller(request);
    const identity = await newUserIdentity(db, caller, request.body);
    const value = await validBody<UserCreateValues>(userCreateSchema, request.body);
    assertPerfilAllowed(caller, value.role.perfil);
    const row = await createUser(db, {
      name: value.name,
      email: value.email,
      password: value.password,
      perfil: value.role.perfil,
      active: value.active,
      serviceProvider: null,
      ...identity,
    });
    reply.status(201);
    return userApi(row);
  });

  app.put('/login/:id', { onRequest }, async (request) => {
    const caller = usersCaller(request);
    const existing = await findVisibleUser(db, idParam(request), manageable(caller));
    const value = await validBody<UserUpdateValues>(userUpdateSchema, request.body);
    // Giving 'ti' and changing a ti user are the same privilege.
    assertPerfilAllowed(caller, existing.perfil);
    assertPerfilAllowed(caller, value.role.perfil);
    return userApi(await updateUser(db, existing, { name: value.name, perfil: value.role.perfil, active: value.active }));
  });

  app.delete('/login/:id', { onRequest }, async (request, reply) => {
    const caller = usersCaller(request);
    const existing = await findVisibleUser(db, idParam(request), manageable(caller));
    assertPerfilAllowed(caller, existing.perfil);
    await deleteUser(db, caller, existing);
    return reply.status(204).send();
  });
}
