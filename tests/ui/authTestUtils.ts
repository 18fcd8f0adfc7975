/**
 * Helpers of the UI tests that touch the session: unsigned JWTs with the server's claims, stored
 * sessions, fetch answers, and the global fetch recorded over the real server. The browser never
 * checks signatures, so none is made here.
 */
import { vi } from 'vitest';
import { session, TOKEN_KEY, USER_KEY, userFromClaims } from '../../src/authProvider/session';
import type { Role, TokenClaims } from '../../src/domain/roles';

const b64url = (value: unknown) =>
  Buffer.from(JSON.stringify(value)).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const ROLES = {
  admin: { type: 'admin', perfil: 'admin' },
  gestor: { type: 'risk_manager', perfil: 'admin' },
  operador: { type: 'risk_manager', perfil: 'operational' },
  ti: { type: 'risk_manager', perfil: 'ti' },
  prestador: { type: 'service_provider', perfil: 'admin' },
  prestador2: { type: 'service_provider', perfil: 'operational' },
} as const satisfies Record<string, Role>;

export function claimsFor(role: Role, overrides: Partial<TokenClaims> = {}): TokenClaims {
  return {
    sub: '64b7f0c2a1b2c3d4e5f60718',
    riskManager: role.type === 'admin' ? null : '64b7f0c2a1b2c3d4e5f60001',
    serviceProvider: role.type === 'service_provider' ? '64b7f0c2a1b2c3d4e5f60002' : null,
    name: 'Gestora Demo',
    email: 'gestor@demo.com.br',
    role,
    ver: 1,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
}

export const makeToken = (claims: object): string => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`;

/** Puts a session in storage the way a login does, and makes the app's store read it. */
export function storeSession(role: Role, overrides: Partial<TokenClaims> = {}): string {
  const claims = claimsFor(role, overrides);
  const token = makeToken(claims);
  window.localStorage.setItem(TOKEN_KEY, token);
  window.localStorage.setItem(USER_KEY, JSON.stringify(userFromClaims(claims)));
  session.load(true);
  return token;
}

/** Logs the app's store out (storage emptied by the shared setup between tests). */
export function resetSession(): void {
  window.localStorage.clear();
  session.load(true);
}

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/**
 * Makes `serverFetch` (the real server's: contractHarness.tsx's injectFetch) the global fetch the
 * app's own clients use, recording each call with its parsed JSON body. `failNext(url, answer)`
 * answers the next call to `url` with `answer` instead, for what the server cannot produce on cue
 * (a 500); every other call goes through. `settled()` waits for every answer given so far.
 */
export function recordFetch(serverFetch: typeof fetch) {
  const calls: FetchCall[] = [];
  const failures = new Map<string, Response>();
  const answers: Promise<unknown>[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = init.body;
    const call: FetchCall = {
      url: input instanceof Request ? input.url : input.toString(),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const failure = failures.get(call.url);
    failures.delete(call.url);
    const answer = failure ? Promise.resolve(failure) : serverFetch(input, init);
    answers.push(answer.catch(() => undefined));
    return answer;
  });
  return {
    calls,
    failNext: (url: string, answer: Response) => void failures.set(url, answer),
    settled: () => Promise.all(answers),
  };
}
