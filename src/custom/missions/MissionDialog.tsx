/**
 * The missions screen's modal frame (docs/rules/screens.md): width 50%, content at most
 * 85% of the
 * viewport, full-screen on small screens like the catalogue dialogs.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';

export interface MissionDialogProps {
  title: string;
  onClose?: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** Wider than 50% (tables with many columns). */
  wide?: boolean;
  /** Renders the content inside a form that submits with Enter. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

export function MissionDialog({ title, onClose, children, actions, wide, onSubmit }: MissionDialogProps) {
  const titleId = useId();
  const fullScreen = useFullScreenDialog();
  const body = (
    <>
      <DialogContent dividers sx={fullScreen ? {} : { maxHeight: '85vh' }}>
        {children}
      </DialogContent>
      {actions && <DialogActions sx={{ px: 3, py: 2 }}>{actions}</DialogActions>}
    </>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: wide ? '75%' : '50%' } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {onSubmit ? (
        <form noValidate onSubmit={onSubmit} style={{ display: 'contents' }}>
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}

/** A form dialog's two buttons: Cancelar, and the submit (`label`) spinning while it is sent, off when `disabled`; neither while pending. */
export function SubmitActions({ label, pending, onCancel, disabled }: { label: string; pending: boolean; onCancel: () => void; disabled?: boolean }) {
  return (
    <>
      <Button onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" variant="contained" loading={pending} disabled={disabled}>
        {label}
      </Button>
    </>
  );
}
