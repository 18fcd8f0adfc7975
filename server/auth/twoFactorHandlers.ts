import { TWO_FACTOR_CONTRACTS } from '../../src/domain/auth/contracts';
import { canSetTwoFactorPolicy, TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '../../src/domain/twoFactor';
import type { Db } from '../db/client';
import { badRequest, conflict, forbidden } from '../errors/httpErrors';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { currentUser, type AuthUser } from '../shared/session';
import { auditSource, recordAudit } from '../audit/record';
import { checkSecondFactor, confirmTwoFactor, removeTwoFactor, setTwoFactorPolicy, startSetup, twoFactorPolicyOf, twoFactorRequired, twoFactorState } from './twoFactor';

/**
 * The signed-in user's own second factor ("Segurança da conta", docs/operations/two-factor.md),
 * under /api/auth/two-factor behind the token, from its contracts (src/domain/auth/contracts.ts);
 * and the risk manager's setting that requires it of its Administrador and TI users. Secrets and
 * recovery codes are answered once and never stored for an idempotent replay.
 */

async function statusOf(db: Db, user: AuthUser): Promise<TwoFactorStatus> {
  const state = await twoFactorState(db, user.id);
  let policy: TwoFactorStatus['policy'] = null;
  if (user.riskManager !== null && canSetTwoFactorPolicy(user.role, user.riskManager)) {
    policy = { requireForAdminAndTi: await twoFactorPolicyOf(db, user.riskManager) };
  }
  return {
    enabled: state.enabled,
    required: await twoFactorRequired(db, user, state.enabled),
    recoveryCodesLeft: state.recoveryCodesLeft,
    policy,
  };
}

export function twoFactorHandlers({ db, config, now }: FeatureDeps) {
  const secret = config.jwtSecret;

  return {
    setup: serves(TWO_FACTOR_CONTRACTS.setup, async (request) => {
      const user = currentUser(request);
      const setup = await startSetup(db, secret, user, now());
      if (!setup) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      return setup;
    }),

    confirm: serves(TWO_FACTOR_CONTRACTS.confirm, async (request) => {
      const user = currentUser(request);
      const at = now();
      const state = await twoFactorState(db, user.id);
      if (state.enabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!state.pending) throw conflict(TWO_FACTOR_MESSAGES.noSetup);
      const recoveryCodes = await confirmTwoFactor(db, secret, auditSource(request), user, request.body.code, at);
      if (!recoveryCodes) throw badRequest(TWO_FACTOR_MESSAGES.invalidCode);
      return { recoveryCodes };
    }),

    // Turning it off takes a code (the app's or a recovery code): a session left open is not enough.
    disable: serves(TWO_FACTOR_CONTRACTS.disable, async (request) => {
      const user = currentUser(request);
      const at = now();
      const state = await twoFactorState(db, user.id);
      if (!state.enabled) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
      if (user.role.type === 'admin') throw forbidden(TWO_FACTOR_MESSAGES.adminCannotDisable);
      if (await twoFactorRequired(db, user, true)) throw forbidden(TWO_FACTOR_MESSAGES.requiredByPolicy);
      if (!(await checkSecondFactor(db, secret, user.id, request.body.code, at))) throw badRequest(TWO_FACTOR_MESSAGES.invalidCode);
      await db.transaction(async (tx) => {
        await removeTwoFactor(tx, user.id);
        await recordAudit(tx, auditSource(request), { entity: 'twoFactor', action: 'twoFactorDisabled', record: user.id, tenant: user.riskManager });
      });
      return { enabled: false as const };
    }),

    policy: serves(TWO_FACTOR_CONTRACTS.policy, async (request) => {
      const user = currentUser(request);
      if (user.riskManager === null || !canSetTwoFactorPolicy(user.role, user.riskManager)) throw forbidden();
      const required = request.body.requireForAdminAndTi;
      await setTwoFactorPolicy(db, auditSource(request), user.riskManager, required);
      return statusOf(db, user);
    }),

    // One status at both its URLs (src/domain/auth/contracts.ts).
    status: serves(TWO_FACTOR_CONTRACTS.status, (request) => statusOf(db, currentUser(request))),
    statusWithSlash: serves(TWO_FACTOR_CONTRACTS.statusWithSlash, (request) => statusOf(db, currentUser(request))),
  };
}
