/** The confirmation before a side is billed for good, naming the party (docs/rules/billing.md). */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { BillingTarget } from '../../domain/billing';
import { finalizeQuestion, finalizeWarning } from '../../domain/billing/messages';
import { formatMoney } from '../../domain/validators/money';

export interface FinalizeDialogProps {
  target: BillingTarget;
  processNumber: string;
  /** The final cost to confirm; null while it is being recomputed (or failed to be), so none is claimed. */
  finalCost: number | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function FinalizeDialog({ target, processNumber, finalCost, pending, onConfirm, onClose }: FinalizeDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{finalizeQuestion(target)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{finalizeWarning(target, processNumber)}</DialogContentText>
        {finalCost !== null && <DialogContentText sx={{ mt: 1 }}>{`Custo final: ${formatMoney(finalCost)}`}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Não, cancelar
        </Button>
        <Button variant="contained" loading={pending} onClick={onConfirm}>
          Sim, tenho certeza
        </Button>
      </DialogActions>
    </Dialog>
  );
}
