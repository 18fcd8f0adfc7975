/**
 * One provider's scorecard: the period's totals, the month-by-month chart and the months table,
 * and its Excel export. A provider's admin users see their own here; risk managers reach any of
 * their providers' from the ranking.
 */
import { Box, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { SCORECARD_COLUMNS, SCORECARD_TEXTS } from '../../domain/reports/scorecards';
import { DashboardCard } from '../reports/dashboard/DashboardCard';
import { figureText } from './figureText';
import { ScorecardExcelButton } from './ScorecardExcelButton';
import { monthRows, ScorecardFiguresTable } from './ScorecardFiguresTable';
import { ScorecardHeader } from './ScorecardLoad';
import { ScorecardTrendChart } from './ScorecardTrendChart';
import { useScorecardPeriod } from './useScorecardPeriod';

export function ProviderScorecardView({ provider, title }: { provider: string; title?: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const period = useScorecardPeriod();
  const { valid } = period;
  const card = useQuery({
    queryKey: ['reports', 'scorecard', provider, valid?.start.toISOString(), valid?.end.toISOString()],
    queryFn: ({ signal }) => dataProvider.providerScorecard(provider, valid!.start, valid!.end, signal),
    enabled: valid !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const data = card.data;
  return (
    <Stack spacing={2} aria-busy={card.isFetching}>
      <Typography variant="h1">{title ?? data?.name ?? SCORECARD_TEXTS.menu}</Typography>
      <ScorecardHeader period={period} query={card} actions={<ScorecardExcelButton provider={provider} period={valid} />} />
      {data && !card.isError && valid && (
        <Stack spacing={2} sx={{ opacity: card.isPlaceholderData ? 0.6 : 1 }}>
          {/* Tiles as wide as a figure needs ('R$ 1.007,89' on one line): fewer per row on narrow screens. */}
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(10.5rem, 1fr))' }}>
            {SCORECARD_COLUMNS.map((c) => (
              <Box key={c.field} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0, whiteSpace: 'nowrap' }} data-testid={`scorecard-${c.field}`}>
                  {figureText(c.kind, data.totals[c.field])}
                </Typography>
              </Box>
            ))}
          </Box>
          <ScorecardTrendChart months={data.months} />
          <DashboardCard title="Mês a mês">
            <ScorecardFiguresTable label={`Desempenho mês a mês de ${data.name}`} firstColumn="Mês" rows={monthRows(data.months)} total={data.totals} />
          </DashboardCard>
        </Stack>
      )}
    </Stack>
  );
}
