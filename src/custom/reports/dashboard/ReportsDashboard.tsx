/**
 * The reports dashboard ('Painel' of /home/reports; docs/rules/reports.md, ours): its own period (default the
 * last 90 days), missions per status, the two waiting times, cost per shipper per month, the
 * providers' ranking and SLA compliance, all from one GET dashboard answer. It brings recharts with it, so the page
 * loads it with React.lazy (default export) and the missions bundle never carries the library.
 */
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { dashboardRangeError, defaultDashboardRange, isEmptyDashboard } from '../../../domain/reports/dashboard';
import { AverageCards } from './AverageCards';
import { CostChart } from './CostChart';
import { DashboardPeriod } from './DashboardPeriod';
import { ProviderRanking } from './ProviderRanking';
import { SlaCompliance } from './SlaCompliance';
import { StatusChart } from './StatusChart';

export const DASHBOARD_EMPTY = 'Sem dados no período';
export const DASHBOARD_LOAD_ERROR = 'Não foi possível carregar o painel';

export default function ReportsDashboard({ now = () => new Date() }: { now?: () => Date }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [period, setPeriod] = useState<{ start: Date | null; end: Date | null }>(() => defaultDashboardRange(now()));
  const rangeError = dashboardRangeError(period.start, period.end);
  const { start, end } = period;
  const dashboard = useQuery({
    queryKey: ['reports', 'dashboard', start?.toISOString(), end?.toISOString()],
    queryFn: ({ signal }) => dataProvider.reportsDashboard(start as Date, end as Date, signal),
    enabled: rangeError === null,
    // The figures of the previous period stay while the next ones load, so the page does not jump.
    placeholderData: keepPreviousData,
  });

  const data = dashboard.data;
  return (
    <Stack spacing={2} sx={{ py: 2 }} aria-busy={dashboard.isFetching}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <DashboardPeriod start={start} end={end} error={rangeError} onChange={setPeriod} />
        {dashboard.isFetching && <CircularProgress size={24} aria-label="Carregando" />}
      </Stack>

      {dashboard.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {`${DASHBOARD_LOAD_ERROR}: ${dashboard.error.message}`}
        </Alert>
      )}

      {data && !dashboard.isError && rangeError === null && isEmptyDashboard(data) && (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
          {DASHBOARD_EMPTY}
        </Typography>
      )}

      {data && !dashboard.isError && rangeError === null && !isEmptyDashboard(data) && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            opacity: dashboard.isPlaceholderData ? 0.6 : 1,
          }}
        >
          <Box sx={{ gridColumn: '1 / -1' }}>
            <AverageCards averages={data.averages} />
          </Box>
          <StatusChart counts={data.statusCounts} />
          <ProviderRanking rows={data.providerRanking} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <CostChart costs={data.costPerShipper} side={data.costSide} />
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <SlaCompliance sla={data.sla} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}

