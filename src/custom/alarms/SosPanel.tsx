import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { ALARM_ACTIONS, SOS_HOLD_MS, SOS_TEXTS, sosSmsText, sosStateText } from '../../domain/alarms';
import { canLocateDevice, devicePosition, type DevicePoint } from '../../layout/address/devicePosition';
import { KEPT_ON_DEVICE, useMissionOutbox, useOutboxSent, useOutboxSubmit } from '../../layout/OutboxProvider';
import { useLiveMissions } from '../live/useLiveMissions';
import { HoldButton } from './HoldButton';

type Sending = 'idle' | 'sending' | 'failed';

/**
 * The team's SOS on its running mission (docs/rules/alarms.md): held 2 s, sent through the device's
 * outbox (kept there and replayed with its Idempotency-Key when there is no signal), and always the
 * SMS text with the risk manager's emergency phone beside it, for when nothing gets through. Below
 * it, what the central did with the last SOS ('SOS recebido pela central', then who pressed 'Ciente'
 * and when), kept current by the live stream.
 */
export function SosPanel({ missionId, reference }: { missionId: string; reference: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const submit = useOutboxSubmit();
  const queued = useMissionOutbox(missionId, 'sos');
  const [sending, setSending] = useState<Sending>('idle');
  const [where, setWhere] = useState<DevicePoint | null>(null);
  const key = ['missions', 'sos', missionId];
  const state = useQuery({ queryKey: key, queryFn: ({ signal }) => dataProvider.sosState(missionId, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  useOutboxSent(missionId, refresh);
  useLiveMissions({ onEvent: (event) => event.mission === missionId && event.action && ALARM_ACTIONS.includes(event.action) && refresh() });

  // Where the phone is, for the SMS text and the SOS itself: asked once, never in the way of the press.
  useEffect(() => {
    if (!canLocateDevice()) return;
    let gone = false;
    devicePosition()
      .then((point) => !gone && setWhere(point))
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, []);

  const raise = async () => {
    setSending('sending');
    try {
      const sent = await submit({ kind: 'sos', missionId, reference, latitude: where?.lat ?? null, longitude: where?.lng ?? null });
      setSending('idle');
      if (sent !== KEPT_ON_DEVICE) refresh();
    } catch {
      setSending('failed');
    }
  };

  const alarm = state.data?.alarm ?? null;
  const waiting = queued.find((e) => e.rejection === null);
  const refused = queued.find((e) => e.rejection !== null);
  const sms = sosSmsText(state.data?.phone ?? null, reference, where && { latitude: where.lat, longitude: where.lng });
  return (
    <Paper variant="outlined" component="section" aria-label="SOS" sx={{ p: 2, mb: 2, borderColor: 'error.main' }}>
      <Stack spacing={1}>
        <HoldButton holdMs={SOS_HOLD_MS} onHeld={() => void raise()} disabled={sending === 'sending'} label={`${SOS_TEXTS.button} — ${SOS_TEXTS.hold}`} hint={SOS_TEXTS.hold}>
          {sending === 'sending' ? SOS_TEXTS.sending : SOS_TEXTS.button}
        </HoldButton>
        <Typography variant="body2" color="text.secondary">
          {SOS_TEXTS.hold}
        </Typography>
        {waiting && <Alert severity="warning">{SOS_TEXTS.queued}</Alert>}
        {refused && <Alert severity="error">{refused.rejection}</Alert>}
        {sending === 'failed' && <Alert severity="error">{SOS_TEXTS.failed}</Alert>}
        {alarm && !waiting && (
          <Alert severity={alarm.acknowledgedAt ? 'success' : 'info'} role="status">
            {sosStateText(alarm)}
          </Alert>
        )}
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {sms}
        </Typography>
      </Stack>
    </Paper>
  );
}
