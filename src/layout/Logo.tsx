import { useTheme } from '@mui/material/styles';
import { brandOf } from '../theme/brandTheme';

/**
 * The brand mark: the risk manager's logo for the menu or the login page (spec 3, Theme images),
 * else the app's own (public/logo.svg), with a name for screen readers.
 */
export function Logo({ height = 40, variant = 'menu' }: { height?: number; variant?: 'menu' | 'login' }) {
  const { images } = brandOf(useTheme());
  const src = (variant === 'login' ? images.loginLogo : images.menuLogo) ?? '/logo.svg';
  return <img src={src} alt={src === '/logo.svg' ? 'Pronta Resposta' : 'Logo da gerenciadora'} height={height} style={{ display: 'block', maxWidth: '100%' }} data-testid="brand-logo" />;
}
