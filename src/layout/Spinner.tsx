/** The loading spinner of lists and screens. */
import { Box, CircularProgress } from '@mui/material';

export function Spinner() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Carregando" />
    </Box>
  );
}
