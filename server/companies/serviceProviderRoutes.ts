import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  providerLoginCreateSchema,
  providerLoginUpdateSchema,
  type ProviderLoginCreateValues,
  type ProviderLoginUpdateValues,
} from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { serviceProviders, users } from '../db/schema';
import { forbidden, notFound } from '../errors/httpErrors';
import { appRecordHandlers } from '../catalogues/records';
import { mountCrud, writeRule } from '../catalogues/crud';
import { NO_CONTENT, ROUTE_SCHEMAS, answers, idParams, listOf, yupDescribed, type IdRoute } from '../shared/routeSchemas';
import { providerLoginAnswer } from '../../src/domain/recordAnswers';
import { assertPerfilAllowed, assertUserChangeAllowed, createUser, deleteUser, findVisibleUser, updateUser, userApi } from '../auth/userAccounts';
import { currentUser, type AuthUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { scopeOf, tenantWhere, type Scope } from '../shared/tenancy';
import { validBody } from '../shared/validation';

/**
 * Service-provider service (spec 7, base /api/service-providers): the providers of a tenant
 * (/info, the registry's generic record) and their logins — users of role type service_provider bound to
 * the provider and to its risk manager.
 */

/** Logins are managed on the advanced admin screens: the same right as writing the catalogue. */
function loginsCaller(request: FastifyRequest): { user: AuthUser; scope: Scope } {
  const user = currentUser(request);
  if (!writeRule('providersLogin')(user)) throw forbidden();
  return { user, scope: scopeOf(user) };
}

/** The provider `id` when visible in `scope`, else 404. */
async function visibleProvider(db: Db, scope: Scope, id: string) {
  const [provider] = await db
    .select({ id: serviceProviders.id, riskManager: serviceProviders.riskManager })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, id), tenantWhere(scope, serviceProviders.riskManager)));
  if (!provider) throw notFound();
  return provider;
}

/** Provider logins visible in `scope`: service_provider users of the scope's providers. */
const visibleLogins = (db: Db, scope: Scope) =>
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

export default async function serviceProviderRoutes(app: FastifyInstance, { db, stamps }: FeatureDeps) {
  // The providers catalogue, a generic record of the registry (its contacts group → phone1..3).
  mountCrud(app, '/info', appRecordHandlers(db, 'providers', stamps));

  app.get<IdRoute>('/:id/logins', { schema: { ...ROUTE_SCHEMAS.byId, response: answers(listOf(providerLoginAnswer)) } }, async (request) => {
    const { scope } = loginsCaller(request);
    const provider = await visibleProvider(db, scope, request.params.id);
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.roleType, 'service_provider'), eq(users.serviceProvider, provider.id)))
      .orderBy(asc(users.name));
    return rows.map(userApi);
  });

  app.get<IdRoute>('/login/:id', { schema: { ...ROUTE_SCHEMAS.byId, response: answers(providerLoginAnswer) } }, async (request) => {
    const { scope } = loginsCaller(request);
    return userApi(await findVisibleUser(db, request.params.id, visibleLogins(db, scope)));
  });

  app.post('/login', { schema: { body: yupDescribed(providerLoginCreateSchema), response: answers(providerLoginAnswer, 201) } }, async (request, reply) => {
    const { user, scope } = loginsCaller(request);
    const value = await validBody<ProviderLoginCreateValues>(providerLoginCreateSchema, request.body);
    const provider = await visibleProvider(db, scope, value.serviceProvider);
    assertUserChangeAllowed(user, null, { perfil: value.role.perfil });
    const row = await createUser(db, {
      name: value.name,
      email: value.email,
      password: value.password,
      roleType: 'service_provider',
      perfil: value.role.perfil,
      active: value.active ?? true,
      riskManager: provider.riskManager,
      serviceProvider: provider.id,
    });
    reply.status(201);
    return userApi(row);
  });

  app.put<IdRoute>('/login/:id', { schema: { params: idParams, body: yupDescribed(providerLoginUpdateSchema), response: answers(providerLoginAnswer) } }, async (request) => {
    const { user, scope } = loginsCaller(request);
    const existing = await findVisibleUser(db, request.params.id, visibleLogins(db, scope));
    const value = await validBody<ProviderLoginUpdateValues>(providerLoginUpdateSchema, request.body);
    assertUserChangeAllowed(user, existing, { perfil: value.role.perfil, active: value.active });
    // The spec's payload is {id, role}: without `active` the stored value stays.
    return userApi(await updateUser(db, existing, { perfil: value.role.perfil, active: value.active }));
  });

  app.delete<IdRoute>('/login/:id', { schema: { ...ROUTE_SCHEMAS.byId, response: NO_CONTENT } }, async (request, reply) => {
    const { user, scope } = loginsCaller(request);
    const existing = await findVisibleUser(db, request.params.id, visibleLogins(db, scope));
    assertPerfilAllowed(user, existing.perfil);
    await deleteUser(db, user, existing);
    return reply.status(204).send();
  });
}
