/**
 * /home/reports (spec 2 Reports screen): the billing report, for the users whose menu offers it
 * (MenuGuard). Default export: loaded lazily (protectedPages.tsx), with the date pickers' chunk.
 */
import { Paper, Typography } from '@mui/material';
import { Spinner } from '../../resources/framework/Spinner';
import { useCurrentUser } from '../../resources/framework/useCurrentUser';
import { MenuGuard } from '../MenuGuard';
import { REPORTS_PATH } from './paths';
import { BillingReportSection } from './BillingReportSection';

function Reports() {
  const { user, isPending } = useCurrentUser();
  if (isPending || !user) return <Spinner />;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Relatórios
      </Typography>
      <BillingReportSection providerOnly={user.role.type === 'service_provider'} />
    </Paper>
  );
}

export default function ReportsPage() {
  return (
    <MenuGuard to={REPORTS_PATH}>
      <Reports />
    </MenuGuard>
  );
}
