import { Alert, Stack } from '@mui/material';
import type { SubCollection } from '../../domain/missionDetails';
import type { OutboxAction } from '../../dataProvider/outboxActions';
import { outboxActionLabel } from '../../dataProvider/outboxActions';
import { OUTBOX_REFUSED, OUTBOX_WAITING } from '../../layout/OutboxNotice';
import { useOutboxEntries } from '../../layout/OutboxProvider';

/** Whether `action` adds an item to the tab of `collection`: attachments are their own kind of action. */
const addsTo = (action: OutboxAction, collection: SubCollection) =>
  action.kind === 'attachment' ? collection === 'attachments' : action.kind === 'missionItem' && action.collection === collection;

/**
 * The items of one tab typed without signal and still on the device (docs/rules/field-app.md):
 * 'Aguardando conexão', or the server's message when it refused one (the frame's notice offers to
 * edit or discard it). They join the table when the server accepts them.
 */
export function QueuedItems({ missionId, collection }: { missionId: string; collection: SubCollection }) {
  const entries = useOutboxEntries().filter((e) => e.action.missionId === missionId && addsTo(e.action, collection));
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
