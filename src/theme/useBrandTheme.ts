import { useMemo, useSyncExternalStore } from 'react';
import type { ThemeOptions } from '@mui/material/styles';
import { createThemesApi, publicClient } from '../dataProvider/themesApi';
import { brandThemeOptions } from './brandTheme';
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

/** The MUI options of the loaded brand theme in the chosen mode (stable while neither changes). */
export function useBrandThemeOptions(store: ThemeStore = themeStore): ThemeOptions {
  const { theme } = useThemeState(store);
  const mode = useColorMode();
  return useMemo(() => brandThemeOptions(theme, mode), [theme, mode]);
}
