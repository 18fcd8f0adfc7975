/**
 * The outbox in the app's frame (docs/rules/field-app.md, "Nada se perde sem sinal"): how many
 * actions wait on the device for the connection, and each action the server refused during a
 * replay with its message, to discard or to take back to its screen and edit.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { editableAction, outboxActionLabel } from '../dataProvider/outboxActions';
import type { OutboxEntry } from '../dataProvider/outboxStore';
import { useOutbox, useOutboxEntries, type OutboxDraftState } from './OutboxProvider';

export const OUTBOX_WAITING = 'Aguardando conexão';
export const OUTBOX_REFUSED = 'Não enviado';
export const OUTBOX_DISCARD = 'Descartar';
export const OUTBOX_EDIT = 'Editar';
/** Said when an action could not reach the server and waits on the device. */
export const OUTBOX_KEPT = 'Sem conexão: guardado no aparelho, será enviado quando a conexão voltar';

export const waitingText = (count: number) => `${OUTBOX_WAITING}: ${count} ${count === 1 ? 'ação guardada' : 'ações guardadas'} no aparelho`;

export function OutboxNotice() {
  const outbox = useOutbox();
  const entries = useOutboxEntries();
  const navigate = useNavigate();
  const waiting = entries.filter((e) => e.rejection === null).length;
  const refused = entries.filter((e) => e.rejection !== null);
  if (waiting === 0 && refused.length === 0) return null;
  // The entry stays in the list until its edited version is sent (useOutboxSubmit): 'Cancelar' loses nothing.
  const edit = (entry: OutboxEntry) => void navigate(entry.where, { state: { outboxDraft: entry.action, outboxSeq: entry.seq } satisfies OutboxDraftState });
  return (
    <Stack spacing={1} sx={{ mb: 1.5 }}>
      {waiting > 0 && (
        <Alert severity="warning" role="status" data-testid="outbox-waiting">
          {waitingText(waiting)}
        </Alert>
      )}
      {refused.map((entry) => (
        <Alert
          key={entry.seq}
          severity="error"
          data-testid="outbox-refused"
          action={
            <Stack direction="row" spacing={1}>
              {editableAction(entry.action) && (
                <Button color="inherit" size="small" sx={{ minHeight: 44 }} onClick={() => edit(entry)}>
                  {OUTBOX_EDIT}
                </Button>
              )}
              <Button color="inherit" size="small" sx={{ minHeight: 44 }} onClick={() => void outbox.discard(entry.seq)}>
                {OUTBOX_DISCARD}
              </Button>
            </Stack>
          }
        >
          <AlertTitle>
            {OUTBOX_REFUSED}: {outboxActionLabel(entry.action)}
          </AlertTitle>
          <Typography variant="body2">{entry.rejection}</Typography>
        </Alert>
      ))}
    </Stack>
  );
}
