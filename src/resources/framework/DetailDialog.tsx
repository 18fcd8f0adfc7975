/** The detail form in a modal: width 50%, content at most 85% of the viewport (spec, shared pieces). */
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { RecordForm, type RecordFormProps } from './RecordForm';

export type DetailDialogProps = Omit<RecordFormProps, 'onBack' | 'layout'> & {
  onClose: () => void;
};

export function DetailDialog({ onClose, ...formProps }: DetailDialogProps) {
  const titleId = useId();
  const { declaration, mode } = formProps;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: { xs: '95%', md: '50%' } } } }}
    >
      <DialogTitle id={titleId}>{`${mode === 'create' ? 'Criar' : 'Consultar'} | ${declaration.entity}`}</DialogTitle>
      <RecordForm
        {...formProps}
        onBack={onClose}
        layout={(body, buttons) => (
          <>
            <DialogContent dividers sx={{ maxHeight: '85vh' }}>
              {body}
            </DialogContent>
            <DialogActions sx={{ px: 3, py: 2 }}>{buttons}</DialogActions>
          </>
        )}
      />
    </Dialog>
  );
}
