import type { ThemeStore } from './themeStore';

/** Pages where ?gr= or ?riskManager= picks the brand (docs/rules/themes.md). */
const BRANDED_PATHS = new Set(['/', '/login']);

export const THEME_ERROR_TITLE = 'Não foi possível carregar o tema';

/**
 * Which risk manager's theme the page should show, or undefined to keep the current one:
 * the logged-in user's risk manager (docs/rules/missions.md: reload when it differs from the loaded
 * one); else the
 * brand of the page's query on / and /login; else, on the first load, the stored theme's.
 */
export function wantedRiskManager(
  pathname: string,
  search: string,
  userRiskManager: string | null | undefined,
  store: ThemeStore,
): string | null | undefined {
  if (userRiskManager) return userRiskManager;
  if (BRANDED_PATHS.has(pathname)) {
    const params = new URLSearchParams(search);
    const brand = params.get('gr') || params.get('riskManager');
    if (brand) return brand;
  }
  return store.getState().requested === undefined ? store.storedRiskManager() : undefined;
}
