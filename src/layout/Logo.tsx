import { useTheme } from '@mui/material/styles';
import { brandOf } from '../theme/brandTheme';
import { AppMark } from './AppMark';

/**
 * The brand mark: the risk manager's logo for the menu or the login page (spec 3, Theme images),
 * else the app's own (AppMark), readable on what it is drawn on: the side menu by default, the
 * card of the login page, or `on` (the page, a paper surface).
 */
export function Logo({ height = 40, variant = 'menu', on }: { height?: number; variant?: 'menu' | 'login'; on?: 'menu' | 'paper' | 'page' }) {
  const theme = useTheme();
  const { images, menu } = brandOf(theme);
  const image = variant === 'login' ? images.loginLogo : images.menuLogo;
  if (image) return <img src={image} alt="Logo da gerenciadora" height={height} style={{ display: 'block', maxWidth: '100%' }} data-testid="brand-logo" />;
  const surface = on ?? (variant === 'login' ? 'paper' : 'menu');
  const background = { menu, paper: theme.palette.background.paper, page: theme.palette.background.default }[surface];
  return <AppMark height={height} background={background} ink={theme.palette.text.primary} />;
}
