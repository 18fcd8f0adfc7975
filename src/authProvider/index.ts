export { authProvider, createAuthProvider, LOGIN_PATH, type AppAuthProvider } from './authProvider';
export { session, createSessionStore, TOKEN_KEY, USER_KEY, type SessionState, type SessionStore, type SessionUser } from './session';
export { useSession } from './useSession';
export { AUTH_MESSAGES, LoginError } from './messages';
