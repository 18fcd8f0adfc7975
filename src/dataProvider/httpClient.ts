/**
 * The common client every call goes through (docs/api.md).
 *
 * - The base address comes per service from SERVICE_BASES.
 * - `x-access-token` is sent when the request is authorized (the default) and a token exists.
 * - Retries: up to 3, with exponential backoff, for network failures and 5xx answers other than
 *   500. 400, 401, 403, 500 and every other 4xx are final.
 * - A mutating request (POST/PUT/PATCH/DELETE) is retried only when it carries an Idempotency-Key,
 *   which the server honours by replaying its first answer, so a retry never creates twice. The
 *   client generates one key per logical call (crypto.randomUUID) and reuses it on every retry.
 * - A 401 while a token is held calls `onUnauthorized` (the app flags its session: relogin dialog).
 * - The token comes from an injected getter, so this layer knows nothing of the session store
 *   (the app wires both in App.tsx).
 * - Failures are thrown as HttpError with the status and the normalised body.
 * - Every answer's Date header updates the estimate of the server's clock (serverClock.ts); an
 *   answer the service worker kept and served without signal says so (offlineCopy.ts).
 */
import { serviceUrl, type ServiceBase } from './endpoints';
import { HttpError, NETWORK_ERROR_MESSAGE } from './HttpError';
import { noteServerDate } from './serverClock';
import { noteAnswerSource } from './offlineCopy';
import { TOKEN_HEADER } from '../domain/sessionHeader';

export const MAX_RETRIES = 3;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData, Blob and strings go as they are. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;
  headers?: Record<string, string>;
  /** Send the session token (default true). Auth calls pass false. */
  authorized?: boolean;
  /**
   * Mutating requests only. Undefined: a key is generated for this call. A string: that key.
   * false: no key, and therefore no retry.
   */
  idempotencyKey?: string | false;
  /**
   * How to read a successful answer (default: JSON when the server says so, else text). 'stream'
   * hands over the unread body (a ReadableStream, or null) for callers that show download progress.
   */
  responseType?: 'json' | 'blob' | 'text' | 'stream';
  signal?: AbortSignal;
  /** false: the first answer is final, even a 5xx (a proxy that already waited for its upstream). */
  retry?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

export type HttpClient = <T = unknown>(base: ServiceBase, path: string, options?: RequestOptions) => Promise<HttpResponse<T>>;

export interface HttpClientDeps {
  fetch?: typeof fetch;
  /** The session token to send on authorized requests (none when absent or null). */
  getToken?: () => string | null;
  /** Called on a 401 answered to a request that carried a token. */
  onUnauthorized?: () => void;
  /** Waits before retry `attempt` (1-based); injectable so tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  newKey?: () => string;
  /** Base delay of the exponential backoff, in ms. */
  backoffMs?: number;
}

const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 5xx answers worth another try: a gateway or an overloaded server, not a failed handler (500). */
export const isRetryableStatus = (status: number): boolean => status >= 501 && status <= 599;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh Idempotency-Key; forms take one per submission and pass it in the call's meta. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

function buildUrl(base: ServiceBase, path: string, query: RequestOptions['query']): string {
  const url = serviceUrl(base, path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string' || body instanceof URLSearchParams) {
    return body;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType?: RequestOptions['responseType']): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return null;
  if (responseType === 'blob' && response.ok) return response.blob();
  if (responseType === 'stream' && response.ok) return response.body;
  const text = await response.text();
  if (!text) return null;
  const json = responseType === 'json' || (response.headers.get('Content-Type') ?? '').includes('json');
  if (!json || responseType === 'text') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createHttpClient(deps: HttpClientDeps = {}): HttpClient {
  const doFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const getToken = deps.getToken ?? (() => null);
  const sleep = deps.sleep ?? defaultSleep;
  const newKey = deps.newKey ?? newIdempotencyKey;
  const backoffMs = deps.backoffMs ?? 300;

  return async function httpClient<T>(base: ServiceBase, path: string, options: RequestOptions = {}) {
    const method = options.method ?? 'GET';
    const authorized = options.authorized ?? true;
    const headers = new Headers(options.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const token = authorized ? getToken() : null;
    if (token) headers.set(TOKEN_HEADER, token);

    const mutating = MUTATING.has(method);
    // One key per logical call, reused by every retry of that call.
    const key = mutating ? (options.idempotencyKey === undefined ? newKey() : options.idempotencyKey) : false;
    if (key) headers.set(IDEMPOTENCY_HEADER, key);
    const mayRetry = options.retry !== false && (!mutating || Boolean(key) || headers.has(IDEMPOTENCY_HEADER));

    const url = buildUrl(base, path, options.query);
    const body = encodeBody(options.body, headers);

    for (let attempt = 0; ; attempt++) {
      const canRetry = mayRetry && attempt < MAX_RETRIES && !options.signal?.aborted;
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body, signal: options.signal });
      } catch (err) {
        if ((err as { name?: string })?.name === 'AbortError') throw err;
        if (canRetry) {
          await sleep(backoffMs * 2 ** attempt);
          continue;
        }
        throw new HttpError(0, { error: NETWORK_ERROR_MESSAGE });
      }
      // A copy the service worker served without signal carries its old Date: not the server's clock now.
      if (noteAnswerSource(response.headers)) noteServerDate(response.headers.get('Date'));

      if (response.ok) {
        try {
          const data = (await readBody(response, options.responseType)) as T;
          return { status: response.status, headers: response.headers, data };
        } catch (err) {
          // The connection dropped while the body was arriving.
          if ((err as { name?: string })?.name === 'AbortError') throw err;
          throw new HttpError(0, { error: NETWORK_ERROR_MESSAGE });
        }
      }
      if (canRetry && isRetryableStatus(response.status)) {
        // Drain the body so the connection can be reused.
        await response.text().catch(() => undefined);
        await sleep(backoffMs * 2 ** attempt);
        continue;
      }
      const errorBody = await readBody(response).catch(() => null);
      if (response.status === 401 && token) deps.onUnauthorized?.();
      throw new HttpError(response.status, errorBody);
    }
  };
}
