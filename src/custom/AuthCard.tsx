import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Logo } from '../layout/Logo';
import { brandOf } from '../theme/brandTheme';

/**
 * The centred card of the public pages (login, forgot password, unauthorized), with the risk
 * manager's login logo, and its login art beside the card on wide screens when it has one.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const art = brandOf(useTheme()).images.loginArt;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      {art && (
        <Box
          data-testid="login-art"
          aria-hidden
          sx={{ display: { xs: 'none', md: 'block' }, flex: '0 0 40%', backgroundImage: `url("${art}")`, backgroundSize: 'cover', backgroundPosition: 'center' }}
        />
      )}
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Paper elevation={2} sx={{ width: '100%', maxWidth: 420, p: 4, display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            <Logo height={56} variant="login" />
          </Box>
          <Typography variant="h1" align="center">
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
