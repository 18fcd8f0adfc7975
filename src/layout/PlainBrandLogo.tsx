import { imageUrl } from '../theme/brandTokens';
import { useColorMode, useThemeState } from '../theme/themeState';
import { PlainAppMark } from './AppMark';

/**
 * The risk manager's menu logo on a page built without MUI (landing, tracking), else the app's own
 * on the bar's surface (as the admin's Logo). In dark mode the logo sits on a plate of the light
 * menu colour it was made for: its dark words vanish on a dark bar.
 */
export function PlainBrandLogo({ height }: { height: number }) {
  const { theme } = useThemeState();
  const dark = useColorMode() === 'dark';
  const src = imageUrl(theme.images.menuLogo);
  if (!src) return <PlainAppMark height={height} on="surface" />;
  const plate = dark ? { background: theme.colors.menu, borderRadius: 4, padding: '4px 8px' } : {};
  return <img src={src} alt="Logo da gerenciadora" height={height} data-testid="brand-logo" style={{ display: 'block', maxWidth: '100%', ...plate }} />;
}
