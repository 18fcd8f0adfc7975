import { useMediaQuery, useTheme } from '@mui/material';

/**
 * Below md (900 px) dialogs take the whole screen. Its own module, so a screen with dialogs does not
 * pull the catalogue framework's detail dialog into its chunk.
 */
export function useFullScreenDialog(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}
