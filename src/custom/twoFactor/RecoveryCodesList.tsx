import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';

/** The 10 recovery codes, shown once: each signs in once when the phone is lost. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Alert severity="warning">
        Guarde estes códigos de recuperação em lugar seguro: eles não serão mostrados de novo. Cada um permite entrar uma única vez
        se você perder o celular.
      </Alert>
      <Box
        component="ol"
        aria-label="Códigos de recuperação"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: 2, m: 0, pl: 4 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </Box>
  );
}
