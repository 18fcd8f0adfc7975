/**
 * /home/reports (docs/rules/reports.md): the billing report and, beside it, the dashboard ('Painel',
 * ours), for the users whose menu offers it (MenuGuard). Default export: loaded lazily
 * (protectedPages.tsx), with the date pickers' chunk; the dashboard's charts (recharts) load only
 * when its tab is opened.
 */
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../layout/Spinner';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { MenuGuard } from '../MenuGuard';
import { REPORTS_PATH } from './paths';
import { BillingReportSection } from './BillingReportSection';

const ReportsDashboard = lazy(() => import('./dashboard/ReportsDashboard'));

type ReportsTab = 'report' | 'dashboard';

function Reports() {
  const { user, isPending } = useCurrentUser();
  const [tab, setTab] = useState<ReportsTab>('report');
  if (isPending || !user) return <Spinner />;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Relatórios
      </Typography>
      <Tabs value={tab} onChange={(_, value: ReportsTab) => setTab(value)} aria-label="Relatórios" sx={{ mb: 2 }}>
        <Tab value="report" label="Faturamento" id="reports-tab-report" aria-controls="reports-panel-report" />
        <Tab value="dashboard" label="Painel" id="reports-tab-dashboard" aria-controls="reports-panel-dashboard" />
      </Tabs>
      <Box role="tabpanel" id={`reports-panel-${tab}`} aria-labelledby={`reports-tab-${tab}`}>
        {tab === 'report' ? (
          <BillingReportSection providerOnly={user.role.type === 'service_provider'} />
        ) : (
          <Suspense fallback={<Spinner />}>
            <ReportsDashboard />
          </Suspense>
        )}
      </Box>
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
