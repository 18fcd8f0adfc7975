/** The app's theme store and colour mode as React hooks, free of MUI (the landing page uses them). */
import { useSyncExternalStore } from 'react';
import { createThemesApi, publicClient } from '../dataProvider/themesApi';
import { colorMode, type ColorMode } from './colorMode';
import { createThemeStore, type ThemeState, type ThemeStore } from './themeStore';

/** The app's one theme store, reading themes through the public client. */
export const themeStore: ThemeStore = createThemeStore((riskManager) => createThemesApi(publicClient).get(riskManager));

export function useThemeState(store: ThemeStore = themeStore): ThemeState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

export function useColorMode(): ColorMode {
  return useSyncExternalStore(colorMode.subscribe, colorMode.get, colorMode.get);
}
