/**
 * Test harness of the generated screens: the real data provider, auth provider, i18n and toasts
 * over a fake HTTP layer (DESIGN convention 7). The fake API keeps collections in memory, answers
 * list/create/update/delete like the server, logs every call, and lets a test put its own handler
 * in front (errors, slow answers, child endpoints).
 */
import { QueryClient } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
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
  /** The Idempotency-Key the caller asked for (undefined: the real client would make one up). */
  idempotencyKey?: string | false;
}

/**
 * Answers a request (a value or a promise of one), or undefined to let the in-memory collections
 * answer. Throw HttpError to fail.
 */
export type FakeHandler = (request: FakeRequest) => unknown;

let idCounter = 0;
/** 24 lower-case hex characters, like the server's ids. */
const newId = (): string => (++idCounter).toString(16).padStart(24, 'c');

export interface FakeApi {
  httpClient: HttpClient;
  /** Collections by `${base}:${listPath}`, e.g. 'admin:causes'. */
  collections: Record<string, ApiRecord[]>;
  calls: FakeRequest[];
  /** Handlers tried first, newest first. */
  use(handler: FakeHandler): void;
}

export function createFakeApi(collections: Record<string, ApiRecord[]> = {}): FakeApi {
  const handlers: FakeHandler[] = [];
  const calls: FakeRequest[] = [];
  const api: FakeApi = {
    collections,
    calls,
    use: (handler) => handlers.unshift(handler),
    httpClient: (async (base: ServiceBase, path: string, options: RequestOptions = {}) => {
      const request: FakeRequest = {
        method: options.method ?? 'GET',
        base,
        path: path.replace(/^\//, ''),
        body: options.body,
        query: options.query,
        idempotencyKey: options.idempotencyKey,
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

function answerFromCollections(collections: Record<string, ApiRecord[]>, { method, base, path, body }: FakeRequest): unknown {
  const listKey = `${base}:${path}`;
  if (method === 'GET' && collections[listKey]) return collections[listKey];
  if (method === 'POST' && collections[listKey]) {
    const record = { ...(body as Record<string, unknown>), _id: newId() } as ApiRecord;
    collections[listKey].push(record);
    return record;
  }
  const slash = path.lastIndexOf('/');
  const itemKey = `${base}:${path.slice(0, slash)}`;
  const id = decodeURIComponent(path.slice(slash + 1));
  const rows = collections[itemKey];
  if (rows && method === 'GET') {
    const found = rows.find((r) => r._id === id);
    if (!found) throw new HttpError(404, { error: 'Registro não encontrado' });
    return found;
  }
  if (rows && (method === 'PUT' || method === 'DELETE')) {
    const index = rows.findIndex((r) => r._id === id);
    if (index < 0) throw new HttpError(404, { error: 'Registro não encontrado' });
    if (method === 'DELETE') {
      rows.splice(index, 1);
      return null;
    }
    rows[index] = { ...rows[index], ...(body as Record<string, unknown>), _id: id };
    return rows[index];
  }
  throw new HttpError(404, { error: `Sem resposta falsa para ${method} ${base}/${path}` });
}

const base64Url = (value: object): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const RISK_MANAGER_ID = 'aaaaaaaaaaaaaaaaaaaaaa01';

export interface TestUser {
  role: Role;
  riskManager: string | null;
  serviceProvider?: string | null;
  name?: string;
}

export const ADMIN: TestUser = { role: { type: 'admin', perfil: 'admin' }, riskManager: null, name: 'Admin' };
export const GESTOR_ADMIN: TestUser = { role: { type: 'risk_manager', perfil: 'admin' }, riskManager: RISK_MANAGER_ID, name: 'Gestor' };
export const OPERADOR: TestUser = { role: { type: 'risk_manager', perfil: 'operational' }, riskManager: RISK_MANAGER_ID, name: 'Operador' };
export const TI: TestUser = { role: { type: 'risk_manager', perfil: 'ti' }, riskManager: RISK_MANAGER_ID, name: 'TI' };
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

export interface RenderedApp extends RenderResult {
  /** The router's current location. */
  location: () => Location;
}

/** Renders `children` (routes) inside the app's real providers at `path`. */
export function renderApp({ path, api, endpoints, user = ADMIN, children }: RenderAppOptions): RenderedApp {
  const dataProvider = createDataProvider({ httpClient: api.httpClient, endpoints });
  const authProvider = createAuthProvider({ session: sessionFor(user) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  let current: Location | undefined;
  const result = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (current = l)}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        {children}
        <RaNotificationBridge />
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return Object.assign(result, {
    location: () => {
      if (!current) throw new Error('router location not reported yet');
      return current;
    },
  });
}
