/**
 * The code of the first screen, as lazy chunks: `/` (plain React, no MUI) or the MUI shell with its
 * routes. Nothing here is imported statically, so the entry chunk stays small (docs/performance.md).
 */
export const loadLandingScreen = () => import('../custom/landing/LandingScreen');
export const loadTrackingScreen = () => import('../custom/tracking/TrackingScreen');
/** The shipper's tracking page (`/acompanhar/{token}`), drawn like `/`: without MUI or the router. */
export const isTrackingPath = (pathname: string) => pathname.startsWith('/acompanhar/');
export const loadAppShell = () => import('./AppShell');

/**
 * Starts downloading the first page's code at once, while the theme is still being fetched (the
 * page renders only once the theme is ready; waiting for it before asking for the chunk would put
 * the two round trips one after the other).
 */
export function preloadPage(pathname: string): void {
  if (pathname === '/') {
    void loadLandingScreen();
    return;
  }
  if (isTrackingPath(pathname)) {
    void loadTrackingScreen();
    return;
  }
  void loadAppShell();
  if (pathname === '/login') void import('../custom/LoginPage');
}
