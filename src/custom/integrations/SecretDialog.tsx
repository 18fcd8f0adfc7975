/**
 * A secret shown this once (docs/rules/integrations.md, docs/rules/webhooks.md): the server keeps
 * only what it needs to check or sign with, never shows it again, so the person copies it now or
 * makes another (a new key, 'Rotacionar segredo').
 */
import { useId } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { INTEGRATION_TEXTS } from '../../domain/integrations/apiKeys';
import { notify } from '../../layout/notify';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';

export interface SecretTexts {
  title: string;
  /** The box's label. */
  label: string;
  warning: string;
  /** The toast after 'Copiar'. */
  copied: string;
}

export function SecretDialog({ secret, texts, onClose }: { secret: string; texts: SecretTexts; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(texts.copied);
    } catch {
      // No clipboard (an insecure origin, a denied permission): the text is selected to copy by hand.
      document.getElementById(`${id}-secret`)?.focus();
    }
  };
  return (
    <Dialog open fullScreen={fullScreen} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{texts.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {texts.warning}
        </Alert>
        <TextField
          id={`${id}-secret`}
          label={texts.label}
          value={secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {INTEGRATION_TEXTS.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {INTEGRATION_TEXTS.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
