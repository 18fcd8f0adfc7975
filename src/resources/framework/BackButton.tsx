import ArrowBack from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';

/** The generic screens' 'Voltar' (docs/rules/catalogues.md), shown only when there is somewhere to go back to. */
export function BackButton({ onBack }: { onBack?: () => void }) {
  if (!onBack) return null;
  return (
    <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 1 }}>
      Voltar
    </Button>
  );
}
