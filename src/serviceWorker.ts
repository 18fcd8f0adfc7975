/**
 * Registers public/sw.js on load (docs/api.md), scoped to the whole app. Production builds only: in
 * development Vite serves modules a worker must never stand between. The worker caches nothing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker não registrado:', error);
    });
  });
}
