import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '../layout/Logo';

/** The centred card of the public pages (login, forgot password, unauthorized). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 420, p: 4, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Logo height={56} />
        </Box>
        <Typography variant="h1" align="center">
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
