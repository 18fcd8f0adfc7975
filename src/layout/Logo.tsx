import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { brandOf } from '../theme/brandTheme';
import { AppMark } from './AppMark';

/**
 * The brand mark: the risk manager's logo for the menu or the login page (docs/rules/themes.md),
 * else the app's own (AppMark), readable on what it is drawn on: the side menu by default, the
 * card of the login page, or `on` (the page, a paper surface). In dark mode the risk manager's
 * logo sits on a plate of the light colour it was made for.
 */
export function Logo({ height = 40, variant = 'menu', on }: { height?: number; variant?: 'menu' | 'login'; on?: 'menu' | 'paper' | 'page' }) {
  const theme = useTheme();
  const { images, menu, logoPlates } = brandOf(theme);
  const image = variant === 'login' ? images.loginLogo : images.menuLogo;
  if (image) {
    const img = <img src={image} alt="Logo da gerenciadora" height={height} style={{ display: 'block', maxWidth: '100%' }} data-testid="brand-logo" />;
    if (!logoPlates) return img;
    return (
      <Box data-testid="brand-logo-plate" sx={{ display: 'inline-block', bgcolor: logoPlates[variant], borderRadius: 1, px: 1, py: 0.5, maxWidth: '100%' }}>
        {img}
      </Box>
    );
  }
  const surface = on ?? (variant === 'login' ? 'paper' : 'menu');
  const background = { menu, paper: theme.palette.background.paper, page: theme.palette.background.default }[surface];
  return <AppMark height={height} background={background} ink={theme.palette.text.primary} />;
}
