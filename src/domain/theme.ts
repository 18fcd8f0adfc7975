/**
 * The per-risk-manager look (docs/rules/themes.md): fonts, spacing, radius, colours, scrollbar,
 * component overrides and three images. Shared by the server (storage, defaults) and the browser
 * (MUI theme, editor). docs/rules/themes.md gives the default: orange #ff400d, Roboto at 12, 14, 16 and 24 px.
 * That orange reads 3.5:1 under white text and 3.2:1 as text on the page, below WCAG AA's 4.5:1
 * (themeContrast.ts), so the default brand is the same orange darkened until both pass: #cc330a.
 */

export const THEME_COLOR_KEYS = ['primary', 'secondary', 'background', 'surface', 'text', 'menu'] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

export const THEME_COLOR_LABELS: Record<ThemeColorKey, string> = {
  primary: 'Cor principal',
  secondary: 'Cor secundária',
  background: 'Fundo da página',
  surface: 'Fundo dos cartões',
  text: 'Texto',
  menu: 'Fundo do menu',
};

export const THEME_FONT_SIZE_KEYS = ['small', 'body', 'large', 'title'] as const;
export type ThemeFontSizeKey = (typeof THEME_FONT_SIZE_KEYS)[number];

export const THEME_FONT_SIZE_LABELS: Record<ThemeFontSizeKey, string> = {
  small: 'Texto pequeno',
  body: 'Texto',
  large: 'Subtítulo',
  title: 'Título',
};

/**
 * The font families offered. Roboto ships with the app (offline, same on every machine); the
 * others are families every system has, so no font file is fetched from elsewhere.
 */
export const THEME_FONTS = ['Roboto', 'Sistema', 'Serifada', 'Monoespaçada'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];

export const THEME_IMAGE_KINDS = ['menuLogo', 'loginLogo', 'loginArt'] as const;
export type ThemeImageKind = (typeof THEME_IMAGE_KINDS)[number];

export const THEME_IMAGE_LABELS: Record<ThemeImageKind, string> = {
  menuLogo: 'Logo do menu',
  loginLogo: 'Logo do login',
  loginArt: 'Arte da tela de login',
};

/** The storage folder of the theme images (GET /api/storage/riskmanager/{file}). */
export const THEME_IMAGE_FOLDER = 'riskmanager';

/**
 * Image types accepted for the theme, checked by content on the server. SVG is accepted only
 * when it holds no script, event handler, foreignObject or external reference (server/storage).
 */
export const THEME_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;
export const THEME_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const THEME_IMAGE_TYPE_ERROR = 'Envie uma imagem PNG, JPEG, WebP, GIF ou SVG';
export const THEME_IMAGE_SIZE_ERROR = 'Tamanho máximo permitido de 2MB';
export const THEME_IMAGE_EMPTY_ERROR = 'Arquivo vazio';

/** Bounds of the numeric settings (a theme stays readable). */
export const THEME_BOUNDS = {
  fontSize: { min: 10, max: 40 },
  spacing: { min: 4, max: 16 },
  radius: { min: 0, max: 32 },
  scrollbarWidth: { min: 4, max: 24 },
} as const;

/** The most JSON the component overrides may take (they go to every visitor's browser). */
export const THEME_COMPONENTS_MAX_CHARS = 4000;

export interface ThemeScrollbar {
  width: number;
  thumb: string;
  track: string;
}

/** What an admin edits. */
export interface ThemeSettings {
  fontFamily: ThemeFont;
  fontSizes: Record<ThemeFontSizeKey, number>;
  spacing: number;
  radius: number;
  colors: Record<ThemeColorKey, string>;
  scrollbar: ThemeScrollbar;
  /** MUI component overrides ({ MuiButton: { styleOverrides: … } }), plain JSON. */
  components: Record<string, unknown>;
}

/** A theme as GET /api/themes answers it; images are stored file names (or null). */
export interface Theme extends ThemeSettings {
  /** The risk manager it belongs to; null for the default theme. */
  riskManager: string | null;
  images: Record<ThemeImageKind, string | null>;
}

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  fontFamily: 'Roboto',
  fontSizes: { small: 12, body: 14, large: 16, title: 24 },
  spacing: 8,
  radius: 8,
  colors: {
    primary: '#cc330a',
    secondary: '#263238',
    background: '#f5f5f5',
    surface: '#ffffff',
    text: '#1f2933',
    menu: '#ffffff',
  },
  scrollbar: { width: 10, thumb: '#b0b7bf', track: '#f0f0f0' },
  components: {},
};

export const DEFAULT_THEME: Theme = {
  ...DEFAULT_THEME_SETTINGS,
  riskManager: null,
  images: { menuLogo: null, loginLogo: null, loginArt: null },
};

/** Hex colour #rrggbb, the only form the editor and the server accept. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;
