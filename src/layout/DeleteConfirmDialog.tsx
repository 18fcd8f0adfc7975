/** The product's delete confirmation: 'Deletar | {entity}' / 'Tem certeza que deseja deletar?'. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** The product's delete question (docs/rules/catalogues.md). */
export const DELETE_QUESTION = 'Tem certeza que deseja deletar?';

export interface DeleteConfirmDialogProps {
  open: boolean;
  entity: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The question, when it names the record (a mission's item); the product's by default. */
  question?: string;
  /** The title's verb, when the record is not deleted but ended another way (a device is revoked). */
  verb?: string;
}

export function DeleteConfirmDialog({ open, entity, loading, onCancel, onConfirm, question = DELETE_QUESTION, verb = 'Deletar' }: DeleteConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={loading ? undefined : onCancel} aria-labelledby="delete-confirm-title">
      <DialogTitle id="delete-confirm-title">{`${verb} | ${entity}`}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={loading}>
          Não, cancelar
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={loading}>
          Sim, tenho certeza
        </Button>
      </DialogActions>
    </Dialog>
  );
}
