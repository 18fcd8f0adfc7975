/**
 * The confirmation before a proposal is accepted: accepting awards the mission to that provider and
 * turns down every other bid, which nothing undoes, so the question names the provider, its ETA and
 * distance. One request per confirmation (useMissionMutation), however often the button is pressed.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { formatKilometres } from '../../domain/billing/totals';
import {
  ACCEPT_PROPOSAL_WARNING,
  acceptProposalOffer,
  acceptProposalQuestion,
  MISSION_STATUS_NOT_UPDATED,
  MISSION_STATUS_UPDATED,
  type MissionRow,
  type Proposal,
} from '../../domain/missions';
import { missionReference } from './rowActionLabels';
import { useMissionMutation } from './useMissionMutation';

export interface AcceptProposalDialogProps {
  row: MissionRow;
  proposal: Proposal;
  /** After the mission was awarded. */
  onAccepted: () => void;
  /** Not accepted: declined, or refused by the server (its toast says so). */
  onClose: () => void;
}

export function AcceptProposalDialog({ row, proposal, onAccepted, onClose }: AcceptProposalDialogProps) {
  const titleId = useId();
  const dataProvider = useDataProvider<AppDataProvider>();
  const accept = useMissionMutation(
    (_: void, idempotencyKey: string) =>
      dataProvider.changeMissionStatus(row._id, { status: 'started', serviceProvider: proposal.serviceProvider }, { idempotencyKey }),
    onAccepted,
  );
  const eta = proposal.eta;
  return (
    <Dialog open onClose={accept.pending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{acceptProposalQuestion(proposal.serviceProviderInfo.name)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{`Missão ${missionReference(row)}`}</DialogContentText>
        {eta && <DialogContentText>{acceptProposalOffer(eta.time, formatKilometres(eta.distanceInKm))}</DialogContentText>}
        <DialogContentText sx={{ mt: 1 }}>{ACCEPT_PROPOSAL_WARNING}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={accept.pending}>
          Não, cancelar
        </Button>
        <Button
          variant="contained"
          loading={accept.pending}
          onClick={() =>
            void accept.run(undefined, { success: MISSION_STATUS_UPDATED, failure: MISSION_STATUS_NOT_UPDATED }).then((done) => done === false && onClose())
          }
        >
          Sim, tenho certeza
        </Button>
      </DialogActions>
    </Dialog>
  );
}
