import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * A screen whose feature arrives in a later version. It says so plainly and offers nothing that
 * could be mistaken for a working feature.
 */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <Paper sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary">{description}</Typography>
      <Typography>Esta tela ainda não está disponível: ela chega em uma próxima versão do sistema.</Typography>
    </Paper>
  );
}
