/**
 * The auth service calls (docs/api.md#autenticação; base /api/auth). They are
 * unauthenticated, and POSTs without an Idempotency-Key: a login or a code request is never
 * replayed behind the user's back (the server rate-limits failures).
 */
import type { LoginSecondStep } from '../domain/apiErrors';
import type { TwoFactorSetup } from '../domain/twoFactor';
import { createHttpClient, type HttpClient } from './httpClient';

/** The values of a login's second steps, each sent in the body under the step's name (LOGIN_SECOND_STEPS). */
export type SecondStepValues = Partial<Record<LoginSecondStep, string>>;

/** A login's answer: the token, and the recovery codes when it confirmed a required second factor. */
export interface LoginAnswer {
  token: string;
  recoveryCodes?: string[];
}

export interface ResetPasswordInput {
  email: string;
  resetCode: string;
  password: string;
}

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
  const post = <T>(path: string, body: unknown) =>
    client<T>('auth', path, { method: 'POST', body, authorized: false, idempotencyKey: false });
  return {
    async login(username, password, secondSteps) {
      const { data } = await post<{ token?: unknown; recoveryCodes?: unknown }>('/', { username, password, ...secondSteps });
      const codes = data?.recoveryCodes;
      return {
        token: typeof data?.token === 'string' ? data.token : '',
        ...(Array.isArray(codes) ? { recoveryCodes: codes.filter((c): c is string => typeof c === 'string') } : {}),
      };
    },
    async enrol(username, password, secondSteps) {
      // Only the e-mailed code goes with the password here: the app's code confirms at login.
      const emailCode = secondSteps?.emailCode;
      return (await post<TwoFactorSetup>('/two-factor/enrolment', { username, password, ...(emailCode ? { emailCode } : {}) })).data;
    },
    async forget(email) {
      await post('/forget', { email });
    },
    async validate(email, resetCode) {
      await post('/forget/validate', { email, resetCode });
    },
    async reset({ email, resetCode, password }) {
      await post('/forget/reset', { email, resetCode, password });
    },
  };
}

/** The public pages' calls: unauthenticated, so no session is needed. */
export const authApi: AuthApi = createAuthApi(createHttpClient());
