/**
 * A risk manager's Theme (src/domain/theme.ts) as MUI theme options: palette, typography, spacing,
 * radius, the scrollbar (through CssBaseline) and the admin's component overrides, in light or
 * dark mode. The brand's extras (menu colour, image URLs) travel in `theme.brand`.
 */
import type { Theme as MuiTheme, ThemeOptions } from '@mui/material/styles';
import type { Theme, ThemeImageKind } from '../domain/theme';
import { brandColors, DARK, FONT_STACKS, imageUrl } from './brandTokens';
import type { ColorMode } from './colorMode';
import { themeOptions as baseOptions } from './theme';

export interface BrandExtras {
  riskManager: string | null;
  /** The side menu's background. */
  menu: string;
  /** Public URLs of the theme images (null: the app's own logo, no login art). */
  images: Record<ThemeImageKind, string | null>;
  /**
   * In dark mode, the light colours the risk manager's logos were made for (its menu and its
   * cards): a logo is drawn on a plate of that colour, since its dark words vanish on a dark menu.
   * Null in light mode, where the logo is on those very colours.
   */
  logoPlates: { menu: string; login: string } | null;
}

declare module '@mui/material/styles' {
  interface Theme {
    brand: BrandExtras;
  }
  interface ThemeOptions {
    brand?: BrandExtras;
  }
}

export { FONT_STACKS, imageUrl };

const px = (n: number) => `${n}px`;

/**
 * A contained button darkens on hover (MUI's `dark` shade): right under white text, but under the
 * dark text of a light brand shade (the dark mode's) it would fall below AA, so that shade stays.
 */
const hover = (main: string, text: string) => (text === '#ffffff' ? {} : { dark: main });

export function brandThemeOptions(theme: Theme, mode: ColorMode): ThemeOptions {
  const dark = mode === 'dark';
  const { colors, fontSizes, scrollbar } = theme;
  const heading = { fontSize: px(fontSizes.title), fontWeight: 500 };
  const subheading = { fontSize: px(fontSizes.large), fontWeight: 500 };
  const thumb = dark ? DARK.thumb : scrollbar.thumb;
  const track = dark ? DARK.track : scrollbar.track;
  const userComponents = theme.components as NonNullable<ThemeOptions['components']>;
  const brand = brandColors(colors, mode);
  return {
    ...baseOptions,
    palette: {
      mode,
      primary: { main: brand.primary, contrastText: brand.onPrimary, ...hover(brand.primary, brand.onPrimary) },
      secondary: { main: brand.secondary, contrastText: brand.onSecondary, ...hover(brand.secondary, brand.onSecondary) },
      background: { default: dark ? DARK.background : colors.background, paper: dark ? DARK.surface : colors.surface },
      text: dark ? { primary: DARK.text } : { primary: colors.text },
    },
    spacing: theme.spacing,
    shape: { borderRadius: theme.radius },
    typography: {
      ...baseOptions.typography,
      fontFamily: FONT_STACKS[theme.fontFamily],
      fontSize: fontSizes.body,
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: subheading,
      h6: subheading,
      subtitle1: { fontSize: px(fontSizes.large) },
      subtitle2: { fontSize: px(fontSizes.body), fontWeight: 500 },
      body1: { fontSize: px(fontSizes.body) },
      body2: { fontSize: px(fontSizes.body) },
      button: { fontSize: px(fontSizes.body), textTransform: 'none', fontWeight: 500 },
      caption: { fontSize: px(fontSizes.small) },
      overline: { fontSize: px(fontSizes.small) },
    },
    components: {
      ...baseOptions.components,
      ...userComponents,
      MuiCssBaseline: {
        styleOverrides: {
          '*': { scrollbarWidth: scrollbar.width <= 8 ? 'thin' : 'auto', scrollbarColor: `${thumb} ${track}` },
          '*::-webkit-scrollbar': { width: px(scrollbar.width), height: px(scrollbar.width) },
          '*::-webkit-scrollbar-thumb': { backgroundColor: thumb, borderRadius: px(scrollbar.width) },
          '*::-webkit-scrollbar-track': { backgroundColor: track },
        },
      },
    },
    brand: {
      riskManager: theme.riskManager,
      menu: dark ? DARK.menu : colors.menu,
      logoPlates: dark ? { menu: colors.menu, login: colors.surface } : null,
      images: {
        menuLogo: imageUrl(theme.images.menuLogo),
        loginLogo: imageUrl(theme.images.loginLogo),
        loginArt: imageUrl(theme.images.loginArt),
      },
    },
  };
}

const NO_BRAND: BrandExtras = { riskManager: null, menu: '#ffffff', images: { menuLogo: null, loginLogo: null, loginArt: null }, logoPlates: null };

/** The brand extras of a MUI theme; a theme not built here (react-admin's own, tests) has none. */
export const brandOf = (theme: MuiTheme): BrandExtras => (theme as Partial<MuiTheme>).brand ?? NO_BRAND;
