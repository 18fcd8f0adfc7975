/**
 * Two states of the app itself, said above every screen of the signed-in area
 * (docs/rules/field-app.md):
 * - 'Sem conexão — dados de {hora}': the screen shows answers kept on the device because the
 *   network failed, as last seen at that time;
 * - 'Nova versão disponível' with 'Atualizar': a new version was deployed and is ready; it takes
 *   over only when the user says so, so nothing typed is lost to a reload.
 */
import { useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { offlineSince, subscribeOffline } from '../dataProvider/offlineCopy';
import { applyUpdate, subscribeUpdate, updateWaiting } from '../serviceWorker/register';
import { formatDateTime, formatDate } from '../domain/validators/dates';

export const UPDATE_TEXT = 'Nova versão disponível';
export const UPDATE_ACTION = 'Atualizar';

/** The kept answers' time: its hour today, its date and hour another day. */
export function offlineText(since: Date, now: Date = new Date()): string {
  const when = formatDate(since) === formatDate(now) ? formatDateTime(since).slice(11) : formatDateTime(since);
  return `Sem conexão — dados de ${when}`;
}

export function AppStateNotices() {
  const since = useSyncExternalStore(subscribeOffline, offlineSince);
  const update = useSyncExternalStore(subscribeUpdate, updateWaiting);
  if (!since && !update) return null;
  return (
    <Stack spacing={1} sx={{ mb: 1.5 }}>
      {since && (
        <Alert severity="warning" role="status">
          {offlineText(since)}
        </Alert>
      )}
      {update && (
        <Alert
          severity="info"
          role="status"
          action={
            <Button color="inherit" size="small" onClick={() => applyUpdate()} sx={{ minHeight: 44 }}>
              {UPDATE_ACTION}
            </Button>
          }
        >
          {UPDATE_TEXT}
        </Alert>
      )}
    </Stack>
  );
}
