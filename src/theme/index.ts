export { theme, themeOptions, PRIMARY_COLOR, MENU_WIDTH, FONT_STACK, FONT_SIZES } from './theme';
