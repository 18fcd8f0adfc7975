/** The details and billing screens' load failure (docs/rules/missions.md): the message and 'Tentar novamente'. */
import { Alert, Button, Stack } from '@mui/material';
import { DETAILS_LOAD_FAILED, DETAILS_RETRY } from '../../domain/missionDetails';

export function LoadFailed({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Stack spacing={2} sx={{ p: 2, alignItems: 'flex-start' }}>
      <Alert severity="error">{DETAILS_LOAD_FAILED}</Alert>
      <Button variant="contained" loading={retrying} onClick={onRetry}>
        {DETAILS_RETRY}
      </Button>
    </Stack>
  );
}
