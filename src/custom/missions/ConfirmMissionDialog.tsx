/**
 * The confirmation of a status change (docs/rules/missions.md): '{verb} a missão?' with 'Não, cancelar' /
 * 'Sim, tenho certeza', then 'Missão {past} com sucesso' or 'Ocorreu um erro ao tentar {verb} a
 * missão' (the finishing texts for a finish request).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import {
  STATUS_CHANGE_TEXTS,
  missionChangeFailedMessage,
  missionChangedMessage,
  type MissionRow,
} from '../../domain/missions';
import { useOutboxSubmit } from '../../layout/OutboxProvider';
import { missionReference, type ConfirmedAction } from './rowActionLabels';
import { useMissionMutation } from './useMissionMutation';

/** '{verb} a missão?'; the finishing verbs already end in 'da' ('Solicitar Finalização da missão?'). */
export function confirmQuestion(action: ConfirmedAction): string {
  const { verb } = STATUS_CHANGE_TEXTS[action];
  return verb.endsWith(' da') ? `${verb} missão?` : `${verb} a missão?`;
}

export interface ConfirmMissionDialogProps {
  row: MissionRow;
  action: ConfirmedAction;
  onClose: () => void;
}

export function ConfirmMissionDialog({ row, action, onClose }: ConfirmMissionDialogProps) {
  const titleId = useId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = useOutboxSubmit();
  const mutation = useMissionMutation((_: void, idempotencyKey: string) => {
    const options = { idempotencyKey };
    switch (action) {
      // The team's own request from the field: without signal it waits on the device (docs/rules/field-app.md).
      case 'askFinish':
        return submit({ kind: 'askFinish', missionId: row._id, reference: missionReference(row) });
      case 'cancelFinish':
        return dataProvider.cancelMissionFinish(row._id, options);
      case 'cancel':
        return dataProvider.changeMissionStatus(row._id, { status: 'canceled' }, options);
      case 'finish':
        return dataProvider.changeMissionStatus(row._id, { status: 'finished' }, options);
      case 'reopen':
        return dataProvider.changeMissionStatus(row._id, { status: 'started' }, options);
    }
  }, onClose);
  // Finishing, or asking to, can be refused for an agent's missing readings: the toast says whose (docs/rules/field-app.md).
  const texts = { success: missionChangedMessage(action), failure: missionChangeFailedMessage(action), withReason: action === 'finish' || action === 'askFinish' };

  return (
    <Dialog open onClose={mutation.pending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{confirmQuestion(action)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{`Missão ${missionReference(row)} — ${row.location.address}, ${row.location.city}/${row.location.state}`}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.pending}>
          Não, cancelar
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={mutation.pending}
          onClick={() => void mutation.run(undefined, texts).then((done) => done === false && onClose())}
        >
          Sim, tenho certeza
        </Button>
      </DialogActions>
    </Dialog>
  );
}
