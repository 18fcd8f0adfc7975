/**
 * The risk manager's webhooks (docs/rules/webhooks.md): its endpoints as cards (one column on a
 * phone), the dialog that creates or edits one (address and event boxes), the secret shown once
 * with 'Copiar' after creation and after 'Rotacionar segredo', the on/off switch, 'Enviar teste' and
 * the delivery log with its status chips and 'Reenviar'.
 */
import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { isHttpError } from '../../dataProvider/HttpError';
import { WEBHOOK_DISABLED_LABELS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_MESSAGE_STATE_LABELS, type WebhookEvent } from '../../domain/webhooks';
import type { WebhookEndpoint, WebhookMessage } from '../../domain/webhooks/contracts';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';

const ENDPOINTS_KEY = ['webhookEndpoints'] as const;
const FAILED = 'Não foi possível concluir. Tente novamente.';

const messageOf = (error: unknown) => {
  if (!isHttpError(error)) return FAILED;
  const apiError = error.apiError;
  if (apiError.kind === 'generic_error') return apiError.message;
  if (apiError.kind === 'validation') return apiError.issues.map((issue) => issue.message).join(' ');
  return FAILED;
};

const dateText = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

const STATE_COLORS = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

interface Draft {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

function EndpointDialog({ initial, onSave, onClose }: { initial: Draft | null; onSave: (draft: Draft) => Promise<void>; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(initial ?? { url: 'https://', events: ['mission.created'], active: true });
  const [saving, setSaving] = useState(false);
  const toggle = (event: WebhookEvent) =>
    setDraft((d) => ({ ...d, events: d.events.includes(event) ? d.events.filter((e) => e !== event) : [...d.events, event] }));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{initial ? 'Editar webhook' : 'Novo webhook'}</DialogTitle>
      <DialogContent>
        <TextField
          label="Endereço (URL)"
          value={draft.url}
          onChange={(e) => setDraft({ ...draft, url: e.target.value })}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { inputMode: 'url' } }}
        />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Eventos
        </Typography>
        <FormGroup>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel key={event} control={<Checkbox checked={draft.events.includes(event)} onChange={() => toggle(event)} />} label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`} />
          ))}
        </FormGroup>
        <FormControlLabel control={<Switch checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />} label="Ativo" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          disabled={saving}
          onClick={() => {
            setSaving(true);
            void onSave(draft).finally(() => setSaving(false));
          }}
        >
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Segredo do webhook</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copie agora: este segredo não será mostrado de novo. Use-o para verificar a assinatura (webhook-signature) de cada mensagem.
        </Alert>
        <Typography component="code" data-testid="webhook-secret" sx={{ wordBreak: 'break-all', fontFamily: 'monospace', display: 'block', p: 1, bgcolor: 'action.hover' }}>
          {secret}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(secret).then(() => notify.success('Segredo copiado'))}>Copiar</Button>
        <Button variant="contained" onClick={onClose}>
          Fechar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const key = ['webhookDeliveries', endpoint._id];
  const queryClient = useQueryClient();
  const log = useQuery({ queryKey: key, queryFn: ({ signal }) => dataProvider.webhookDeliveries(endpoint._id, signal), refetchInterval: 5000 });
  const resend = async (message: WebhookMessage) => {
    try {
      await dataProvider.resendWebhookMessage(message._id);
      notify.success('Mensagem reenviada');
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      notify.error(messageOf(error));
    }
  };
  if (log.isPending) return <Spinner />;
  if (log.isError) return <Alert severity="error">{messageOf(log.error)}</Alert>;
  if (log.data.length === 0) return <Typography variant="body2">Nenhuma entrega ainda.</Typography>;
  return (
    <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }} aria-label="Entregas">
      {log.data.map((message) => {
        const last = message.log.at(-1);
        return (
          <Paper key={message._id} component="li" variant="outlined" sx={{ listStyle: 'none', p: 1 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" color={STATE_COLORS[message.state]} label={WEBHOOK_MESSAGE_STATE_LABELS[message.state]} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {message.event}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dateText(message.createdAt)}
              </Typography>
              <Box sx={{ flexGrow: 1 }} />
              <Button size="small" onClick={() => void resend(message)} aria-label={`Reenviar ${message._id}`}>
                Reenviar
              </Button>
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
              {`webhook-id ${message._id} · ${message.attempts} tentativa(s)`}
              {last && ` · última: ${last.status ?? 'sem resposta'} em ${last.durationMs} ms${last.error ? ` (${last.error})` : ''}`}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}

function EndpointCard({ endpoint, onChanged, onSecret }: { endpoint: WebhookEndpoint; onChanged: () => Promise<void>; onSecret: (secret: string) => void }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const act = async (run: () => Promise<unknown>) => {
    try {
      await run();
      await onChanged();
    } catch (error) {
      notify.error(messageOf(error));
    }
  };
  const values = { url: endpoint.url, events: endpoint.events, active: endpoint.active };
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2 }} aria-label={endpoint.url}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h2" sx={{ wordBreak: 'break-all' }}>
          {endpoint.url}
        </Typography>
        <FormControlLabel
          control={<Switch checked={endpoint.active} onChange={(e) => void act(() => dataProvider.updateWebhookEndpoint(endpoint._id, { ...values, active: e.target.checked }))} />}
          label="Ativo"
        />
      </Stack>
      {endpoint.disabledReason && (
        <Alert severity="error" sx={{ my: 1 }}>
          {WEBHOOK_DISABLED_LABELS[endpoint.disabledReason]}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {endpoint.events.map((event) => (
          <Chip key={event} size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} />
        ))}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
          Editar
        </Button>
        <Button size="small" variant="outlined" onClick={() => void act(() => dataProvider.testWebhookEndpoint(endpoint._id).then(() => notify.success('Mensagem de teste enfileirada')))}>
          Enviar teste
        </Button>
        <Button size="small" variant="outlined" onClick={() => void act(async () => onSecret((await dataProvider.rotateWebhookSecret(endpoint._id)).secret))}>
          Rotacionar segredo
        </Button>
        <Button size="small" onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Ocultar entregas' : 'Entregas'}
        </Button>
        <Button size="small" color="error" onClick={() => void act(() => dataProvider.removeWebhookEndpoint(endpoint._id))}>
          Excluir
        </Button>
      </Stack>
      {showLog && (
        <Box sx={{ mt: 1.5 }}>
          <DeliveryLog endpoint={endpoint} />
        </Box>
      )}
      {editing && (
        <EndpointDialog
          initial={values}
          onClose={() => setEditing(false)}
          onSave={async (draft) => {
            await act(async () => {
              await dataProvider.updateWebhookEndpoint(endpoint._id, draft);
              setEditing(false);
            });
          }}
        />
      )}
    </Paper>
  );
}

export function WebhooksPanel() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: ({ signal }) => dataProvider.webhookEndpoints(undefined, signal) });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="body2" color="text.secondary">
          Os sistemas da gerenciadora recebem os eventos das missões, assinados (Standard Webhooks).
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          Novo webhook
        </Button>
      </Stack>
      {endpoints.isPending ? (
        <Spinner />
      ) : endpoints.isError ? (
        <Alert severity="error">{messageOf(endpoints.error)}</Alert>
      ) : endpoints.data.length === 0 ? (
        <Typography>Nenhum webhook cadastrado.</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
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
            try {
              const created = await dataProvider.createWebhookEndpoint({ ...draft, riskManager: null });
              setAdding(false);
              setSecret(created.secret);
              await reload();
            } catch (error) {
              notify.error(messageOf(error));
            }
          }}
        />
      )}
      {secret && <SecretDialog secret={secret} onClose={() => setSecret(null)} />}
    </Box>
  );
}
