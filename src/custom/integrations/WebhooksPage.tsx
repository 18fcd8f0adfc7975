/**
 * /home/integracoes/webhooks ('Webhooks', docs/rules/webhooks.md): the risk manager's webhooks for
 * its Administrador and TI users (the menu's rule; the server refuses everyone else).
 */
import { Paper, Typography } from '@mui/material';
import { WEBHOOKS_PATH } from '../../domain/navigation';
import { MenuGuard } from '../MenuGuard';
import { WebhooksPanel } from './WebhooksPanel';

export default function WebhooksPage() {
  return (
    <MenuGuard to={WEBHOOKS_PATH}>
      <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          Webhooks
        </Typography>
        <WebhooksPanel />
      </Paper>
    </MenuGuard>
  );
}
