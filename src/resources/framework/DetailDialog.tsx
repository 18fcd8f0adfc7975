/**
 * The detail form in a modal: width 50%, content at most 85% of the viewport (docs/rules/screens.md);
 * full-screen below the md breakpoint, where 50% leaves no room. Titled 'Criar', 'Consultar' or,
 * once Editar is pressed, 'Editar'. Esc or a click outside with unsaved changes asks first.
 *
 * Hand-written: react-admin shows a record on a page (<Create>, <Edit>, <Show>), not in a dialog
 * over its list, and its warnWhenUnsavedChanges guards leaving a route, not Esc or a click outside.
 *
 * The form's <form> holds the title, the content and the actions bar, so Enter in a field and
 * Salvar in the bar submit it; it keeps the dialog's column, where the content scrolls.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { RecordForm, type FormScreenState, type RecordFormProps } from './RecordForm';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';

export type DetailDialogProps = Omit<RecordFormProps, 'onBack' | 'layout' | 'onDirtyChange'> & {
  onClose: () => void;
};

/** The text for discarding unsaved changes. */
export const DISCARD_TITLE = 'Descartar as alterações?';
export const DISCARD_TEXT = 'As alterações feitas neste formulário ainda não foram salvas.';
export const DISCARD_CONFIRM = 'Descartar';
export const DISCARD_CANCEL = 'Continuar editando';

export const dialogTitle = (entity: string, mode: RecordFormProps['mode'], editing: boolean): string =>
  `${mode === 'create' ? 'Criar' : editing ? 'Editar' : 'Consultar'} | ${entity}`;

const formColumn = { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } as const;

export function DetailDialog({ onClose, ...formProps }: DetailDialogProps) {
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  // Read only when the dialog is asked to close: no render depends on it.
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const { declaration, mode } = formProps;

  const parts = (body: ReactNode, buttons: ReactNode, { editing }: FormScreenState) => (
    <>
      <DialogTitle id={titleId}>{dialogTitle(declaration.entity, mode, editing)}</DialogTitle>
      <DialogContent dividers sx={fullScreen ? {} : { maxHeight: '85vh' }}>
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>{buttons}</DialogActions>
    </>
  );

  return (
    <>
      <Dialog
        open
        onClose={() => (dirty.current ? setConfirmingDiscard(true) : onClose())}
        aria-labelledby={titleId}
        maxWidth={false}
        fullScreen={fullScreen}
        slotProps={{ paper: { sx: { ...(fullScreen ? {} : { width: '50%' }), '& > form': formColumn } } }}
      >
        <RecordForm {...formProps} onBack={onClose} layout={parts} onDirtyChange={onDirtyChange} />
      </Dialog>
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
