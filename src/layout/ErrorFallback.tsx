import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { pageReloader } from './pageReloader';

export { pageReloader };

/** docs/rules/screens.md: the fallback page of an unexpected render error. */
export function ErrorFallback() {
  return (
    <Box
      role="alert"
      sx={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Typography variant="h1">Erro inesperado</Typography>
      <Typography>Algo deu errado. Tente recarregar a página.</Typography>
      <Button variant="contained" onClick={() => pageReloader.reload()}>
        Recarregar
      </Button>
    </Box>
  );
}
