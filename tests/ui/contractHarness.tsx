/**
 * The contract harness (docs/api.md): the real screens, data provider, auth provider and http client
 * over the REAL server — buildApp on a migrated in-memory PGlite with the demo seed — instead of
 * the fake API. The http client's `fetch` goes through `app.inject`, so every call crosses the
 * real routes, route schemas, authentication, tenancy and shared validation. PGlite loads in the
 * jsdom worker as it does in node (its WASM is read from node_modules). One thing differs: jsdom
 * puts its own realm's Uint8Array and ArrayBuffer on the global object, while Node's TextEncoder,
 * crypto and Buffer make Node's, so the server's libraries misread their own bytes (jose refuses
 * its key: `key instanceof Uint8Array`; Fastify serialises a Buffer body as JSON:
 * `payload.buffer instanceof ArrayBuffer`). The harness gives the global back Node's two classes
 * (Buffer's parent class and its memory's) before the server runs; the screens do not depend on
 * jsdom's.
 */
import { QueryClient } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FastifyInstance } from 'fastify';
import type { ReactElement, ReactNode } from 'react';
import { AdminContext, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { expect } from 'vitest';
import { createAuthProvider } from '../../src/authProvider/authProvider';
import { createSessionStore, session as appSession } from '../../src/authProvider/session';
import type { SessionUser } from '../../src/domain/roles';
import { AdminSection } from '../../src/custom/admin/AdminSection';
import { UsersPage } from '../../src/custom/users/UsersPage';
import { createDataProvider } from '../../src/dataProvider';
import { createAuthApi } from '../../src/dataProvider/authApi';
import { createHttpClient, type HttpClient } from '../../src/dataProvider/httpClient';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { dismiss } from '../../src/layout/notify';
import { RaNotificationBridge } from '../../src/layout/RaNotificationBridge';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import type { ResourceDeclaration } from '../../src/resources/framework/types';
import type { ResourceEndpoint } from '../../src/dataProvider/endpoints';
import { DEMO_PASSWORD } from '../server/helpers';

configure({ asyncUtilTimeout: 8000 });

globalThis.Uint8Array = (Object.getPrototypeOf(Buffer.prototype) as Uint8Array).constructor as Uint8ArrayConstructor;
globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;

/** Every header value of an inject answer as the string fetch's Headers expects. */
function headersOf(raw: Record<string, string | string[] | number | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
  }
  return headers;
}

/**
 * A FormData (jsdom's, as the screens build it) as the multipart/form-data body a browser sends:
 * text fields, and files with their name and type.
 */
async function multipartOf(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const boundary = `----contrato${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      const head = `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${value.name}"\r\ncontent-type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(head), Buffer.from(await value.arrayBuffer()), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A `fetch` that answers through `app.inject` (no socket), as the browser's fetch would. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const body = init.body;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let payload: string | Buffer | undefined;
    if (typeof body === 'string') payload = body;
    else if (body instanceof FormData) {
      const form = await multipartOf(body);
      payload = form.payload;
      headers['content-type'] = form.contentType;
    } else if (body !== undefined && body !== null) throw new Error('injectFetch: only JSON and FormData bodies');
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: headersOf(response.headers),
    });
  };
}

/** An HTTP client over the real server that sends `token` (a login made by the test), with no retry waits. */
export const tokenClient = (app: FastifyInstance, token: string): HttpClient =>
  createHttpClient({ fetch: injectFetch(app), sleep: () => Promise.resolve(), getToken: () => token });

export interface SignedIn {
  httpClient: HttpClient;
  authProvider: AuthProvider;
  /** The session's user (for canAccess). */
  getUser: () => SessionUser | null;
  /** The session's token, for a client of the test's own making (a network that fails on demand). */
  getToken: () => string | null;
}

/** Logs `email` in through the real login screen's providers (POST /api/auth/) and keeps the session. */
export async function signIn(app: FastifyInstance, email: string): Promise<SignedIn> {
  const session = createSessionStore(() => window.localStorage);
  const httpClient = createHttpClient({
    fetch: injectFetch(app),
    getToken: () => session.getState().token,
    onUnauthorized: () => session.markUnauthorized(),
    sleep: () => Promise.resolve(),
  });
  const authProvider = createAuthProvider({ session, api: createAuthApi(httpClient) });
  await authProvider.login({ username: email, password: DEMO_PASSWORD });
  return { httpClient, authProvider, getUser: () => session.getState().user, getToken: () => session.getState().token };
}

/** Another set of catalogue screens than the app's (the registry test's). */
export interface Screens {
  declarations: readonly ResourceDeclaration[];
  endpoints: Record<string, ResourceEndpoint>;
}

/** Renders the admin area and the users screen at `path` with the real providers over `signedIn`. */
export function renderOverServer(path: string, { httpClient, authProvider }: SignedIn, screens?: Screens, probe?: ReactNode) {
  const dataProvider = createDataProvider({ httpClient, endpoints: screens?.endpoints ?? resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/home/admin/*" element={<AdminSection declarations={screens?.declarations} />} />
          <Route path="/home/users/*" element={<UsersPage />} />
          <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
          <Route path="/home" element={<p>Início</p>} />
        </Routes>
        <RaNotificationBridge />
        {probe}
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return { user: userEvent.setup() };
}

/**
 * Signs `email` in and renders one screen of the signed-in area at `path` (its own route, an
 * /unauthorized stand-in and the toasts) with the real providers over the server.
 */
export async function renderPageOverServer(app: FastifyInstance, email: string, path: string, page: ReactElement) {
  const { httpClient, authProvider } = await signIn(app, email);
  // The screens' guards follow the app's own session store: it reads the login just stored.
  appSession.load(true);
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
        </Routes>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  return userEvent.setup();
}

export type User = ReturnType<typeof userEvent.setup>;

/** A form value: text typed into the labelled box, an option chosen in a select, a switch set. */
export type FormEntry = string | { option: string } | { checked: boolean };

export async function fill(user: User, dialog: HTMLElement, values: Record<string, FormEntry>) {
  for (const [label, value] of Object.entries(values)) {
    if (typeof value === 'string') {
      // Pasted, not typed key by key: these tests are about what reaches the server, and each
      // keystroke re-validates the whole form (what typing does is tested with the form itself).
      const box = within(dialog).getByLabelText(label);
      await user.clear(box);
      await user.click(box);
      await user.paste(value);
    } else if ('option' in value) {
      await user.click(within(dialog).getByRole('combobox', { name: new RegExp(label) }));
      await user.click(await screen.findByRole('option', { name: value.option }));
    } else {
      const toggle = within(dialog).getByLabelText(label);
      if ((toggle as HTMLInputElement).checked !== value.checked) await user.click(toggle);
    }
  }
}

/** Waits for the success toast `message`, then clears the toasts so the next step's is its own. */
export async function expectToast(message: string) {
  expect(await screen.findByText(message)).toBeInTheDocument();
  dismiss();
  await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
}
