/**
 * The auth service calls (spec section 7, "Authentication"; base /api/auth). They are
 * unauthenticated, and POSTs without an Idempotency-Key: a login or a code request is never
 * replayed behind the user's back (the server rate-limits failures).
 */
import type { LoginSecondStep } from '../domain/apiErrors';
import { createHttpClient, type HttpClient } from './httpClient';

/** The value of a login's second step, sent in the body under the step's name (LOGIN_SECOND_STEPS). */
export interface SecondStepValue {
  step: LoginSecondStep;
  code: string;
}

export interface ResetPasswordInput {
  email: string;
  resetCode: string;
  password: string;
}

export interface AuthApi {
  /** POST / {username, password} (plus e.g. emailCode when a second step is given) → {token}. */
  login: (username: string, password: string, secondStep?: SecondStepValue) => Promise<{ token: string }>;
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
    async login(username, password, secondStep) {
      const body = secondStep ? { username, password, [secondStep.step]: secondStep.code } : { username, password };
      const { data } = await post<{ token?: unknown }>('/', body);
      return { token: typeof data?.token === 'string' ? data.token : '' };
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
