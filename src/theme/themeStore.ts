/**
 * The brand theme the browser shows (docs/rules/themes.md, 4 "Auth"): which risk manager's
 * theme is loaded, and its status — idle, then loading, then ready; error only when the first load
 * fails (a later failure keeps the theme already shown). A response to anything but the latest
 * request is ignored, so a slow answer never overwrites a newer choice. The last loaded theme is
 * kept under a fixed, brand-prefixed key and chosen when a page has no brand of its own.
 * Free of React: ThemeGate follows it with useSyncExternalStore.
 */
import { DEFAULT_THEME, type Theme } from '../domain/theme';

export const THEME_KEY = 'prontaResposta.theme';

export type ThemeStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ThemeState {
  status: ThemeStatus;
  theme: Theme;
  /** The risk manager of the latest request (null: the default theme; undefined: none yet). */
  requested: string | null | undefined;
}

export interface ThemeStore {
  getState: () => ThemeState;
  subscribe: (listener: () => void) => () => void;
  /** The risk manager of the stored theme, or null. */
  storedRiskManager: () => string | null;
  load: (riskManager: string | null) => Promise<void>;
}

export type FetchTheme = (riskManager: string | null) => Promise<Theme>;

function readStored(storage: Storage | undefined): Theme | null {
  try {
    const raw = storage?.getItem(THEME_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Theme> | null;
    return parsed && typeof parsed === 'object' && typeof parsed.colors === 'object' ? { ...DEFAULT_THEME, ...parsed } : null;
  } catch {
    return null;
  }
}

export function createThemeStore(fetchTheme: FetchTheme, storage: Storage | undefined = globalThis.localStorage): ThemeStore {
  let state: ThemeState = { status: 'idle', theme: DEFAULT_THEME, requested: undefined };
  let latest = 0;
  let loadedOnce = false;
  const listeners = new Set<() => void>();
  const set = (next: Partial<ThemeState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storedRiskManager: () => readStored(storage)?.riskManager ?? null,
    async load(riskManager) {
      const request = ++latest;
      set({ requested: riskManager, status: loadedOnce ? state.status : 'loading' });
      try {
        const theme = await fetchTheme(riskManager);
        if (request !== latest) return;
        loadedOnce = true;
        try {
          storage?.setItem(THEME_KEY, JSON.stringify(theme));
        } catch {
          // A full or blocked storage only costs the next visit its remembered brand.
        }
        set({ theme, status: 'ready' });
      } catch (error) {
        if (request !== latest) return;
        // docs/rules/messages.md: a theme failure is logged only; the first one also shows the error screen.
        console.error('Erro ao carregar o tema:', error);
        if (!loadedOnce) set({ status: 'error' });
      }
    },
  };
}
