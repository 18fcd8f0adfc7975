import { Alert, Stack } from '@mui/material';
import type { CrudOption } from '../../domain/missionDetails';
import { outboxActionLabel } from '../../dataProvider/outboxActions';
import { OUTBOX_REFUSED, OUTBOX_WAITING } from '../../layout/OutboxNotice';
import { useMissionOutbox } from '../../layout/OutboxProvider';

/**
 * The items of one tab typed without signal and still on the device (docs/rules/field-app.md):
 * 'Aguardando conexão', or the server's message when it refused one (the frame's notice offers to
 * edit or discard it). They join the table when the server accepts them.
 */
export function QueuedItems({ missionId, collection }: { missionId: string; collection: CrudOption }) {
  const entries = useMissionOutbox(missionId, 'missionItem').filter((e) => e.action.collection === collection);
  if (entries.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="details-queued">
      {entries.map((entry) => (
        <Alert key={entry.seq} severity={entry.rejection ? 'error' : 'warning'} variant="outlined">
          {entry.rejection ? `${OUTBOX_REFUSED}: ${entry.rejection}` : OUTBOX_WAITING} · {outboxActionLabel(entry.action)}
        </Alert>
      ))}
    </Stack>
  );
}
