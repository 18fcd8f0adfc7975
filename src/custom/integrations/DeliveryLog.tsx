/**
 * An endpoint's delivery log (docs/rules/webhooks.md): its latest messages, newest first, each with
 * its state, the webhook-id the receiver deduplicates by and the last attempt; 'Reenviar' puts the
 * same message (the same webhook-id) back in the queue, once however often it is clicked.
 */
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { WEBHOOK_MESSAGE_STATE_LABELS } from '../../domain/webhooks';
import type { WebhookMessage } from '../../domain/webhooks/contracts';
import { WEBHOOK_TEXTS } from '../../domain/webhooks/texts';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { failureText } from './failureText';

const STATE_COLORS = { pending: 'warning', delivered: 'success', failed: 'error' } as const;
/** The log follows the worker while it is open: a pending message turns delivered on its own. */
const REFRESH_MS = 5000;

const dateText = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

export function DeliveryLog({ endpoint }: { endpoint: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryKey = ['webhookDeliveries', endpoint];
  const queryClient = useQueryClient();
  const log = useQuery({ queryKey, queryFn: ({ signal }) => dataProvider.webhookDeliveries(endpoint, signal), refetchInterval: REFRESH_MS });
  const resend = useOneSubmission(async (message: WebhookMessage) => {
    try {
      await dataProvider.resendWebhookMessage(message._id);
      notify.success(WEBHOOK_TEXTS.resent);
      await queryClient.invalidateQueries({ queryKey });
    } catch (error) {
      notify.error(failureText(error));
    }
  });
  if (log.isPending) return <Spinner />;
  if (log.isError) return <Alert severity="error">{failureText(log.error)}</Alert>;
  if (log.data.length === 0) return <Typography variant="body2">{WEBHOOK_TEXTS.noDeliveries}</Typography>;
  return (
    <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1 }} aria-label={WEBHOOK_TEXTS.deliveries}>
      {log.data.map((message) => {
        const last = message.log.at(-1);
        return (
          <Paper key={message._id} component="li" variant="outlined" sx={{ listStyle: 'none', p: 1 }} aria-label={`${message.event} ${message._id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Chip size="small" color={STATE_COLORS[message.state]} label={WEBHOOK_MESSAGE_STATE_LABELS[message.state]} />
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {message.event}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {dateText(message.createdAt)}
              </Typography>
              <Box sx={{ flexGrow: 1 }} />
              <Button size="small" disabled={resend.pending} onClick={() => void resend.run(message)} aria-label={`${WEBHOOK_TEXTS.resend} ${message._id}`}>
                {WEBHOOK_TEXTS.resend}
              </Button>
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
              {`webhook-id ${message._id} · ${message.attempts} tentativa(s)`}
              {last && ` · última: ${last.status ?? WEBHOOK_TEXTS.noAnswer} em ${last.durationMs} ms${last.error ? ` (${last.error})` : ''}`}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
