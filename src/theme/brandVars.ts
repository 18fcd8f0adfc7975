/**
 * A risk manager's Theme as CSS custom properties (--pr-*), for the pages built without MUI (the
 * landing page): the same colours, fonts, sizes, radius and dark surfaces brandThemeOptions gives MUI.
 */
import type { CSSProperties } from 'react';
import type { Theme } from '../domain/theme';
import { DARK, FONT_STACKS } from './brandTokens';
import { contrastRatio } from './contrast';
import type { ColorMode } from './colorMode';

/** White or near-black text on `background`, as MUI's getContrastText picks it (threshold 3). */
export const contrastText = (background: string): string => (contrastRatio('#ffffff', background) >= 3 ? '#ffffff' : 'rgba(0, 0, 0, 0.87)');

export function brandVars(theme: Theme, mode: ColorMode): CSSProperties {
  const dark = mode === 'dark';
  const { colors, fontSizes } = theme;
  const vars: Record<string, string> = {
    '--pr-primary': colors.primary,
    '--pr-on-primary': contrastText(colors.primary),
    '--pr-secondary': colors.secondary,
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
