import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createAuthProvider } from '../../src/authProvider/authProvider';
import { AUTH_MESSAGES, SECOND_STEP_TEXTS, SecondStepError } from '../../src/authProvider/messages';
import { createSessionStore, TOKEN_KEY, USER_KEY } from '../../src/authProvider/session';
import type { AuthApi } from '../../src/dataProvider/authApi';
import { HttpError } from '../../src/dataProvider/HttpError';
import { claimsFor, makeToken, ROLES } from './authTestUtils';

const storage = () => window.localStorage;

function apiAnswering(login: AuthApi['login']): AuthApi {
  const unused = () => Promise.reject(new Error('not used'));
  return { login, enrol: unused, forget: unused, validate: unused, reset: unused };
}

describe('session storage', () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('is unresolved until loaded, then logged in from a stored token and user', () => {
    const claims = claimsFor(ROLES.gestor);
    storage().setItem(TOKEN_KEY, makeToken(claims));
    storage().setItem(USER_KEY, JSON.stringify({ id: claims.sub, riskManager: claims.riskManager, serviceProvider: null, name: claims.name, email: claims.email, role: claims.role }));
    const store = createSessionStore(storage);
    expect(store.getState().resolved).toBe(false);
    const state = store.load();
    expect(state.resolved).toBe(true);
    expect(state.user?.name).toBe('Gestora Demo');
    expect(state.token).toBe(storage().getItem(TOKEN_KEY));
  });

  it('clears both keys and logs the error when the stored user cannot be parsed', () => {
    storage().setItem(TOKEN_KEY, makeToken(claimsFor(ROLES.gestor)));
    storage().setItem(USER_KEY, '{not json');
    const state = createSessionStore(storage).load();
    expect(state).toMatchObject({ resolved: true, token: null, user: null });
    expect(storage().getItem(TOKEN_KEY)).toBeNull();
    expect(storage().getItem(USER_KEY)).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Erro ao parsear o usuário salvo:', expect.any(SyntaxError));
  });

  it('treats a stored user without a valid role as unparseable', () => {
    storage().setItem(TOKEN_KEY, makeToken(claimsFor(ROLES.gestor)));
    storage().setItem(USER_KEY, JSON.stringify({ email: 'x@y.z', role: { type: 'hacker', perfil: 'admin' } }));
    const state = createSessionStore(storage).load();
    expect(state.token).toBeNull();
    expect(storage().getItem(TOKEN_KEY)).toBeNull();
    expect(consoleError).toHaveBeenCalledWith('Erro ao parsear o usuário salvo:', expect.any(Error));
  });
});

describe('authProvider', () => {
  it('login posts the credentials, stores the token and the user without the token', async () => {
    const store = createSessionStore(storage);
    const claims = claimsFor(ROLES.operador, { name: 'Operador Demo', email: 'operador@demo.com.br' });
    const token = makeToken(claims);
    const login = vi.fn(() => Promise.resolve({ token }));
    const auth = createAuthProvider({ session: store, api: apiAnswering(login) });
    await auth.login({ username: ' operador@demo.com.br ', password: 'Demo@123' });
    expect(login).toHaveBeenCalledWith('operador@demo.com.br', 'Demo@123', undefined);
    expect(storage().getItem('prontaResposta.token')).toBe(token);
    const user: unknown = JSON.parse(storage().getItem('prontaResposta.user') ?? 'null');
    expect(user).toEqual({
      id: claims.sub,
      riskManager: claims.riskManager,
      serviceProvider: null,
      name: 'Operador Demo',
      email: 'operador@demo.com.br',
      role: ROLES.operador,
    });
    expect(JSON.stringify(user)).not.toContain(token);
    expect(await auth.getPermissions({})).toEqual(ROLES.operador);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getIdentity()).toMatchObject({ id: claims.sub, fullName: 'Operador Demo' });
  });

  it("getIdentity carries the user's risk manager and service provider", async () => {
    const store = createSessionStore(storage);
    const claims = claimsFor(ROLES.prestador2, { name: 'Prestador Demo', email: 'prestador@demo.com.br' });
    const auth = createAuthProvider({ session: store, api: apiAnswering(() => Promise.resolve({ token: makeToken(claims) })) });
    await auth.login({ username: 'prestador@demo.com.br', password: 'Demo@123' });
    expect(await auth.getIdentity()).toEqual({
      id: claims.sub,
      fullName: 'Prestador Demo',
      email: 'prestador@demo.com.br',
      role: ROLES.prestador2,
      riskManager: claims.riskManager,
      serviceProvider: claims.serviceProvider,
    });
    expect(claims.serviceProvider).toMatch(/^[0-9a-f]{24}$/);
  });

  it.each([
    [new HttpError(401, { error: 'invalid credentials' }), AUTH_MESSAGES.invalidCredentials],
    [new HttpError(429, { error: 'too many attempts' }), AUTH_MESSAGES.tooManyAttempts],
    [new HttpError(500, { error: 'Unknown error' }), AUTH_MESSAGES.other],
    [new HttpError(0, { error: 'offline' }), AUTH_MESSAGES.other],
  ])('maps a failed login to the product’s text (%#)', async (failure, text) => {
    const auth = createAuthProvider({ session: createSessionStore(storage), api: apiAnswering(async () => Promise.reject(failure)) });
    await expect(auth.login({ username: 'a@b.co', password: 'x' })).rejects.toThrow(text);
    expect(storage().getItem(TOKEN_KEY)).toBeNull();
  });

  it('turns the second-step answers into a SecondStepError and sends the step with the password', async () => {
    const login = vi.fn<AuthApi['login']>(() => Promise.reject(new HttpError(401, { error: 'email code required' })));
    const auth = createAuthProvider({ session: createSessionStore(storage), api: apiAnswering(login) });
    const asked = await auth.login({ username: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(asked).toBeInstanceOf(SecondStepError);
    expect(asked).toMatchObject({ step: 'emailCode', refused: false, message: SECOND_STEP_TEXTS.emailCode.explanation });

    login.mockImplementation(() => Promise.reject(new HttpError(401, { error: 'invalid email code' })));
    const secondSteps = { emailCode: '123456' };
    const refused = await auth.login({ username: 'a@b.co', password: 'x', secondSteps }).catch((e: unknown) => e);
    expect(login).toHaveBeenLastCalledWith('a@b.co', 'x', secondSteps);
    expect(refused).toMatchObject({ step: 'emailCode', refused: true, message: 'Código de verificação inválido' });
  });

  it('refuses a token it cannot decode, or whose role type is unknown', async () => {
    const store = createSessionStore(storage);
    const garbage = createAuthProvider({ session: store, api: apiAnswering(() => Promise.resolve({ token: 'not-a-jwt' })) });
    await expect(garbage.login({ username: 'a@b.co', password: 'x' })).rejects.toThrow(AUTH_MESSAGES.invalidToken);
    const badRole = makeToken(claimsFor({ type: 'martian', perfil: 'admin' } as never));
    const martian = createAuthProvider({ session: store, api: apiAnswering(() => Promise.resolve({ token: badRole })) });
    await expect(martian.login({ username: 'a@b.co', password: 'x' })).rejects.toThrow(AUTH_MESSAGES.invalidRoleType);
    expect(store.getState().token).toBeNull();
  });

  it('logout clears both keys and the unauthorized flag, and tells listeners', async () => {
    const store = createSessionStore(storage);
    const claims = claimsFor(ROLES.gestor);
    const auth = createAuthProvider({ session: store, api: apiAnswering(() => Promise.resolve({ token: makeToken(claims) })) });
    await auth.login({ username: 'gestor@demo.com.br', password: 'x' });
    store.markUnauthorized();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(await auth.logout({})).toBe('/login');
    expect(storage().getItem(TOKEN_KEY)).toBeNull();
    expect(storage().getItem(USER_KEY)).toBeNull();
    expect(store.getState()).toMatchObject({ token: null, user: null, isUnauthorized: false });
    expect(listener).toHaveBeenCalled();
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('checkAuth rejects an expired token and clears it', async () => {
    const store = createSessionStore(storage);
    const claims = claimsFor(ROLES.gestor, { exp: Math.floor(Date.now() / 1000) - 10 });
    const auth = createAuthProvider({ session: store, api: apiAnswering(() => Promise.resolve({ token: makeToken(claims) })) });
    await auth.login({ username: 'gestor@demo.com.br', password: 'x' });
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    expect(storage().getItem(TOKEN_KEY)).toBeNull();
  });

  it('checkError keeps the session on a 401 with a token (the relogin dialog handles it) and leaves without one', async () => {
    const store = createSessionStore(storage);
    const auth = createAuthProvider({ session: store, api: apiAnswering(() => Promise.resolve({ token: makeToken(claimsFor(ROLES.gestor)) })) });
    await auth.login({ username: 'gestor@demo.com.br', password: 'x' });
    await expect(auth.checkError({ status: 401 })).resolves.toBeUndefined();
    await expect(auth.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(store.getState().token).not.toBeNull();
    store.clear();
    await expect(auth.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
  });
});
