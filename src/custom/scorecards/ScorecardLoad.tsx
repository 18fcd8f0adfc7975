/** The scorecard screens' loading, error and period header, shared by the ranking and a provider's page. */
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { DashboardPeriod } from '../reports/dashboard/DashboardPeriod';
import type { useScorecardPeriod } from './useScorecardPeriod';

export const SCORECARD_LOAD_ERROR = 'Não foi possível carregar o desempenho';

interface LoadState {
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export function ScorecardHeader({ period, query, actions }: { period: ReturnType<typeof useScorecardPeriod>; query: LoadState; actions?: ReactNode }) {
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <DashboardPeriod start={period.start} end={period.end} error={period.error} onChange={period.setPeriod} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {query.isFetching && <CircularProgress size={24} aria-label="Carregando" />}
          {actions}
        </Stack>
      </Stack>
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {`${SCORECARD_LOAD_ERROR}: ${query.error?.message ?? ''}`}
        </Alert>
      )}
    </>
  );
}
