import type { FastifyRequest } from 'fastify';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { isId } from '../../src/domain/ids';
import { INVALID_OPTION, USER_RISK_MANAGER_REQUIRED } from '../../src/domain/messages';
import { canManageUsers } from '../../src/domain/permissions';
import { userCreateSchema, userUpdateSchema, type UserCreateValues } from '../../src/domain/schemas';
import { validate } from '../../src/domain/validate';
import type { Db } from '../db/client';
import { conflict, forbidden, invalid } from '../errors/httpErrors';
import { RISK_MANAGER_CONTRACTS } from '../../src/domain/companies/contracts';
import { TWO_FACTOR_MESSAGES } from '../../src/domain/twoFactor';
import { auditSource, recordAudit } from '../audit/record';
import { removeTwoFactor } from '../auth/twoFactor';
import { noContent } from '../shared/answered';
import { serves } from '../shared/serves';
import { listQueryOf, shapesTheList } from '../shared/pagedList';
import { assertPerfilAllowed, assertUserChangeAllowed, createUser, deleteUser, findVisibleUser, updateUser, userAnswerOf } from '../auth/userAccounts';
import { currentUser, type AuthUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { resolveOwner, scopeOf } from '../shared/tenancy';
import { USERS_LISTING, listManageableUsers, manageableUsers, queryManageableUsers, visibleRiskManagers } from './accountQueries';
import { validBody } from '../shared/validation';

/**
 * Risk-manager service (docs/api.md, base /api/risk-managers): the tenants a caller can see, and the
 * users screen (/home/users) under /login. Provider logins have their own calls in
 * serviceProviders.ts.
 */

/** Who may use the users screen is the shared rule's decision (src/domain/permissions.ts). */
function usersCaller(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  if (!canManageUsers(user.role)) throw forbidden();
  return user;
}

/** An admin's new user without (or with an unknown) risk manager: the users form's own message. */
const MISSING_USER_RISK_MANAGER: ValidationIssue = {
  code: 'missingRiskManager',
  path: 'riskManager',
  message: USER_RISK_MANAGER_REQUIRED,
};

/**
 * The risk manager of a new user (docs/rules/tenancy-and-roles.md): every user created here is a
 * risk_manager user of one
 * risk manager — platform admins exist only in the seed. A risk manager creates users of its own
 * tenant only (asking for another type or tenant is refused, never widened); an admin must name
 * an existing risk manager. Returns the owner, or the issues to report with the form's others.
 */
async function newUserOwner(
  db: Db,
  caller: AuthUser,
  body: unknown,
): Promise<{ riskManager: string; issues: [] } | { riskManager: null; issues: ValidationIssue[] }> {
  const raw = (body ?? {}) as { riskManager?: unknown; role?: { type?: unknown } };
  const requestedType = raw.role?.type;
  const scope = scopeOf(caller);
  if (!scope.all) {
    if (requestedType !== undefined && requestedType !== 'risk_manager') throw forbidden();
    if (raw.riskManager !== undefined && raw.riskManager !== null && raw.riskManager !== '' && raw.riskManager !== scope.riskManager) {
      throw forbidden();
    }
    return { riskManager: scope.riskManager, issues: [] };
  }
  const issues: ValidationIssue[] = [];
  // Admins are not created through the API; provider logins are created under their provider.
  if (requestedType !== undefined && requestedType !== 'risk_manager') {
    issues.push({ code: 'invalid_enum_value', path: 'role.type', message: INVALID_OPTION });
  }
  const owner = isId(raw.riskManager) ? await resolveOwner(db, caller, body) : null;
  if (owner === null) issues.push({ ...MISSING_USER_RISK_MANAGER });
  return owner !== null && issues.length === 0 ? { riskManager: owner, issues: [] } : { riskManager: null, issues };
}

export function riskManagerHandlers({ db }: FeatureDeps) {
  return {
    /** The risk managers visible to the caller: every one for admins, its own otherwise. */
    info: serves(RISK_MANAGER_CONTRACTS.info, (request) => visibleRiskManagers(db, currentUser(request))),

    // Without page, perPage, sort or q, the whole list as before (server/shared/pagedList.ts).
    users: serves(RISK_MANAGER_CONTRACTS.users, async (request) => {
      const caller = usersCaller(request);
      const query = await listQueryOf(USERS_LISTING, request.query);
      if (!shapesTheList(query)) return (await listManageableUsers(db, caller, query.riskManager)).map(userAnswerOf);
      const answer = await queryManageableUsers(db, caller, query);
      return Array.isArray(answer) ? answer.map(userAnswerOf) : { ...answer, data: answer.data.map(userAnswerOf) };
    }),

    user: serves(RISK_MANAGER_CONTRACTS.user, async (request) => {
      const caller = usersCaller(request);
      return userAnswerOf(await findVisibleUser(db, request.params.id, manageableUsers(caller)));
    }),

    createUser: serves(RISK_MANAGER_CONTRACTS.createUser, async (request, reply) => {
      const caller = usersCaller(request);
      const owner = await newUserOwner(db, caller, request.body);
      const checked = await validate(userCreateSchema, request.body);
      // Every problem at once, so an admin's empty form shows each message (as the catalogues do).
      const schemaIssues = checked.ok ? [] : checked.issues.filter((i) => !owner.issues.some((o) => o.path === i.path));
      if (!checked.ok || owner.riskManager === null) throw invalid([...schemaIssues, ...owner.issues]);
      const value: UserCreateValues = checked.value;
      assertUserChangeAllowed(caller, null, { perfil: value.role.perfil, active: value.active });
      const row = await createUser(db, { source: auditSource(request), entity: 'users' }, {
        name: value.name,
        email: value.email,
        password: value.password,
        roleType: 'risk_manager',
        perfil: value.role.perfil,
        active: value.active,
        riskManager: owner.riskManager,
        serviceProvider: null,
      });
      reply.status(201);
      return userAnswerOf(row);
    }),

    updateUser: serves(RISK_MANAGER_CONTRACTS.updateUser, async (request) => {
      const caller = usersCaller(request);
      const existing = await findVisibleUser(db, request.params.id, manageableUsers(caller));
      const value = await validBody(userUpdateSchema, request.body);
      // Giving 'ti' and changing a ti user are the same privilege; one's own perfil and active stay.
      assertUserChangeAllowed(caller, existing, { perfil: value.role.perfil, active: value.active });
      return userAnswerOf(await updateUser(db, { source: auditSource(request), entity: 'users' }, existing, { name: value.name, perfil: value.role.perfil, active: value.active }));
    }),

    // A person who lost the phone and the recovery codes (docs/operations/two-factor.md): the
    // second factor is removed, to be set up again at the next login when required. Never one's own
    // (that would bypass it), and a platform admin's only by another platform admin.
    resetTwoFactor: serves(RISK_MANAGER_CONTRACTS.resetTwoFactor, async (request) => {
      const caller = usersCaller(request);
      const existing = await findVisibleUser(db, request.params.id, manageableUsers(caller));
      if (existing.id === caller.id) throw forbidden(TWO_FACTOR_MESSAGES.ownReset);
      if (existing.roleType === 'admin' && caller.role.type !== 'admin') throw forbidden(TWO_FACTOR_MESSAGES.adminResetOnlyByAdmin);
      assertPerfilAllowed(caller, existing.perfil);
      // Audited in the reset's own transaction: who removed whose second factor, from where.
      await db.transaction(async (tx) => {
        if (!(await removeTwoFactor(tx, existing.id))) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
        await recordAudit(tx, auditSource(request), { entity: 'twoFactor', action: 'twoFactorReset', record: existing.id, tenant: existing.riskManager });
      });
      return { enabled: false as const };
    }),

    removeUser: serves(RISK_MANAGER_CONTRACTS.removeUser, async (request, reply) => {
      const caller = usersCaller(request);
      const existing = await findVisibleUser(db, request.params.id, manageableUsers(caller));
      assertPerfilAllowed(caller, existing.perfil);
      await deleteUser(db, { source: auditSource(request), entity: 'users' }, caller, existing);
      return noContent(reply);
    }),
  };
}
