import { useMemo } from 'react';
import type { ThemeOptions } from '@mui/material/styles';
import { brandThemeOptions } from './brandTheme';
import { themeStore, useColorMode, useThemeState } from './themeState';
import type { ThemeStore } from './themeStore';

export { themeStore, useColorMode, useThemeState } from './themeState';

/** The MUI options of the loaded brand theme in the chosen mode (stable while neither changes). */
export function useBrandThemeOptions(store: ThemeStore = themeStore): ThemeOptions {
  const { theme } = useThemeState(store);
  const mode = useColorMode();
  return useMemo(() => brandThemeOptions(theme, mode), [theme, mode]);
}
