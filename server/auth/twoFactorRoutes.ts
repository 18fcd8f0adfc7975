import type { TypedApp } from '../shared/schemaTypes';
import { API_ANSWERS } from '../../src/domain/apiAnswers';
import { canSetTwoFactorPolicy, TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '../../src/domain/twoFactor';
import { MAX_LENGTH, NO_CONTROL_CHARACTERS_PATTERN } from '../../src/domain/validators/text';
import { badRequest, conflict, forbidden } from '../errors/httpErrors';
import type { FeatureDeps } from '../shared/deps';
import { currentUser, type AuthUser } from '../shared/session';
import { auditSource, recordAudit } from '../audit/record';
import { checkSecondFactor, confirmTwoFactor, removeTwoFactor, setTwoFactorPolicy, startSetup, twoFactorPolicyOf, twoFactorRequired, twoFactorState } from './twoFactor';

/**
 * The signed-in user's own second factor ("Segurança da conta", docs/operations/two-factor.md), under
 * /api/auth/two-factor behind the token; and the risk manager's setting that
 * requires it of its Administrador and TI users. Secrets and recovery codes are answered once and
 * never stored for an idempotent replay.
 */

const codeBody = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', minLength: 1, maxLength: MAX_LENGTH.code, pattern: NO_CONTROL_CHARACTERS_PATTERN } },
} as const;
const policyBody = {
  type: 'object',
  required: ['requireForAdminAndTi'],
  properties: { requireForAdminAndTi: { type: 'boolean' } },
} as const;

export default async function twoFactorRoutes(app: TypedApp, { db, config, now }: FeatureDeps) {
  const secret = config.jwtSecret;

  async function statusOf(user: AuthUser): Promise<TwoFactorStatus> {
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

  app.get('/', { schema: { response: API_ANSWERS.twoFactorStatus } }, async (request) => statusOf(currentUser(request)));

  app.post('/setup', { schema: { response: API_ANSWERS.twoFactorSetup }, config: { idempotency: false } }, async (request) => {
    const user = currentUser(request);
    const setup = await startSetup(db, secret, user, now());
    if (!setup) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
    return setup;
  });

  app.post<{ Body: { code: string } }>(
    '/confirm',
    { schema: { body: codeBody, response: API_ANSWERS.recoveryCodes }, config: { idempotency: false } },
    async (request) => {
      const user = currentUser(request);
      const at = now();
      const state = await twoFactorState(db, user.id);
      if (state.enabled) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!state.pending) throw conflict(TWO_FACTOR_MESSAGES.noSetup);
      const recoveryCodes = await confirmTwoFactor(db, secret, auditSource(request), user, request.body.code, at);
      if (!recoveryCodes) throw badRequest(TWO_FACTOR_MESSAGES.invalidCode);
      return { recoveryCodes };
    },
  );

  // Turning it off takes a code (the app's or a recovery code): a session left open is not enough.
  app.post<{ Body: { code: string } }>(
    '/disable',
    { schema: { body: codeBody, response: API_ANSWERS.twoFactorOff }, config: { idempotency: false } },
    async (request) => {
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
    },
  );

  app.put<{ Body: { requireForAdminAndTi: boolean } }>(
    '/policy',
    { schema: { body: policyBody, response: API_ANSWERS.twoFactorStatus } },
    async (request) => {
      const user = currentUser(request);
      if (user.riskManager === null || !canSetTwoFactorPolicy(user.role, user.riskManager)) throw forbidden();
      const required = request.body.requireForAdminAndTi;
      await setTwoFactorPolicy(db, auditSource(request), user.riskManager, required);
      return statusOf(user);
    },
  );
}
