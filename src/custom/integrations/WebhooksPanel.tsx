/**
 * 'Webhooks' (docs/rules/webhooks.md): the tenant's endpoints as cards (one column on a phone), with
 * 'Novo webhook' and 'Editar' (EndpointDialog), the secret shown once after creation and after
 * 'Rotacionar segredo', the on/off switch, 'Enviar teste' and the delivery log (DeliveryLog).
 * 'Rotacionar segredo' and 'Excluir' ask first, and each sends one request however often it is
 * clicked. The platform admin picks the tenant first (TenantScoped).
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { WebhookEndpointUpdateValues } from '../../domain/schemas/webhookEndpoint';
import { WEBHOOK_DISABLED_LABELS, WEBHOOK_EVENT_LABELS } from '../../domain/webhooks';
import type { WebhookEndpoint } from '../../domain/webhooks/contracts';
import { WEBHOOK_TEXTS } from '../../domain/webhooks/texts';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog } from './EndpointDialog';
import { failureText } from './failureText';
import { SecretDialog } from './SecretDialog';
import { TenantScoped } from './TenantScoped';

const SECRET_TEXTS = { title: WEBHOOK_TEXTS.secretTitle, label: WEBHOOK_TEXTS.secretLabel, warning: WEBHOOK_TEXTS.secretWarning, copied: WEBHOOK_TEXTS.copied };

/** The two actions that ask before they run. */
type Asked = 'rotate' | 'remove';

function EndpointCard({ endpoint, onChanged, onSecret }: { endpoint: WebhookEndpoint; onChanged: () => Promise<void>; onSecret: (secret: string) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [asking, setAsking] = useState<Asked | null>(null);
  // One request at a time from this card: a second click while one is on its way does nothing.
  const act = useOneSubmission(async (run: () => Promise<unknown>) => {
    try {
      await run();
      await onChanged();
    } catch (error) {
      notify.error(failureText(error));
    }
  });
  const values: WebhookEndpointUpdateValues = { url: endpoint.url, events: endpoint.events, active: endpoint.active };
  const confirmed = async () => {
    if (asking === 'rotate') {
      const rotated = await dataProvider.rotateWebhookSecret(endpoint._id);
      setAsking(null);
      onSecret(rotated.secret);
    } else {
      await dataProvider.removeWebhookEndpoint(endpoint._id);
      setAsking(null);
    }
  };
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2, minWidth: 0 }} aria-label={endpoint.url}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ wordBreak: 'break-all', minWidth: 0 }}>
          {endpoint.url}
        </Typography>
        <FormControlLabel
          sx={{ flexShrink: 0, mr: 0 }}
          control={
            <Switch
              checked={endpoint.active}
              disabled={act.pending}
              onChange={(e) => void act.run(() => dataProvider.updateWebhookEndpoint(endpoint._id, { ...values, active: e.target.checked }))}
            />
          }
          label={WEBHOOK_TEXTS.active}
        />
      </Stack>
      {endpoint.disabledReason && (
        <Alert severity="error" sx={{ my: 1 }}>
          {WEBHOOK_DISABLED_LABELS[endpoint.disabledReason]}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {endpoint.events.map((event) => (
          <Chip key={event} size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} title={event} sx={{ maxWidth: '100%' }} />
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
          {WEBHOOK_TEXTS.editButton}
        </Button>
        <Button size="small" variant="outlined" disabled={act.pending} onClick={() => void act.run(() => dataProvider.testWebhookEndpoint(endpoint._id).then(() => notify.success(WEBHOOK_TEXTS.testQueued)))}>
          {WEBHOOK_TEXTS.test}
        </Button>
        <Button size="small" variant="outlined" onClick={() => setAsking('rotate')}>
          {WEBHOOK_TEXTS.rotate}
        </Button>
        <Button size="small" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {showLog ? WEBHOOK_TEXTS.hideDeliveries : WEBHOOK_TEXTS.deliveries}
        </Button>
        <Button size="small" color="error" onClick={() => setAsking('remove')}>
          {WEBHOOK_TEXTS.remove}
        </Button>
      </Stack>
      {showLog && (
        <Box sx={{ mt: 1.5 }}>
          <DeliveryLog endpoint={endpoint._id} />
        </Box>
      )}
      {editing && (
        <EndpointDialog
          initial={values}
          onClose={() => setEditing(false)}
          onSave={async (draft) => {
            await dataProvider.updateWebhookEndpoint(endpoint._id, draft);
            setEditing(false);
            await onChanged();
          }}
        />
      )}
      <DeleteConfirmDialog
        open={asking !== null}
        entity={endpoint.url}
        verb={asking === 'rotate' ? WEBHOOK_TEXTS.rotate : WEBHOOK_TEXTS.remove}
        question={asking === 'rotate' ? WEBHOOK_TEXTS.rotateConfirm(endpoint.url) : WEBHOOK_TEXTS.removeConfirm(endpoint.url)}
        loading={act.pending}
        onCancel={() => setAsking(null)}
        onConfirm={() => void act.run(confirmed)}
      />
    </Paper>
  );
}

function Endpoints({ tenant }: { tenant: string | null }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['webhookEndpoints', tenant] as const;
  const endpoints = useQuery({ queryKey, queryFn: ({ signal }) => dataProvider.webhookEndpoints(tenant ?? undefined, signal) });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey });

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {WEBHOOK_TEXTS.intro}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
          {WEBHOOK_TEXTS.add}
        </Button>
      </Stack>
      {endpoints.isPending ? (
        <Spinner />
      ) : endpoints.isError ? (
        <Alert severity="error">{failureText(endpoints.error)}</Alert>
      ) : endpoints.data.length === 0 ? (
        <Typography>{WEBHOOK_TEXTS.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint._id} endpoint={endpoint} onChanged={reload} onSecret={setSecret} />
          ))}
        </Box>
      )}
      {adding && (
        <EndpointDialog
          initial={null}
          onClose={() => setAdding(false)}
          onSave={async (draft) => {
            const created = await dataProvider.createWebhookEndpoint({ ...draft, riskManager: tenant });
            setAdding(false);
            setSecret(created.secret);
            await reload();
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} texts={SECRET_TEXTS} onClose={() => setSecret(null)} />}
    </>
  );
}

export function WebhooksPanel() {
  return <TenantScoped>{(tenant) => <Endpoints tenant={tenant} />}</TenantScoped>;
}
