/** The providers' ranking of the period (compareScorecards' order), each name opening its scorecard. */
import { Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { SCORECARDS_PATH } from '../../domain/navigation';
import { SCORECARD_TEXTS } from '../../domain/reports/scorecards';
import { DashboardCard } from '../reports/dashboard/DashboardCard';
import { ScorecardExcelButton } from './ScorecardExcelButton';
import { ScorecardFiguresTable } from './ScorecardFiguresTable';
import { ScorecardHeader } from './ScorecardLoad';
import { useScorecardPeriod } from './useScorecardPeriod';

export function ScorecardRankingView() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const period = useScorecardPeriod();
  const { valid } = period;
  const ranking = useQuery({
    queryKey: ['reports', 'scorecards', valid?.start.toISOString(), valid?.end.toISOString()],
    queryFn: ({ signal }) => dataProvider.scorecardRanking(valid!.start, valid!.end, signal),
    enabled: valid !== null,
    placeholderData: keepPreviousData,
  });
  const rows = ranking.data?.rows ?? [];
  return (
    <Stack spacing={2} aria-busy={ranking.isFetching}>
      <Typography variant="h1">{SCORECARD_TEXTS.rankingTitle}</Typography>
      <ScorecardHeader period={period} query={ranking} actions={<ScorecardExcelButton provider={null} period={valid} />} />
      {ranking.data && !ranking.isError && valid && (
        <DashboardCard title="Classificação" subtitle="Mais missões ganhas primeiro; depois ETA cumprido, menos violações de SLA e cancelamentos, aceite mais rápido">
          {rows.length === 0 ? (
            <Typography sx={{ py: 4 }} color="text.secondary">
              {SCORECARD_TEXTS.empty}
            </Typography>
          ) : (
            <ScorecardFiguresTable
              label="Classificação das prestadoras"
              firstColumn="Prestadora"
              rows={rows.map((r) => ({ ...r, key: r.serviceProvider, label: r.name, to: `${SCORECARDS_PATH}/${r.serviceProvider}` }))}
            />
          )}
        </DashboardCard>
      )}
    </Stack>
  );
}
