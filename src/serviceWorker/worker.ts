/**
 * The app's service worker (docs/rules/field-app.md), built into dist/sw.js by the build
 * (scripts/vite-service-worker.mjs), which fills in the build's files and version:
 * - install: precaches the app shell of this build; the first install takes the page at once, a
 *   later one waits until the page says 'Atualizar' (SKIP_WAITING), so a screen never runs on
 *   files of two builds;
 * - fetch: the shell and its files from the precache; the API reads of the offline app network
 *   first, their last answer kept per user (the theme, public, for everyone) and served, marked,
 *   only when the network fails (policy.ts);
 * - the missions screen's notifications: a click focuses an open /home/missions tab or opens one;
 * - push (docs/rules/notifications.md): a notification from the server, shown with the app closed or
 *   out of sight (an app on screen says it itself: its live notices); its tag is the event's id (a
 *   repeated push replaces it), its click opens the mission's screen.
 */
import {
  apiCacheOf,
  OFFLINE_COPY_HEADER,
  PUBLIC_CACHE,
  SHELL_CACHE_PREFIX,
  SHELL_PAGE,
  SKIP_WAITING,
  STORED_AT_HEADER,
  strategyOf,
  userOfToken,
} from './policy';
import { TOKEN_HEADER } from '../domain/sessionHeader';
import { MISSIONS_SCREEN, pushNotificationOf } from './pushNotice';

declare const __PRECACHE__: string[];
declare const __BUILD__: string;

/** The part of the worker's global scope this file uses (the DOM library types the page, not a worker). */
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface WindowClientLike {
  url: string;
  visibilityState?: DocumentVisibilityState;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<WindowClientLike | null>;
}
interface WorkerScope {
  location: Location;
  registration: { active: unknown; showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__BUILD__}`;
const PRECACHED = new Set(__PRECACHE__);

worker.addEventListener('install', (event) => {
  const takeOver = !worker.registration.active;
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(__PRECACHE__))
      .then(() => (takeOver ? worker.skipWaiting() : undefined)),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void worker.skipWaiting();
});

/** The precached file, or the network's answer when the precache lacks it. */
async function fromShell(request: Request | string): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  return (await cache.match(request)) ?? fetch(request);
}

/** A copy of `response` with `name: value` added (a kept answer's time, or the offline mark). */
async function withHeader(response: Response, name: string, value: string): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/**
 * Network first; a 200 is kept in `cacheName` (none: nothing kept) with its time. When the network
 * fails, the kept answer is served marked with OFFLINE_COPY_HEADER; with none kept, the failure
 * stands.
 */
async function networkThenCopy(request: Request, cacheName: string | null): Promise<Response> {
  try {
    const response = await fetch(request);
    if (cacheName && response.status === 200) {
      const kept = await withHeader(response.clone(), STORED_AT_HEADER, new Date().toISOString());
      await (await caches.open(cacheName)).put(request.url, kept);
    }
    return response;
  } catch (error) {
    const kept = cacheName ? await (await caches.open(cacheName)).match(request.url, { ignoreVary: true }) : undefined;
    if (!kept) throw error;
    return withHeader(kept, OFFLINE_COPY_HEADER, kept.headers.get(STORED_AT_HEADER) ?? '');
  }
}

/** The signed-in caller's own cache; none for a request without a session. */
const userCache = (request: Request): string | null => {
  const user = userOfToken(request.headers.get(TOKEN_HEADER));
  return user ? apiCacheOf(user) : null;
};

worker.addEventListener('fetch', (event) => {
  const strategy = strategyOf(event.request, worker.location.origin, PRECACHED);
  if (strategy === 'shell') event.respondWith(fromShell(SHELL_PAGE));
  else if (strategy === 'precached') event.respondWith(fromShell(event.request));
  else if (strategy === 'api') event.respondWith(networkThenCopy(event.request, userCache(event.request)));
  else if (strategy === 'public') event.respondWith(networkThenCopy(event.request, PUBLIC_CACHE));
});

worker.addEventListener('push', (event) => {
  const { title, options } = pushNotificationOf(event.data);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) =>
      windows.some((client) => client.visibilityState === 'visible') ? undefined : worker.registration.showNotification(title, options),
    ),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  const target = new URL(data?.url ?? MISSIONS_SCREEN, worker.location.origin);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const same = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (same) return same.focus();
      const any = windows[0];
      if (any) return any.navigate(target.href).then((client) => client?.focus());
      return worker.clients.openWindow(target.href);
    }),
  );
});
