/**
 * What the service worker does with each request (docs/rules/field-app.md, "Sem sinal"), as pure
 * functions the worker and its tests share:
 * - the app shell (the built, hashed files and index.html) comes from the precache, so the
 *   installed app opens without signal;
 * - a read of the API the offline app shows (missions, their details, proposals, timeline, chat,
 *   billing) goes to the network first; its last answer is kept per user and
 *   served only when the network fails, marked with OFFLINE_COPY_HEADER so the screen says
 *   'Sem conexão — dados de {hora}'. Never served stale as if fresh;
 * - everything else (writes, files, the live stream, exports) passes through untouched.
 */

/** Set on an answer the worker served from its copy because the network failed: when it was stored (ISO). */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';
/** Set on a kept copy: when the network answered it (ISO). */
export const STORED_AT_HEADER = 'x-stored-at';

/** Cache names: the shell of one build, one cache of API answers per user, and the public answers. */
export const SHELL_CACHE_PREFIX = 'shell-';
export const API_CACHE_PREFIX = 'api-';
export const PUBLIC_CACHE = 'public-answers';

/** The message a waiting worker takes over on ('Nova versão disponível — Atualizar'). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** The page every navigation opens when the shell answers: the SPA routes the path itself. */
export const SHELL_PAGE = '/index.html';

/**
 * The API reads kept for the offline app: the signed-in user's missions and everything their
 * screens read about one mission. Not kept: the live stream (a stream), files and exports (large,
 * and opened on purpose), the catalogues and reports (desk screens).
 */
const KEPT_READS = [/^\/api\/missions\/(?!live(\/|$))/, /^\/api\/v1\/billing\/mission\//];

/**
 * Public reads every screen needs to be drawn at all: the risk manager's theme and its images
 * (public by nature, the login page shows them). Kept for everyone alike, the same way.
 */
const PUBLIC_READS = [/^\/api\/themes\/?$/, /^\/api\/storage\/riskmanager\//];

export type Strategy = 'shell' | 'precached' | 'api' | 'public' | 'network';

/** How the worker answers a GET of `path` (same origin); anything not GET or cross-origin is 'network'. */
export function strategyOf(request: { method: string; mode: string; url: string }, origin: string, precached: ReadonlySet<string>): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
    if (PUBLIC_READS.some((pattern) => pattern.test(url.pathname))) return 'public';
    return KEPT_READS.some((pattern) => pattern.test(url.pathname)) ? 'api' : 'network';
  }
  if (request.mode === 'navigate') return 'shell';
  return precached.has(url.pathname) ? 'precached' : 'network';
}

/** The user a session token belongs to (its `sub`), read without checking it: only to pick that user's cache. */
export function userOfToken(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && /^[0-9a-zA-Z_-]{1,64}$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

export const apiCacheOf = (user: string): string => `${API_CACHE_PREFIX}${user}`;
