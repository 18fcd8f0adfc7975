import type { FastifyRequest } from 'fastify';
import { providerLoginCreateSchema, providerLoginUpdateSchema } from '../../src/domain/schemas';
import { forbidden } from '../errors/httpErrors';
import { loginsOfProvider, ownProviderBase, visibleLogins, visibleProvider } from './accountQueries';
import { appRecordHandlers } from '../catalogues/records';
import { writeRule } from '../catalogues/crudQueries';
import { crudOf } from '../shared/crudHandlers';
import { SERVICE_PROVIDER_CONTRACTS } from '../../src/domain/companies/contracts';
import { noContent } from '../shared/answered';
import { serves } from '../shared/serves';
import { assertPerfilAllowed, assertUserChangeAllowed, createUser, deleteUser, findVisibleUser, updateUser, providerLoginAnswerOf } from '../auth/userAccounts';
import { currentUser, type AuthUser } from '../shared/session';
import { auditSource } from '../audit/record';
import type { FeatureDeps } from '../shared/deps';
import { scopeOf, type Scope } from '../shared/tenancy';
import { validBody } from '../shared/validation';

/**
 * Service-provider service (docs/api.md, base /api/service-providers): the providers of a tenant
 * (/info, the registry's generic record), their logins — users of role type service_provider bound to
 * the provider and to its risk manager — and, for a provider's own users, its base (/base).
 */

/** Logins are managed on the advanced admin screens: the same right as writing the catalogue. */
function loginsCaller(request: FastifyRequest): { user: AuthUser; scope: Scope } {
  const user = currentUser(request);
  if (!writeRule('providersLogin')(user)) throw forbidden();
  return { user, scope: scopeOf(user) };
}

export function serviceProviderHandlers({ db, stamps }: FeatureDeps) {
  return {
    // The providers catalogue, a generic record of the registry (its contacts group → phone1..3).
    info: crudOf('serviceProviders', 'info', appRecordHandlers(db, 'providers', stamps)),

    // The proposal form's prefill: a provider's user reads its own provider's base, nobody else's.
    ownBase: serves(SERVICE_PROVIDER_CONTRACTS.ownBase, async (request) => {
      const user = currentUser(request);
      if (user.role.type !== 'service_provider' || !user.serviceProvider || !user.riskManager) throw forbidden();
      return { base: await ownProviderBase(db, user.serviceProvider, user.riskManager) };
    }),

    logins: serves(SERVICE_PROVIDER_CONTRACTS.logins, async (request) => {
      const { scope } = loginsCaller(request);
      const provider = await visibleProvider(db, scope, request.params.id);
      return (await loginsOfProvider(db, provider.id)).map(providerLoginAnswerOf);
    }),

    login: serves(SERVICE_PROVIDER_CONTRACTS.login, async (request) => {
      const { scope } = loginsCaller(request);
      return providerLoginAnswerOf(await findVisibleUser(db, request.params.id, visibleLogins(db, scope)));
    }),

    createLogin: serves(SERVICE_PROVIDER_CONTRACTS.createLogin, async (request, reply) => {
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
      return providerLoginAnswerOf(row);
    }),

    updateLogin: serves(SERVICE_PROVIDER_CONTRACTS.updateLogin, async (request) => {
      const { user, scope } = loginsCaller(request);
      const existing = await findVisibleUser(db, request.params.id, visibleLogins(db, scope));
      const value = await validBody(providerLoginUpdateSchema, request.body);
      assertUserChangeAllowed(user, existing, { perfil: value.role.perfil, active: value.active });
      // The product's payload is {id, role}: without `active` the stored value stays.
      return providerLoginAnswerOf(await updateUser(db, { source: auditSource(request), entity: 'providerLogins' }, existing, { perfil: value.role.perfil, active: value.active }));
    }),

    removeLogin: serves(SERVICE_PROVIDER_CONTRACTS.removeLogin, async (request, reply) => {
      const { user, scope } = loginsCaller(request);
      const existing = await findVisibleUser(db, request.params.id, visibleLogins(db, scope));
      assertPerfilAllowed(user, existing.perfil);
      await deleteUser(db, { source: auditSource(request), entity: 'providerLogins' }, user, existing);
      return noContent(reply);
    }),
  };
}
