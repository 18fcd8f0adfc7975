/**
 * A risk manager's Theme as CSS custom properties (--pr-*), for the pages built without MUI (the
 * landing page): the same colours, fonts, sizes, radius and dark surfaces brandThemeOptions gives MUI.
 */
import type { CSSProperties } from 'react';
import type { Theme } from '../domain/theme';
import { DARK, FONT_STACKS } from './brandTokens';
import type { ColorMode } from './colorMode';

/** Relative luminance of a #rgb / #rrggbb colour (WCAG); null for anything else. */
function luminance(color: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** White or near-black text on `background`, as MUI's getContrastText picks it (threshold 3). */
export function contrastText(background: string): string {
  const lum = luminance(background);
  if (lum === null) return '#ffffff';
  return 1.05 / (lum + 0.05) >= 3 ? '#ffffff' : 'rgba(0, 0, 0, 0.87)';
}

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
