/**
 * react-admin's authProvider over the session store (docs/rules/sign-in.md; docs/architecture.md).
 * Only types come from react-admin, so the login page can use this module without pulling
 * react-admin into its bundle.
 */
/* eslint-disable @typescript-eslint/only-throw-error, @typescript-eslint/require-await --
   react-admin's AuthProvider contract: every method returns a promise, and a rejection that must
   send the user to /login quietly is the plain object {redirectTo, message: false} (ra-core tests
   `message === false`, which an Error cannot carry). */
import type { AuthProvider, UserIdentity } from 'ra-core';
import type { Role } from '../domain/roles';
import type { TwoFactorSetup } from '../domain/twoFactor';
import { authApi as defaultAuthApi, type AuthApi, type SecondStepValues } from '../dataProvider/authApi';
import { decodeToken, isExpired } from './jwt';
import { loginErrorCode, secondStepError } from './loginErrors';
import { LoginError } from './messages';
import { session as defaultSession, userFromClaims, type SessionStore } from './session';

export const LOGIN_PATH = '/login';

/** What the login form sends: the password, and the values of the second steps the server asked for. */
export interface LoginParams {
  username: string;
  password: string;
  secondSteps?: SecondStepValues;
}

export interface AppAuthProvider extends AuthProvider {
  /** Answers the recovery codes of a login that confirmed a required second factor (shown once). */
  login(params: LoginParams): Promise<{ recoveryCodes?: string[] }>;
  /** Starts the setup of a second factor the server asked for at login (SecondStepError.setup). */
  enrolTwoFactor(params: LoginParams): Promise<TwoFactorSetup>;
  getIdentity(): Promise<UserIdentity>;
  getPermissions(params?: unknown): Promise<Role | null>;
}

export interface AuthProviderDeps {
  session?: SessionStore;
  api?: AuthApi;
}

/** A rejection react-admin understands as "go to /login quietly" (no error toast). */
const toLogin = () => ({ redirectTo: LOGIN_PATH, message: false as const });

export function createAuthProvider(deps: AuthProviderDeps = {}): AppAuthProvider {
  const store = deps.session ?? defaultSession;
  const api = deps.api ?? defaultAuthApi;
  const current = () => store.load();

  return {
    async login({ username, password, secondSteps }) {
      let answer: Awaited<ReturnType<AuthApi['login']>>;
      try {
        answer = await api.login(username.trim(), password, secondSteps);
      } catch (error) {
        throw secondStepError(error) ?? new LoginError(loginErrorCode(error));
      }
      const decoded = decodeToken(answer.token);
      if (!decoded.ok) throw new LoginError(decoded.reason);
      store.save(answer.token, userFromClaims(decoded.claims));
      return answer.recoveryCodes ? { recoveryCodes: answer.recoveryCodes } : {};
    },

    async enrolTwoFactor({ username, password, secondSteps }) {
      try {
        return await api.enrol(username.trim(), password, secondSteps);
      } catch (error) {
        throw secondStepError(error) ?? new LoginError(loginErrorCode(error));
      }
    },

    async logout() {
      // Listeners (the admin app) reset their cached data when the session is cleared.
      store.clear();
      return LOGIN_PATH;
    },

    async checkAuth() {
      const { token } = current();
      if (!token) throw toLogin();
      const decoded = decodeToken(token);
      if (!decoded.ok || isExpired(decoded.claims)) {
        store.clear();
        throw toLogin();
      }
    },

    async checkError(error: { status?: number } | undefined) {
      // A 401 while a token is held is handled by the relogin dialog (the http client flagged the
      // session), so the user sees why; without a token there is nothing to keep: go to /login.
      if (error?.status === 401 && !current().token) throw toLogin();
    },

    /** Permissions are the role {type, perfil}. */
    async getPermissions() {
      return current().user?.role ?? null;
    },

    async getIdentity(): Promise<UserIdentity> {
      const { user } = current();
      if (!user) throw toLogin();
      return {
        id: user.id,
        fullName: user.name,
        email: user.email,
        role: user.role,
        riskManager: user.riskManager,
        serviceProvider: user.serviceProvider,
      };
    },
  };
}

export const authProvider: AppAuthProvider = createAuthProvider();
