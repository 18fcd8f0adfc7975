/**
 * /home/integracoes ('Integrações', docs/rules/integrations.md, docs/rules/webhooks.md): what a risk
 * manager's IT sets up so other systems can use the API and hear of its missions. One tab per kind of integration; a new one is one line of
 * TABS. The Administrador and TI profiles of a risk manager and the platform admin only (the
 * menu's rule; the server refuses everyone else).
 */
import { useState, type ComponentType } from 'react';
import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { INTEGRATION_TEXTS, INTEGRATIONS_PATH } from '../../domain/integrations/apiKeys';
import { WEBHOOK_TEXTS } from '../../domain/webhooks/texts';
import { MenuGuard } from '../MenuGuard';
import { ApiKeysPanel } from './ApiKeysPanel';
import { WebhooksPanel } from './WebhooksPanel';

/** The tabs, in order: a label and the panel drawn under it. */
const TABS: readonly { label: string; Panel: ComponentType }[] = [
  { label: INTEGRATION_TEXTS.keysTab, Panel: ApiKeysPanel },
  { label: WEBHOOK_TEXTS.tab, Panel: WebhooksPanel },
];

function Integrations() {
  const [current, setCurrent] = useState(0);
  const { Panel } = TABS[current] ?? TABS[0]!;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {INTEGRATION_TEXTS.title}
      </Typography>
      <Tabs value={current} onChange={(_event, value: number) => setCurrent(value)} variant="scrollable" allowScrollButtonsMobile aria-label={INTEGRATION_TEXTS.title}>
        {TABS.map((tab, index) => (
          <Tab key={tab.label} label={tab.label} id={`integracoes-tab-${index}`} aria-controls={`integracoes-painel-${index}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`integracoes-painel-${current}`} aria-labelledby={`integracoes-tab-${current}`} sx={{ pt: 2 }}>
        <Panel />
      </Box>
    </Paper>
  );
}

export default function IntegrationsPage() {
  return (
    <MenuGuard to={INTEGRATIONS_PATH}>
      <Integrations />
    </MenuGuard>
  );
}
