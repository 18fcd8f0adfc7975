/**
 * The page's side of the service worker (docs/rules/field-app.md): registers the built dist/sw.js
 * (production builds only: in development Vite serves modules a worker must never stand between),
 * tells when a new version is installed and waiting ('Nova versão disponível — Atualizar'), hands
 * over to it when the user says so, and removes the kept API answers of anyone but the signed-in
 * user (a shared phone keeps nobody else's missions).
 */
import { API_CACHE_PREFIX, apiCacheOf, SKIP_WAITING } from './policy';

export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open app asks whether a new version was deployed (besides each navigation's check). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

type Waiting = Pick<ServiceWorker, 'postMessage'>;

let waiting: Waiting | null = null;
const listeners = new Set<() => void>();

/** Whether a new version is installed and waits for 'Atualizar'. */
export const updateWaiting = (): boolean => waiting !== null;

export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function noteWaiting(worker: Waiting | null) {
  waiting = worker;
  for (const listener of [...listeners]) listener();
}

/** 'Atualizar': the waiting version takes over and the page reloads on it once it controls the page. */
export function applyUpdate(container: Pick<ServiceWorkerContainer, 'addEventListener'> = navigator.serviceWorker, reload = () => window.location.reload()): void {
  if (!waiting) return;
  container.addEventListener('controllerchange', reload, { once: true });
  waiting.postMessage({ type: SKIP_WAITING });
  noteWaiting(null);
}

/** Follows a registration: a worker installed while another controls the page is a new version. */
export function watchUpdates(registration: ServiceWorkerRegistration, container: Pick<ServiceWorkerContainer, 'controller'>): void {
  if (registration.waiting && container.controller) noteWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && container.controller) noteWaiting(installing);
    });
  });
}

/** Deletes the kept API answers of every user but `user` (all of them when nobody is signed in). */
export async function keepOnlyAnswersOf(user: string | null, storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  const names = await storage.keys();
  const own = user ? apiCacheOf(user) : null;
  await Promise.all(names.filter((name) => name.startsWith(API_CACHE_PREFIX) && name !== own).map((name) => storage.delete(name)));
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then((registration) => {
        watchUpdates(registration, navigator.serviceWorker);
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch((error: unknown) => {
        console.warn('Service worker não registrado:', error);
      });
  });
}
