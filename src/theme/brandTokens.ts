/**
 * The parts of a brand theme that need no MUI: font stacks, the dark palette and image URLs.
 * The landing page builds its CSS variables from these alone, so `/` never downloads MUI.
 */
import { readableOn, readableTextOn } from '../domain/contrast';
import { THEME_IMAGE_FOLDER, type ThemeColorKey, type ThemeFont } from '../domain/theme';
import type { ColorMode } from './colorMode';
import { serviceUrl } from '../dataProvider/endpoints';

export const FONT_STACK = [
  'Roboto',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(', ');

export const FONT_STACKS: Record<ThemeFont, string> = {
  Roboto: FONT_STACK,
  Sistema: 'system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  Serifada: 'Georgia, "Times New Roman", "Noto Serif", serif',
  Monoespaçada: 'ui-monospace, Menlo, Consolas, "Liberation Mono", monospace',
};

/** The dark mode's surfaces, whatever the brand (its primary and secondary colours stay). */
export const DARK = { background: '#121212', surface: '#1e1e1e', text: '#eceff1', menu: '#181818', track: '#1e1e1e', thumb: '#555b61' };

/**
 * The brand colours as the app paints them, each with the text drawn on it. In light mode they are
 * the theme's own, which the editor keeps at WCAG AA (domain/themeContrast.ts). On the dark surfaces
 * a brand colour dark enough for white text is too dark to read as text (a teal #00796b is 3.1:1 on
 * #1e1e1e), so the dark mode lightens it to AA on its cards and then draws dark text on it.
 */
export function brandColors(colors: Readonly<Record<ThemeColorKey, string>>, mode: ColorMode) {
  const shade = (color: string) => (mode === 'dark' ? readableOn(color, DARK.surface) : color);
  const primary = shade(colors.primary);
  const secondary = shade(colors.secondary);
  return { primary, onPrimary: readableTextOn(primary), secondary, onSecondary: readableTextOn(secondary) };
}

export const imageUrl = (file: string | null): string | null =>
  file ? serviceUrl('storage', `${THEME_IMAGE_FOLDER}/${encodeURIComponent(file)}`) : null;
