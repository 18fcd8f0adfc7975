/**
 * /home/admin/privacy ('Privacidade' in the admin home's 'Segurança' section, docs/rules/privacy.md):
 * LGPD on the admin side — the data subjects' requests (search, export, anonymisation), the
 * tenant's retention and the incidents register, one tab each. A risk manager's Administrador acts
 * on its own tenant; the platform admin picks the tenant first (the incidents register lists every
 * tenant's and the platform's own).
 */
import { useState, type ComponentType } from 'react';
import { Box, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { canManagePrivacy } from '../../domain/privacy';
import { PRIVACY_TEXTS as T } from '../../domain/privacy/texts';
import { Spinner } from '../../layout/Spinner';
import { TenantSelect } from '../TenantSelect';
import { IncidentsPanel } from './IncidentsPanel';
import type { PanelProps } from './panelProps';
import { RetentionPanel } from './RetentionPanel';
import { SubjectsPanel } from './SubjectsPanel';


const TABS: readonly { label: string; Panel: ComponentType<PanelProps>; needsTenant: boolean }[] = [
  { label: T.subjectsTab, Panel: SubjectsPanel, needsTenant: true },
  { label: T.retentionTab, Panel: RetentionPanel, needsTenant: true },
  { label: T.incidentsTab, Panel: IncidentsPanel, needsTenant: false },
];

function Privacy({ allTenants }: { allTenants: boolean }) {
  const [current, setCurrent] = useState(0);
  const [picked, setPicked] = useState('');
  const { Panel, needsTenant } = TABS[current] ?? TABS[0]!;
  const tenant = allTenants && picked !== '' ? picked : undefined;
  // On a phone the three tabs share the width, their labels on two lines, none hidden past the edge.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {T.title}
      </Typography>
      {allTenants && <TenantSelect label={T.tenant} value={picked} onChange={setPicked} />}
      <Tabs value={current} onChange={(_event, value: number) => setCurrent(value)} variant={phone ? 'fullWidth' : 'standard'} aria-label={T.title}>
        {TABS.map((tab, index) => (
          <Tab key={tab.label} label={tab.label} id={`privacidade-tab-${index}`} aria-controls={`privacidade-painel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`privacidade-painel-${current}`} aria-labelledby={`privacidade-tab-${current}`} sx={{ pt: 2 }}>
        {needsTenant && allTenants && !tenant ? <Typography color="text.secondary">{T.pickTenant}</Typography> : <Panel key={tenant ?? ''} tenant={tenant} allTenants={allTenants} />}
      </Box>
    </Paper>
  );
}

export default function PrivacyPage() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <Spinner />;
  if (!user || !canManagePrivacy(user.role)) return <Navigate to="/unauthorized" replace />;
  return <Privacy allTenants={user.riskManager === null} />;
}
