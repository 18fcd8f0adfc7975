import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Logo } from './Logo';

/** Shown while the session is being resolved or a screen's code is loading. */
export function Splash({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      aria-busy="true"
      sx={{
        minHeight: fullScreen ? '100vh' : '40vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      {fullScreen && <Logo height={56} on="page" />}
      <CircularProgress aria-label="Carregando" />
    </Box>
  );
}
