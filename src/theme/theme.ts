/**
 * The MUI theme (docs/rules/themes.md: the default brand's orange, darkened to read at WCAG AA
 * (domain/theme.ts);
 * Roboto at 12, 14, 16 and 24 px).
 * Roboto is bundled (@fontsource/roboto, imported by main.tsx) and served with the app, so the
 * look is the same on every machine and offline. Per-risk-manager themes (docs/rules/themes.md)
 * build on this base.
 */
import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { DEFAULT_THEME_SETTINGS } from '../domain/theme';
import { FONT_STACK } from './brandTokens';

export const PRIMARY_COLOR = DEFAULT_THEME_SETTINGS.colors.primary;
export const MENU_WIDTH = 250;

export { FONT_STACK };

/** The four font sizes of the product (docs/rules/screens.md), in px. */
export const FONT_SIZES = { small: 12, body: 14, large: 16, title: 24 } as const;

const px = (n: number) => `${n}px`;
/** The smallest control a thumb hits reliably (WCAG 2.5.5), on small screens. */
const TOUCH = 44;

export const themeOptions: ThemeOptions = {
  palette: {
    mode: 'light',
    primary: { main: PRIMARY_COLOR, contrastText: '#ffffff' },
    secondary: { main: '#263238' },
    background: { default: '#f5f5f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: FONT_STACK,
    fontSize: FONT_SIZES.body,
    h1: { fontSize: px(FONT_SIZES.title), fontWeight: 500 },
    h2: { fontSize: px(FONT_SIZES.title), fontWeight: 500 },
    h3: { fontSize: px(FONT_SIZES.title), fontWeight: 500 },
    h4: { fontSize: px(FONT_SIZES.title), fontWeight: 500 },
    h5: { fontSize: px(FONT_SIZES.large), fontWeight: 500 },
    h6: { fontSize: px(FONT_SIZES.large), fontWeight: 500 },
    subtitle1: { fontSize: px(FONT_SIZES.large) },
    subtitle2: { fontSize: px(FONT_SIZES.body), fontWeight: 500 },
    body1: { fontSize: px(FONT_SIZES.body) },
    body2: { fontSize: px(FONT_SIZES.body) },
    button: { fontSize: px(FONT_SIZES.body), textTransform: 'none', fontWeight: 500 },
    caption: { fontSize: px(FONT_SIZES.small) },
    overline: { fontSize: px(FONT_SIZES.small) },
  },
  components: {
    // MUI marks keyboard focus on buttons, icon buttons, tabs, chips and menu items only with a
    // faint ripple: a dispatcher working by keyboard could not see where focus is (WCAG 2.4.7).
    // A ring in the text colour, outside the control, contrasts with the page in light and dark
    // mode whatever the brand colour (WCAG 1.4.11, 3:1).
    MuiButtonBase: {
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 2 } }),
      },
    },
    // The tab strip clips what goes past it: a tab's ring is drawn inside the tab.
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    // On a phone every control is tapped with a thumb, often on the road: at least 44 px tall
    // (WCAG 2.5.5) whatever size a screen asked for — buttons, icon buttons, the fields' boxes and
    // the checkboxes' and switches' touch areas (docs/rules/field-app.md).
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: TOUCH } }) } },
    MuiIconButton: { styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: TOUCH, minWidth: TOUCH } }) } },
    MuiInputBase: { styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { minHeight: TOUCH } }) } },
    MuiCheckbox: { styleOverrides: { root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { padding: 10 } }) } },
    // A switch's touch area (the round thumb's button) is 38 px: 44 on a phone, the track and the
    // thumb's travel kept in proportion.
    MuiSwitch: {
      styleOverrides: {
        root: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { width: 64, height: TOUCH, padding: 15 } }),
        switchBase: ({ theme }) => ({ [theme.breakpoints.down('sm')]: { padding: 12 } }),
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
  },
};

export const theme = createTheme(themeOptions);
