/**
 * The new key's secret, shown this once (docs/rules/integrations.md): the server keeps only its
 * hash, so the person copies it now or makes another key.
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { INTEGRATION_TEXTS } from '../../domain/integrations/apiKeys';
import type { CreatedApiKey } from '../../domain/integrations/contracts';
import { notify } from '../../layout/notify';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';

export function SecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      notify.success(INTEGRATION_TEXTS.copied);
    } catch {
      // No clipboard (an insecure origin, a denied permission): the text is selected to copy by hand.
      document.getElementById('api-key-secret')?.focus();
    }
  };
  return (
    <Dialog open fullScreen={fullScreen} aria-labelledby="api-key-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="api-key-secret-title">{`${INTEGRATION_TEXTS.secretTitle}: ${created.key.name}`}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {INTEGRATION_TEXTS.secretWarning}
        </Alert>
        <TextField
          id="api-key-secret"
          label={INTEGRATION_TEXTS.keysTab}
          value={created.secret}
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
