/**
 * The address bar without react-router, for `/`: react-router is a large module (react-admin uses
 * much of it, and a module is never split between chunks), so the landing page reads and changes
 * the location itself and the router arrives with the app shell (docs/performance.md).
 * A navigation fires `popstate`, which react-router's BrowserRouter also listens to.
 */
import { useSyncExternalStore, type MouseEvent } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

const pathname = () => window.location.pathname;
const search = () => window.location.search;

export function usePathname(): string {
  return useSyncExternalStore(subscribe, pathname, pathname);
}

export function useSearch(): string {
  return useSyncExternalStore(subscribe, search, search);
}

export function navigateTo(url: string, { replace = false } = {}): void {
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** onClick of a same-site <a>: navigate in the page, unless the visitor asked for a new tab or window. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateTo(event.currentTarget.getAttribute('href') ?? '/');
}

/** The brand value of the query (?gr= wins over ?riskManager=). */
export function brandValue(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('gr') || params.get('riskManager') || null;
}

/** docs/rules/screens.md: `/?gr={value}` (or ?riskManager=) goes straight to `/login?gr={value}`, before anything renders. */
export function redirectBrandedLanding(): void {
  const brand = window.location.pathname === '/' ? brandValue(window.location.search) : null;
  if (brand) window.history.replaceState(null, '', `/login?gr=${encodeURIComponent(brand)}`);
}
