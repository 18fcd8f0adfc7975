/**
 * 'Notificações' on 'Segurança da conta' (docs/rules/notifications.md): turns notifications on for
 * this device (the browser's permission, a PushManager subscription with the server's VAPID key, the
 * subscription sent to the server), the kinds each device rings for, and the devices to remove.
 * Shown only to users with kinds of their own (pushKindsFor): providers' and risk managers' users.
 */
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PushApi } from '../../dataProvider/pushApi';
import { isHttpError } from '../../dataProvider/HttpError';
import { PUSH_KIND_LABELS, PUSH_MESSAGES, type PushKind } from '../../domain/push';
import type { PushDevice } from '../../domain/push/contracts';
import { notify } from '../../layout/notify';
import { useOneSubmission } from '../../layout/useOneSubmission';
import type { PushBrowser } from '../../serviceWorker/pushBrowser';

/** The server's Portuguese refusal, or the generic failure. */
const messageOf = (error: unknown) => (isHttpError(error) && error.apiError.kind === 'generic_error' ? error.apiError.message : PUSH_MESSAGES.failed);

function KindChoices({ kinds, chosen, onChange, disabled, name }: { kinds: readonly PushKind[]; chosen: readonly PushKind[]; onChange: (next: PushKind[]) => void; disabled?: boolean; name: string }) {
  return (
    <FormGroup role="group" aria-label={name}>
      {kinds.map((kind) => (
        <FormControlLabel
          key={kind}
          label={PUSH_KIND_LABELS[kind]}
          control={
            <Checkbox
              checked={chosen.includes(kind)}
              disabled={disabled}
              onChange={(_, checked) => onChange(kinds.filter((k) => (k === kind ? checked : chosen.includes(k))))}
            />
          }
        />
      ))}
    </FormGroup>
  );
}

function DeviceItem({ device, kinds, current, api, browser, onChanged }: { device: PushDevice; kinds: readonly PushKind[]; current: boolean; api: PushApi; browser: PushBrowser; onChanged: () => void }) {
  const [chosen, setChosen] = useState<PushKind[]>(device.kinds);
  const save = useOneSubmission(async (next: PushKind[]) => {
    const before = chosen;
    setChosen(next);
    try {
      setChosen((await api.setKinds(device._id, next)).kinds);
      notify.success(PUSH_MESSAGES.saved);
    } catch (error) {
      setChosen(before);
      notify.error(messageOf(error));
    }
  });
  const remove = useOneSubmission(async () => {
    try {
      await api.remove(device._id);
      if (current) await browser.unsubscribe().catch(() => undefined);
      notify.success(PUSH_MESSAGES.removed);
      onChanged();
    } catch (error) {
      notify.error(messageOf(error));
    }
  });
  const name = current ? `${device.label} (este dispositivo)` : device.label;
  return (
    <Box component="li" sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', py: 1.5 }}>
      <Typography variant="subtitle1">{name}</Typography>
      <KindChoices kinds={kinds} chosen={chosen} onChange={(next) => void save.run(next)} disabled={save.pending} name={`Tipos de notificação de ${name}`} />
      <Button variant="outlined" color="error" size="small" loading={remove.pending} onClick={() => void remove.run()} aria-label={`Remover ${name}`}>
        Remover
      </Button>
    </Box>
  );
}

export function NotificationsSection({ api, browser, kinds }: { api: PushApi; browser: PushBrowser; kinds: readonly PushKind[] }) {
  const [devices, setDevices] = useState<PushDevice[] | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [chosen, setChosen] = useState<PushKind[]>([...kinds]);
  const [problem, setProblem] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let live = true;
    api.devices().then(
      (answer) => live && setDevices(answer),
      (error: unknown) => notify.error(messageOf(error)),
    );
    if (browser.supported()) void browser.currentEndpoint().then((endpoint) => live && setCurrent(endpoint), () => undefined);
    return () => {
      live = false;
    };
  }, [api, browser, version]);

  const enable = useOneSubmission(async () => {
    setProblem(null);
    if (!browser.supported()) {
      setProblem(PUSH_MESSAGES.unsupported);
      return;
    }
    if ((await browser.requestPermission()) !== 'granted') {
      setProblem(PUSH_MESSAGES.denied);
      return;
    }
    try {
      const subscription = await browser.subscribe(await api.publicKey());
      await api.subscribe({ ...subscription, label: browser.label(), kinds: chosen });
      notify.success(PUSH_MESSAGES.enabled);
      reload();
    } catch (error) {
      notify.error(messageOf(error));
    }
  });

  const here = devices?.some((device) => device.endpoint === current) ?? false;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        Notificações
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Receba avisos neste dispositivo mesmo com o sistema fechado.
      </Typography>
      {problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {!here && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
          <KindChoices kinds={kinds} chosen={chosen} onChange={setChosen} name="Tipos de notificação para este dispositivo" />
          <Button variant="contained" sx={{ alignSelf: 'flex-start' }} loading={enable.pending} onClick={() => void enable.run()}>
            Ativar notificações neste dispositivo
          </Button>
        </Box>
      )}
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        Dispositivos
      </Typography>
      {devices && devices.length === 0 && <Typography variant="body2">Nenhum dispositivo recebe notificações.</Typography>}
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {devices?.map((device) => (
          <DeviceItem key={device._id} device={device} kinds={kinds} current={device.endpoint === current} api={api} browser={browser} onChanged={reload} />
        ))}
      </Box>
    </Paper>
  );
}
