/**
 * The fake HTTP layer left for the one screen test not yet over the real server (reports.test.tsx):
 * the real data provider, auth provider, i18n and toasts over lists kept in memory, every call
 * logged, and a test's own handler tried first. The other screen tests run over the real server
 * (contractHarness.tsx, uiServer.tsx).
 */
import { QueryClient } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { createAuthProvider } from '../../src/authProvider/authProvider';
import { createSessionStore, type SessionUser } from '../../src/authProvider/session';
import { createDataProvider } from '../../src/dataProvider';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { ResourceEndpoint, ServiceBase } from '../../src/dataProvider/endpoints';
import { HttpError } from '../../src/dataProvider/HttpError';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import type { Role } from '../../src/domain/roles';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { RaNotificationBridge } from '../../src/layout/RaNotificationBridge';
import { Toaster } from '../../src/layout/Toaster';

// The first render of a file loads MUI and react-admin; on a busy machine that outlasts the
// default 1 s of findBy*. Waiting longer only slows a test that is failing anyway.
configure({ asyncUtilTimeout: 4000 });

export interface FakeRequest {
  method: string;
  base: ServiceBase;
  path: string;
  body: unknown;
  query?: RequestOptions['query'];
}

/**
 * Answers a request (a value or a promise of one), or undefined to let the in-memory collections
 * answer. Throw HttpError to fail.
 */
export type FakeHandler = (request: FakeRequest) => unknown;

export interface FakeApi {
  httpClient: HttpClient;
  calls: FakeRequest[];
  /** Handlers tried first, newest first. */
  use(handler: FakeHandler): void;
}

/** `collections`: the lists answered to GET, by `${base}:${listPath}`, e.g. 'admin:shippers'. */
export function createFakeApi(collections: Record<string, ApiRecord[]> = {}): FakeApi {
  const handlers: FakeHandler[] = [];
  const calls: FakeRequest[] = [];
  const api: FakeApi = {
    calls,
    use: (handler) => handlers.unshift(handler),
    httpClient: (async (base: ServiceBase, path: string, options: RequestOptions = {}) => {
      const request: FakeRequest = {
        method: options.method ?? 'GET',
        base,
        path: path.replace(/^\//, ''),
        body: options.body,
        query: options.query,
      };
      calls.push(request);
      for (const handler of handlers) {
        const answer = await handler(request);
        if (answer !== undefined) return { status: 200, headers: new Headers(), data: answer };
      }
      return { status: 200, headers: new Headers(), data: answerFromCollections(collections, request) };
    }) as HttpClient,
  };
  return api;
}

function answerFromCollections(collections: Record<string, ApiRecord[]>, { method, base, path }: FakeRequest): unknown {
  const listKey = `${base}:${path}`;
  if (method === 'GET' && collections[listKey]) return collections[listKey];
  throw new HttpError(404, { error: `Sem resposta falsa para ${method} ${base}/${path}` });
}

const base64Url = (value: object): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const RISK_MANAGER_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';

export interface TestUser {
  role: Role;
  riskManager: string | null;
  serviceProvider?: string | null;
  name?: string;
}

const ADMIN: TestUser = { role: { type: 'admin', perfil: 'admin' }, riskManager: null, name: 'Admin' };
export const GESTOR_ADMIN: TestUser = { role: { type: 'risk_manager', perfil: 'admin' }, riskManager: RISK_MANAGER_ID, name: 'Gestor' };
export const PRESTADOR_ADMIN: TestUser = {
  role: { type: 'service_provider', perfil: 'admin' },
  riskManager: RISK_MANAGER_ID,
  serviceProvider: 'aaaaaaaaaaaaaaaaaaaaaa09',
  name: 'Prestador',
};

/** A signed-in session for `user` (the token is only decoded in the browser, never verified). */
export function sessionFor(user: TestUser) {
  const store = createSessionStore(() => window.localStorage);
  const sessionUser: SessionUser = {
    id: 'bbbbbbbbbbbbbbbbbbbbbb01',
    riskManager: user.riskManager,
    serviceProvider: user.serviceProvider ?? null,
    name: user.name ?? 'Usuário',
    email: 'teste@demo.com.br',
    role: user.role,
  };
  const claims = {
    sub: sessionUser.id,
    riskManager: user.riskManager,
    serviceProvider: user.serviceProvider ?? null,
    name: sessionUser.name,
    email: sessionUser.email,
    role: user.role,
    ver: 1,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  store.save(`${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.sig`, sessionUser);
  return store;
}

export interface RenderAppOptions {
  path: string;
  api: FakeApi;
  endpoints: Record<string, ResourceEndpoint>;
  user?: TestUser;
  children: ReactNode;
}


/** Renders `children` (routes) inside the app's real providers at `path`. */
export function renderApp({ path, api, endpoints, user = ADMIN, children }: RenderAppOptions): RenderResult {
  const dataProvider = createDataProvider({ httpClient: api.httpClient, endpoints });
  const authProvider = createAuthProvider({ session: sessionFor(user) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        {children}
        <RaNotificationBridge />
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
}
