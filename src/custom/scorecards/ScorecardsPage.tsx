/**
 * /home/performance (ours): the provider scorecards. Risk managers' and platform admins' admin
 * users get the ranking; a provider's admin users their own scorecard, never another's (the server
 * refuses the rest as well). Default export: loaded lazily with recharts (protectedPages.tsx).
 */
import { Paper } from '@mui/material';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { Spinner } from '../../layout/Spinner';
import { SCORECARDS_PATH } from '../../domain/navigation';
import { SCORECARD_TEXTS } from '../../domain/reports/scorecards';
import { MenuGuard } from '../MenuGuard';
import { ProviderScorecardView } from './ProviderScorecardView';
import { ScorecardRankingView } from './ScorecardRankingView';

function Scorecards() {
  const { user, isPending } = useCurrentUser();
  if (isPending || !user) return <Spinner />;
  const own = user.role.type === 'service_provider' ? user.serviceProvider : null;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      {own ? <ProviderScorecardView provider={own} title={SCORECARD_TEXTS.ownTitle} /> : <ScorecardRankingView />}
    </Paper>
  );
}

export default function ScorecardsPage() {
  return (
    <MenuGuard to={SCORECARDS_PATH}>
      <Scorecards />
    </MenuGuard>
  );
}
