import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../shared/schemaTypes';
import { providerLoginCreateSchema, providerLoginUpdateSchema } from '../../src/domain/schemas';
import { forbidden } from '../errors/httpErrors';
import { loginsOfProvider, visibleLogins, visibleProvider } from './accountQueries';
import { appRecordHandlers } from '../catalogues/records';
import { writeRule } from '../catalogues/crudQueries';
import { mountCrud } from '../shared/crudRoutes';
import { NO_CONTENT, ROUTE_SCHEMAS, answers, idParams, listOf, yupDescribed } from '../shared/routeSchemas';
import { providerLoginAnswer } from '../../src/domain/recordAnswers';
import { assertPerfilAllowed, assertUserChangeAllowed, createUser, deleteUser, findVisibleUser, updateUser, userApi } from '../auth/userAccounts';
import { currentUser, type AuthUser } from '../shared/session';
import { auditSource } from '../audit/record';
import type { FeatureDeps } from '../shared/deps';
import { scopeOf, type Scope } from '../shared/tenancy';
import { validBody } from '../shared/validation';

/**
 * Service-provider service (docs/api.md, base /api/service-providers): the providers of a tenant
 * (/info, the registry's generic record) and their logins — users of role type service_provider bound to
 * the provider and to its risk manager.
 */

/** Logins are managed on the advanced admin screens: the same right as writing the catalogue. */
function loginsCaller(request: FastifyRequest): { user: AuthUser; scope: Scope } {
  const user = currentUser(request);
  if (!writeRule('providersLogin')(user)) throw forbidden();
  return { user, scope: scopeOf(user) };
}

export default async function serviceProviderRoutes(app: TypedApp, { db, stamps }: FeatureDeps) {
  // The providers catalogue, a generic record of the registry (its contacts group → phone1..3).
  mountCrud(app, '/info', appRecordHandlers(db, 'providers', stamps));

  app.get('/:id/logins', { schema: { ...ROUTE_SCHEMAS.byId, response: answers(listOf(providerLoginAnswer)) } }, async (request) => {
    const { scope } = loginsCaller(request);
    const provider = await visibleProvider(db, scope, request.params.id);
    return (await loginsOfProvider(db, provider.id)).map(userApi);
  });

  app.get('/login/:id', { schema: { ...ROUTE_SCHEMAS.byId, response: answers(providerLoginAnswer) } }, async (request) => {
    const { scope } = loginsCaller(request);
    return userApi(await findVisibleUser(db, request.params.id, visibleLogins(db, scope)));
  });

  app.post('/login', { schema: { body: yupDescribed(providerLoginCreateSchema), response: answers(providerLoginAnswer, 201) } }, async (request, reply) => {
    const { user, scope } = loginsCaller(request);
    const value = await validBody(providerLoginCreateSchema, request.body);
    const provider = await visibleProvider(db, scope, value.serviceProvider);
    assertUserChangeAllowed(user, null, { perfil: value.role.perfil });
    const row = await createUser(db, { source: auditSource(request), entity: 'providerLogins' }, {
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

  app.put('/login/:id', { schema: { params: idParams, body: yupDescribed(providerLoginUpdateSchema), response: answers(providerLoginAnswer) } }, async (request) => {
    const { user, scope } = loginsCaller(request);
    const existing = await findVisibleUser(db, request.params.id, visibleLogins(db, scope));
    const value = await validBody(providerLoginUpdateSchema, request.body);
    assertUserChangeAllowed(user, existing, { perfil: value.role.perfil, active: value.active });
    // The product's payload is {id, role}: without `active` the stored value stays.
    return userApi(await updateUser(db, { source: auditSource(request), entity: 'providerLogins' }, existing, { perfil: value.role.perfil, active: value.active }));
  });

  app.delete('/login/:id', { schema: { ...ROUTE_SCHEMAS.byId, response: NO_CONTENT } }, async (request, reply) => {
    const { user, scope } = loginsCaller(request);
    const existing = await findVisibleUser(db, request.params.id, visibleLogins(db, scope));
    assertPerfilAllowed(user, existing.perfil);
    await deleteUser(db, { source: auditSource(request), entity: 'providerLogins' }, user, existing);
    return reply.status(204).send();
  });
}
