import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Logo } from '../layout/Logo';

/** /unauthorized and every unknown path (docs/rules/screens.md): no authorization, Voltar → /home. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <Box
      component="main"
      sx={{ minHeight: '70vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, p: 3, textAlign: 'center' }}
    >
      <Logo height={48} on="page" />
      <Typography variant="h1">Acesso não autorizado</Typography>
      <Typography>Você não tem autorização para acessar esta página.</Typography>
      <Button variant="contained" onClick={() => void navigate('/home')}>
        Voltar
      </Button>
    </Box>
  );
}

export default UnauthorizedPage;
