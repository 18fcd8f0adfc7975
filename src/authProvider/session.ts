/**
 * The browser session (docs/rules/sign-in.md): token and user kept in storage under
 * brand-prefixed keys, the user stored without the token, an unauthorized flag raised by a 401
 * while a token is held, and listeners so React and the data layer can follow changes.
 * Free of React and react-admin: the public pages (login, forgot password) use it directly.
 */
import type { SessionUser, TokenClaims } from '../domain/roles';
import { isPerfil, isRoleType } from '../domain/roles';

export type { SessionUser };

export const TOKEN_KEY = 'prontaResposta.token';
export const USER_KEY = 'prontaResposta.user';

export interface SessionState {
  /** False until the stored session has been read (spec: "Initially unresolved"). */
  resolved: boolean;
  token: string | null;
  user: SessionUser | null;
  isUnauthorized: boolean;
}

export interface SessionStore {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Reads storage once; later calls are no-ops unless `force`. */
  load(force?: boolean): SessionState;
  save(token: string, user: SessionUser): void;
  /** Removes both keys and the unauthorized flag (logout). */
  clear(): void;
  markUnauthorized(): void;
}

export const userFromClaims = (claims: TokenClaims): SessionUser => ({
  id: claims.sub,
  riskManager: claims.riskManager ?? null,
  serviceProvider: claims.serviceProvider ?? null,
  name: claims.name,
  email: claims.email,
  role: { type: claims.role.type, perfil: claims.role.perfil },
});

function assertSessionUser(value: unknown): asserts value is SessionUser {
  const u = value as Partial<SessionUser> | null;
  if (
    typeof u !== 'object' ||
    u === null ||
    typeof u.email !== 'string' ||
    // A user stored before `riskManager` replaced `userRefId` is read as no session: log in again.
    !(typeof u.riskManager === 'string' || u.riskManager === null) ||
    typeof u.role !== 'object' ||
    u.role === null ||
    !isRoleType(u.role.type) ||
    !isPerfil(u.role.perfil)
  ) {
    throw new Error('Usuário salvo em formato inesperado');
  }
}

const EMPTY: SessionState = { resolved: false, token: null, user: null, isUnauthorized: false };

/** `getStorage` is a function so a store can be created before the DOM exists (tests, SSR). */
export function createSessionStore(getStorage: () => Storage = () => window.localStorage): SessionStore {
  let state: SessionState = EMPTY;
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const l of [...listeners]) l();
  };

  const removeBoth = (storage: Storage) => {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(USER_KEY);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(force = false) {
      if (state.resolved && !force) return state;
      const storage = getStorage();
      const token = storage.getItem(TOKEN_KEY);
      const rawUser = storage.getItem(USER_KEY);
      if (!token || !rawUser) {
        // Half a session is no session: drop whichever key is left.
        if (token || rawUser) removeBoth(storage);
        set({ resolved: true, token: null, user: null, isUnauthorized: false });
        return state;
      }
      try {
        const user: unknown = JSON.parse(rawUser);
        assertSessionUser(user);
        set({ resolved: true, token, user, isUnauthorized: false });
      } catch (err) {
        console.error('Erro ao parsear o usuário salvo:', err);
        removeBoth(storage);
        set({ resolved: true, token: null, user: null, isUnauthorized: false });
      }
      return state;
    },
    save(token, user) {
      const storage = getStorage();
      storage.setItem(TOKEN_KEY, token);
      storage.setItem(USER_KEY, JSON.stringify(user));
      set({ resolved: true, token, user, isUnauthorized: false });
    },
    clear() {
      removeBoth(getStorage());
      set({ resolved: true, token: null, user: null, isUnauthorized: false });
    },
    markUnauthorized() {
      if (!state.token || state.isUnauthorized) return;
      set({ ...state, isUnauthorized: true });
    },
  };
}

/** The app's one session. */
export const session: SessionStore = createSessionStore();
