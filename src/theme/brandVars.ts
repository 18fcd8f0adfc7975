/**
 * A risk manager's Theme as CSS custom properties (--pr-*), for the pages built without MUI (the
 * landing page): the same colours, fonts, sizes, radius and dark surfaces brandThemeOptions gives MUI.
 */
import type { CSSProperties } from 'react';
import type { Theme } from '../domain/theme';
import { brandColors, DARK, FONT_STACKS } from './brandTokens';
import type { ColorMode } from './colorMode';

export function brandVars(theme: Theme, mode: ColorMode): CSSProperties {
  const dark = mode === 'dark';
  const { colors, fontSizes } = theme;
  const brand = brandColors(colors, mode);
  const vars: Record<string, string> = {
    '--pr-primary': brand.primary,
    '--pr-on-primary': brand.onPrimary,
    '--pr-secondary': brand.secondary,
    '--pr-bg': dark ? DARK.background : colors.background,
    '--pr-surface': dark ? DARK.surface : colors.surface,
    '--pr-text': dark ? DARK.text : colors.text,
    '--pr-font': FONT_STACKS[theme.fontFamily],
    '--pr-fs-small': `${fontSizes.small}px`,
    '--pr-fs-body': `${fontSizes.body}px`,
    '--pr-fs-large': `${fontSizes.large}px`,
    '--pr-fs-title': `${fontSizes.title}px`,
    '--pr-radius': `${theme.radius}px`,
    '--pr-space': `${theme.spacing}px`,
    colorScheme: mode,
  };
  return vars;
}
