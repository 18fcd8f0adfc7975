/**
 * The parts of a brand theme that need no MUI: font stacks, the dark palette and image URLs.
 * The landing page builds its CSS variables from these alone, so `/` never downloads MUI.
 */
import { THEME_IMAGE_FOLDER, type ThemeFont } from '../domain/theme';
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

export const imageUrl = (file: string | null): string | null =>
  file ? serviceUrl('storage', `${THEME_IMAGE_FOLDER}/${encodeURIComponent(file)}`) : null;
