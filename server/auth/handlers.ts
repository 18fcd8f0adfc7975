import type { TypedApp } from '../shared/schemaTypes';
import type { FastifyRequest } from 'fastify';
import type { BodyOf } from '../../src/domain/contract';
import { AUTH_CONTRACTS } from '../../src/domain/auth/contracts';
import { AUTH_ERRORS, LOGIN_SECOND_STEPS, TWO_FACTOR_SETUP_REQUIRED } from '../../src/domain/apiErrors';
import { TWO_FACTOR_MESSAGES } from '../../src/domain/twoFactor';
import { isPerfil, isRoleType } from '../../src/domain/roles';
import { resetPasswordSchema } from '../../src/domain/schemas/password';
import { validate } from '../../src/domain/validate';
import { clearLimit, isOver, LIMITS, normaliseEmail, release, reserve, secondsLeft, type Hit, type Limit } from './authLimits';
import type { users } from '../db/schema';
import { findUserByEmail } from './userAccounts';
import { badRequest, conflict, invalid, tooManyRequests, unauthorized } from '../errors/httpErrors';
import { DUMMY_HASH, hashPassword, verifyPassword } from './passwords';
import { giveBack, LOGIN_CODES, takeGuess } from './loginBudget';
import type { MailMessage } from '../mail/mailer';
import { issueCode, useCode, verifyCode } from './oneTimeCodes';
import { consumeResetCode, RESET_CODES } from './resetCodes';
import { ATTACK_NOTICE_SUBJECT, attackNoticeText, LOGIN_CODE_SUBJECT, loginCodeText, RESET_MAIL_SUBJECT, resetMailText } from './authMails';
import type { FeatureDeps } from '../shared/deps';
import { recordAudit, type AuditSource } from '../audit/record';
import { isValidEmail } from '../../src/domain/validators/email';
import { checkSecondFactor, confirmTwoFactor, loginTwoFactor, startSetup } from './twoFactor';
import { serves } from '../shared/serves';

/*
 * Auth service (docs/api.md, base /api/auth). Its error strings are part of the contract with
 * the browser and live with it in src/domain/apiErrors.ts (AUTH_ERRORS, LOGIN_SECOND_STEPS).
 */

/** What the password step reads, from a login or an enrolment. */
type PasswordBody = BodyOf<typeof AUTH_CONTRACTS.enrolment>;

type User = typeof users.$inferSelect;

/** A right password, with what the rest of the login settles: the limits it reserved, its guess, its e-mailed code. */
interface PasswordPassed {
  user: User;
  email: string;
  account: Limit;
  accountHit: Hit;
  addressHit: Hit;
  /** Taken from the account's daily budget (loginBudget.ts); given back unless the login fails. */
  guessTaken: boolean;
  /** The e-mailed code checked for this login, used up when it ends. */
  emailCodeId: string | null;
}

/** The 429 of a limit, telling when its window ends. */
const limited = (hit: Hit, at: Date) => tooManyRequests(AUTH_ERRORS.tooManyAttempts, secondsLeft(hit, at));

export function authHandlers(deps: FeatureDeps, app: TypedApp) {
  const { db, now } = deps;

  const secret = deps.config.jwtSecret;

  /**
   * Not awaited: waiting for SMTP only for known accounts (or only for right passwords) would
   * reveal them by timing.
   */
  const mail = (request: FastifyRequest, message: MailMessage) => {
    deps.mailer.send(message).catch((err: unknown) => request.log.error({ err, to: message.to, subject: message.subject }, 'e-mail failed'));
  };

  /** The account acting at sign-in (there is no session yet). */
  const accountSource = (request: FastifyRequest, user: User): AuditSource => ({ actor: { id: user.id, name: user.name, email: user.email }, ip: request.ip });

  /**
   * Sign-ins are security events of the audit trail: who (the account, or only the e-mail typed
   * when there is none), when and from which address, never the password. A refusal is recorded
   * too, in the tenant of the account it was aimed at.
   */
  const noteSignIn = (request: FastifyRequest, email: string, user: User | null, ok: boolean) =>
    recordAudit(
      db,
      // A username that is not an e-mail may be a password typed in the wrong box: not kept.
      user ? accountSource(request, user) : { actor: { id: null, name: '', email: isValidEmail(email) ? email : '' }, ip: request.ip },
      { entity: 'session', action: ok ? 'signIn' : 'signInFailed', record: user?.id ?? null, tenant: user?.riskManager ?? null },
    );

  /** A refused attempt, recorded before the refusal is thrown. */
  async function refuse(request: FastifyRequest, email: string, user: User | null, message: string): Promise<never> {
    await noteSignIn(request, email, user, false);
    throw unauthorized(message);
  }

  /** A signed-in answer: the account's failures are forgiven and this address's attempt given back. */
  async function signIn(request: FastifyRequest, passed: PasswordPassed) {
    const { user } = passed;
    if (!isRoleType(user.roleType) || !isPerfil(user.perfil)) return refuse(request, user.email, user, AUTH_ERRORS.invalidCredentials);
    await noteSignIn(request, user.email, user, true);
    if (passed.guessTaken) await giveBack(db, passed.email);
    await clearLimit(db, passed.account);
    await release(db, passed.addressHit);
    const token = await app.signToken({
      id: user.id,
      name: user.name,
      email: user.email,
      role: { type: user.roleType, perfil: user.perfil },
      riskManager: user.riskManager,
      serviceProvider: user.serviceProvider,
      tokenVersion: user.tokenVersion,
    });
    return { token };
  }

  /**
   * A right password answered with a request for the next step is no failure: its reservations and
   * its guess are given back (the owner's logins never spend the account's limits).
   */
  async function notFailed(passed: PasswordPassed) {
    if (passed.guessTaken) await giveBack(db, passed.email);
    await release(db, passed.accountHit);
    await release(db, passed.addressHit);
  }

  /**
   * The password, and the e-mailed code of an account past its budget (docs/rules/sign-in.md),
   * shared by the login and the setup of a required second factor at login. Answers the account
   * when the password is right; throws the login's answers otherwise. The e-mailed code is only
   * checked here: it is used up once the whole login succeeds (or the password turns out wrong).
   */
  async function passwordStep(request: FastifyRequest, body: PasswordBody): Promise<PasswordPassed> {
    const { password, emailCode } = body;
    const email = normaliseEmail(body.username);
    const at = now();
    const account = LIMITS.loginAccount(email);
    const [accountHit, addressHit] = await reserve(db, [account, LIMITS.loginAddress(request.ip)], at);
    if (isOver(addressHit)) throw limited(addressHit, at);
    const user = await findUserByEmail(db, email);
    const passed = { email, account, accountHit, addressHit };

    if (emailCode !== undefined) {
      // The code is checked first and alone: a wrong one is refused before the password is looked
      // at, so these attempts tell nothing about it. It is not held to the account's window, which
      // the attack keeps full (the owner asked for the code from this address a moment ago); the
      // code's 5 tries and this address's limit bound it instead. A right code is used up whatever
      // the password.
      const codeId = user?.active ? await verifyCode(db, LOGIN_CODES, secret, user.id, emailCode, at) : null;
      if (!user || !codeId) return refuse(request, email, user, LOGIN_SECOND_STEPS.emailCode.invalid);
      if (!(await verifyPassword(password, user.passwordHash))) {
        await useCode(db, LOGIN_CODES, codeId);
        return refuse(request, email, user, AUTH_ERRORS.invalidCredentials);
      }
      return { ...passed, user, emailCodeId: codeId, guessTaken: false };
    }

    // Every address together spends the account's daily budget (loginBudget.ts).
    const guess = await takeGuess(db, email, at);
    // Within it, over the account's limit only an address with no other attempt in its window is
    // still heard, once: whoever exhausts a person's tries from elsewhere cannot keep the owner
    // out. Past the budget the answer tells nothing about the password, so the window has nothing
    // left to protect: the owner who mistyped the password on the code step may simply retry.
    if (guess.granted && isOver(accountHit) && addressHit.count > 1) {
      await giveBack(db, email);
      throw limited(accountHit, at);
    }
    if (guess.notice && user?.active) {
      mail(request, { to: user.email, subject: ATTACK_NOTICE_SUBJECT, text: attackNoticeText(user.name, deps.config.publicUrl) });
    }
    // Unknown accounts still pay for one scrypt so the answer time does not reveal them.
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    const accepted = passwordOk && user?.active ? user : null;
    if (!guess.granted) {
      // Past the budget right and wrong passwords get the same answer after the same statements;
      // only a right one stores a code, mailed to the account's owner.
      const code = await issueCode(db, LOGIN_CODES, secret, accepted?.id ?? null, at);
      if (accepted && code !== null) {
        mail(request, { to: accepted.email, subject: LOGIN_CODE_SUBJECT, text: loginCodeText(accepted.name, code, deps.config.publicUrl) });
      }
      return refuse(request, email, user, LOGIN_SECOND_STEPS.emailCode.required);
    }
    // A failure keeps its reservations and its guess.
    if (!accepted) return refuse(request, email, user, AUTH_ERRORS.invalidCredentials);
    return { ...passed, user: accepted, emailCodeId: null, guessTaken: true };
  }

  /** Uses the e-mailed code of a login up; a concurrent login that used it first wins. */
  async function useEmailCode(request: FastifyRequest, passed: PasswordPassed) {
    if (passed.emailCodeId !== null && !(await useCode(db, LOGIN_CODES, passed.emailCodeId))) {
      return refuse(request, passed.email, passed.user, LOGIN_SECOND_STEPS.emailCode.invalid);
    }
  }

  const roleOf = (user: User) => ({ role: { type: user.roleType, perfil: user.perfil }, riskManager: user.riskManager });

  /** Shared by validate and reset: the reset row id when the code is right, else 400 (and one hit). */
  async function checkCode(ip: string, email: string, code: string): Promise<{ userId: string; resetId: string }> {
    const at = now();
    const [addressHit] = await reserve(db, [LIMITS.codeAddress(ip)], at);
    if (isOver(addressHit)) throw limited(addressHit, at);
    const user = await findUserByEmail(db, normaliseEmail(email));
    const resetId = user?.active ? await verifyCode(db, RESET_CODES, secret, user.id, code, at) : null;
    if (!user || !resetId) throw badRequest(AUTH_ERRORS.invalidResetCode);
    // Only wrong codes count against the address.
    await release(db, addressHit);
    return { userId: user.id, resetId };
  }

  return {
    // Login and enrolment are never stored for replay (their rows in server/http/routeTable.ts): the
    // answers are a token and a second factor's secret, which must not rest in the database.
    login: serves(AUTH_CONTRACTS.login, async (request) => {
      const passed = await passwordStep(request, request.body);
      const { user } = passed;
      const { twoFactorCode } = request.body;
      const at = now();
      const state = await loginTwoFactor(db, { id: user.id, ...roleOf(user) });
      if (!state.enabled) {
        if (!state.required) {
          await useEmailCode(request, passed);
          return signIn(request, passed);
        }
        // A required second factor not set up yet: the login page sets it up (POST
        // /two-factor/enrolment) and sends the app's first code, which confirms it here.
        if (twoFactorCode === undefined || !state.pending) {
          await notFailed(passed);
          throw unauthorized(TWO_FACTOR_SETUP_REQUIRED);
        }
        const recoveryCodes = await confirmTwoFactor(db, secret, accountSource(request, user), user, twoFactorCode, at);
        await useEmailCode(request, passed);
        if (!recoveryCodes) return refuse(request, user.email, user, LOGIN_SECOND_STEPS.twoFactorCode.invalid);
        return { ...(await signIn(request, passed)), recoveryCodes };
      }
      if (twoFactorCode === undefined) {
        await notFailed(passed);
        throw unauthorized(LOGIN_SECOND_STEPS.twoFactorCode.required);
      }
      // A wrong code counts as a wrong password: it keeps the attempt's reservations and guess, so
      // codes are held to the very limits of passwords (docs/rules/sign-in.md).
      const accepted = await checkSecondFactor(db, secret, user.id, twoFactorCode, at);
      await useEmailCode(request, passed);
      if (!accepted) return refuse(request, user.email, user, LOGIN_SECOND_STEPS.twoFactorCode.invalid);
      if (accepted === 'recovery') {
        await recordAudit(db, accountSource(request, user), { entity: 'twoFactor', action: 'twoFactorRecoveryUsed', record: user.id, tenant: user.riskManager });
      }
      return signIn(request, passed);
    }),

    // The setup of a second factor the account's risk manager requires, before the first login with
    // it: the password proves who asks (as a login does), and only such an account gets a secret.
    enrolment: serves(AUTH_CONTRACTS.enrolment, async (request) => {
      const passed = await passwordStep(request, request.body);
      const { user } = passed;
      await notFailed(passed);
      const state = await loginTwoFactor(db, { id: user.id, ...roleOf(user) });
      if (state.enabled || !state.required) throw conflict(TWO_FACTOR_MESSAGES.notRequiredHere);
      const setup = await startSetup(db, secret, user, now());
      if (!setup) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      return setup;
    }),

    // Same answer for every e-mail, known or not (no account enumeration).
    forget: serves(AUTH_CONTRACTS.forget, async (request) => {
      const email = normaliseEmail(request.body.email);
      const at = now();
      const over = (await reserve(db, [LIMITS.forgetAccount(email), LIMITS.forgetAddress(request.ip)], at)).find(isOver);
      if (over) throw limited(over, at);
  
      const user = await findUserByEmail(db, email);
      // The same statements for known, unknown and inactive accounts (see issueCode).
      const code = await issueCode(db, RESET_CODES, secret, user?.id ?? null, at);
      if (user && code !== null) {
        mail(request, { to: user.email, subject: RESET_MAIL_SUBJECT, text: resetMailText(user.name, code, deps.config.publicUrl) });
      }
      return { message: 'ok' as const };
    }),

    validate: serves(AUTH_CONTRACTS.validate, async (request) => {
      await checkCode(request.ip, request.body.email, request.body.resetCode);
      return { valid: true as const };
    }),

    reset: serves(AUTH_CONTRACTS.reset, async (request) => {
      const { email, resetCode, password } = request.body;
      // The shared password rule, checked before the code so a short password spends none of the 5 tries.
      const checked = await validate(resetPasswordSchema, { password });
      if (!checked.ok) throw invalid(checked.issues);
      const { userId, resetId } = await checkCode(request.ip, email, resetCode);
      const passwordHash = await hashPassword(password);
      if (!(await consumeResetCode(db, request.ip, resetId, userId, passwordHash))) throw badRequest(AUTH_ERRORS.invalidResetCode);
      // A person who just proved ownership of the mailbox may log in at once.
      await clearLimit(db, LIMITS.loginAccount(normaliseEmail(email)));
      return { message: 'ok' as const };
    }),
  };
}
