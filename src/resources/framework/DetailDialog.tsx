/**
 * The detail form in a modal: width 50%, content at most 85% of the viewport (docs/rules/screens.md);
 * full-screen below the md breakpoint, where 50% leaves no room. Titled 'Criar', 'Consultar' or,
 * once Editar is pressed, 'Editar'. Esc or a click outside with unsaved changes asks first.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { RecordForm, type FormScreenState, type RecordFormProps } from './RecordForm';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';

export type DetailDialogProps = Omit<RecordFormProps, 'onBack' | 'layout'> & {
  onClose: () => void;
};

/** The text for discarding unsaved changes. */
export const DISCARD_TITLE = 'Descartar as alterações?';
export const DISCARD_TEXT = 'As alterações feitas neste formulário ainda não foram salvas.';
export const DISCARD_CONFIRM = 'Descartar';
export const DISCARD_CANCEL = 'Continuar editando';

export const dialogTitle = (entity: string, mode: RecordFormProps['mode'], editing: boolean): string =>
  `${mode === 'create' ? 'Criar' : editing ? 'Editar' : 'Consultar'} | ${entity}`;

export function DetailDialog({ onClose, ...formProps }: DetailDialogProps) {
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const { declaration, mode } = formProps;

  const dialog = (body: ReactNode, buttons: ReactNode, { editing, dirty }: FormScreenState) => (
    <Dialog
      open
      onClose={() => (dirty ? setConfirmingDiscard(true) : onClose())}
      aria-labelledby={titleId}
      maxWidth={false}
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: '50%' } } }}
    >
      <DialogTitle id={titleId}>{dialogTitle(declaration.entity, mode, editing)}</DialogTitle>
      <DialogContent dividers sx={fullScreen ? {} : { maxHeight: '85vh' }}>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>{buttons}</DialogActions>
    </Dialog>
  );

  return (
    <>
      <RecordForm {...formProps} onBack={onClose} layout={dialog} />
      <DiscardDialog
        open={confirmingDiscard}
        onKeep={() => setConfirmingDiscard(false)}
        onDiscard={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
      />
    </>
  );
}

function DiscardDialog({ open, onKeep, onDiscard }: { open: boolean; onKeep: () => void; onDiscard: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{DISCARD_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{DISCARD_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {DISCARD_CANCEL}
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          {DISCARD_CONFIRM}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
