/**
 * The auth service calls (docs/api.md#autenticação; base /api/auth). They are
 * unauthenticated, and POSTs without an Idempotency-Key: a login or a code request is never
 * replayed behind the user's back (the server rate-limits failures).
 */
import type { LoginSecondStep } from '../domain/apiErrors';
import { AUTH_CONTRACTS } from '../domain/auth/contracts';
import type { BodyOf, ReplyOf } from '../domain/contract';
import type { TwoFactorSetup } from '../domain/twoFactor';
import { createCall } from './call';
import { createHttpClient, type HttpClient, type RequestOptions } from './httpClient';
import type { ServiceBase } from './endpoints';

/** The values of a login's second steps, each sent in the body under the step's name (LOGIN_SECOND_STEPS). */
export type SecondStepValues = Partial<Record<LoginSecondStep, string>>;

/** A login's answer: the token, and the recovery codes when it confirmed a required second factor. */
export type LoginAnswer = ReplyOf<typeof AUTH_CONTRACTS.login>;

export type ResetPasswordInput = BodyOf<typeof AUTH_CONTRACTS.reset>;

export interface AuthApi {
  /** POST / {username, password} (plus emailCode, twoFactorCode when asked for) → {token}. */
  login: (username: string, password: string, secondSteps?: SecondStepValues) => Promise<LoginAnswer>;
  /** POST /two-factor/enrolment: the setup of a second factor the account's risk manager requires. */
  enrol: (username: string, password: string, secondSteps?: SecondStepValues) => Promise<TwoFactorSetup>;
  /** POST /forget {email}: sends a verification code when the account exists. */
  forget: (email: string) => Promise<void>;
  /** POST /forget/validate {email, resetCode}. */
  validate: (email: string, resetCode: string) => Promise<void>;
  /** POST /forget/reset {email, resetCode, password}. */
  reset: (input: ResetPasswordInput) => Promise<void>;
}

export function createAuthApi(client: HttpClient): AuthApi {
  // Without the session's token, whoever is signed in: these calls open or recover a session.
  const call = createCall(<T>(base: ServiceBase, path: string, options?: RequestOptions) => client<T>(base, path, { ...options, authorized: false }));
  return {
    login: (username, password, secondSteps) => call(AUTH_CONTRACTS.login, { body: { username, password, ...secondSteps }, idempotencyKey: false }),
    enrol(username, password, secondSteps) {
      // Only the e-mailed code goes with the password here: the app's code confirms at login.
      const emailCode = secondSteps?.emailCode;
      return call(AUTH_CONTRACTS.enrolment, { body: { username, password, ...(emailCode ? { emailCode } : {}) }, idempotencyKey: false });
    },
    async forget(email) {
      await call(AUTH_CONTRACTS.forget, { body: { email }, idempotencyKey: false });
    },
    async validate(email, resetCode) {
      await call(AUTH_CONTRACTS.validate, { body: { email, resetCode }, idempotencyKey: false });
    },
    async reset({ email, resetCode, password }) {
      await call(AUTH_CONTRACTS.reset, { body: { email, resetCode, password }, idempotencyKey: false });
    },
  };
}

/** The public pages' calls: unauthenticated, so no session is needed. */
export const authApi: AuthApi = createAuthApi(createHttpClient());
