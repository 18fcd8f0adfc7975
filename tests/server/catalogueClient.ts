import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, login, type TestApp } from './helpers';

/** The demo accounts the catalogue tests act as (server/demo/seed.ts DEMO_USERS). */
export const ACCOUNTS = {
  admin: 'admin@demo.com.br',
  gestor: 'gestor@demo.com.br',
  operador: 'operador@demo.com.br',
  ti: 'ti@demo.com.br',
  prestador: 'prestador@demo.com.br',
  norte: 'gestor.norte@demo.com.br',
} as const;
export type Account = keyof typeof ACCOUNTS;

export interface Client {
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

/** app.inject with a demo user's token. */
export function clientFor(app: FastifyInstance, token: string): Client {
  const headers = { 'x-access-token': token };
  return {
    get: (url, extra = {}) => app.inject({ method: 'GET', url, headers: { ...headers, ...extra } }),
    post: (url, payload) => app.inject({ method: 'POST', url, headers, payload: payload as object }),
    put: (url, payload) => app.inject({ method: 'PUT', url, headers, payload: payload as object }),
    del: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/**
 * Logs every demo account in once per file (through POST /api/auth/). The tokens survive
 * TestApp.reset(): the seed gives the users the same ids and token version again.
 */
export async function loginAll(app: FastifyInstance): Promise<Record<Account, Client>> {
  const entries = await Promise.all(
    (Object.keys(ACCOUNTS) as Account[]).map(async (account) => [account, clientFor(app, await login(app, ACCOUNTS[account]))] as const),
  );
  return Object.fromEntries(entries) as Record<Account, Client>;
}

/**
 * The setup every catalogue test file shares: one app per file, every demo account logged in once,
 * the database reset (truncate + demo seed) before each test. `ready` receives both.
 */
export function useCatalogueApp(ready: (app: TestApp, clients: Record<Account, Client>) => void): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    ready(app, await loginAll(app.app));
  }, 120_000);
  afterAll(async () => app?.close());
  beforeEach(async () => app?.reset());
}
