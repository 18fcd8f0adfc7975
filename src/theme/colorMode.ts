/**
 * Light or dark mode, on top of the risk manager's theme: remembered per browser
 * under a brand-prefixed key; until the person chooses, the system preference decides.
 */
export type ColorMode = 'light' | 'dark';

export const COLOR_MODE_KEY = 'prontaResposta.colorMode';

const listeners = new Set<() => void>();

function stored(): ColorMode | null {
  try {
    const value = globalThis.localStorage?.getItem(COLOR_MODE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

const systemQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;

export const colorMode = {
  get: (): ColorMode => stored() ?? (systemQuery()?.matches ? 'dark' : 'light'),
  set: (mode: ColorMode) => {
    try {
      globalThis.localStorage?.setItem(COLOR_MODE_KEY, mode);
    } catch {
      // Not remembered, but still applied for this visit through the listeners.
    }
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    const query = systemQuery();
    query?.addEventListener('change', listener);
    return () => {
      listeners.delete(listener);
      query?.removeEventListener('change', listener);
    };
  },
};
