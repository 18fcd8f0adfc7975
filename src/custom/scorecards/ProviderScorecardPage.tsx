/**
 * /home/performance/{providerId} (ours): one provider's scorecard, opened from the ranking. A
 * provider's user asking for another provider's gets the server's 404 ('Prestadora não encontrada.').
 */
import { Button, Paper, Stack } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { SCORECARDS_PATH } from '../../domain/navigation';
import { MenuGuard } from '../MenuGuard';
import { ProviderScorecardView } from './ProviderScorecardView';

export default function ProviderScorecardPage() {
  const { providerId = '' } = useParams();
  return (
    <MenuGuard to={SCORECARDS_PATH}>
      <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={1}>
          <Button component={RouterLink} to={SCORECARDS_PATH} sx={{ alignSelf: 'flex-start' }}>
            Voltar
          </Button>
          <ProviderScorecardView key={providerId} provider={providerId} />
        </Stack>
      </Paper>
    </MenuGuard>
  );
}
