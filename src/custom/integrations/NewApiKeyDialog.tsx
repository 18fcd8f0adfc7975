/**
 * 'Nova chave': a name, the permissions (at least one) and an optional validity date, checked by
 * the same schema as the server's (src/domain/integrations/schemas.ts). The key is valid until the
 * end of the chosen day.
 */
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField } from '@mui/material';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR as pickerTexts } from '@mui/x-date-pickers/locales';
import { ptBR } from 'date-fns/locale/pt-BR';
import { ValidationError } from 'yup';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, INTEGRATION_TEXTS, type ApiKeyScope } from '../../domain/integrations/apiKeys';
import { newApiKeySchema, type NewApiKeyValues } from '../../domain/integrations/schemas';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';
import { useOneSubmission } from '../../layout/useOneSubmission';

const localeText = pickerTexts.components.MuiLocalizationProvider.defaultProps.localeText;

/** The end of the picked day, in the person's time zone: a key 'valid until the 31st' works all that day. */
const endOfDay = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999);

export function NewApiKeyDialog({ onSave, onClose }: { onSave: (values: NewApiKeyValues) => Promise<void>; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState<Date | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useOneSubmission(onSave);

  const toggle = (scope: ApiKeyScope) => setScopes((now) => (now.includes(scope) ? now.filter((one) => one !== scope) : API_KEY_SCOPES.filter((one) => one === scope || now.includes(one))));

  const submit = async () => {
    const expiresAt = expiry && !Number.isNaN(expiry.getTime()) ? endOfDay(expiry).toISOString() : expiry ? 'data inválida' : null;
    try {
      const values = await newApiKeySchema.validate({ name, scopes, expiresAt, riskManager: null }, { abortEarly: false });
      setErrors({});
      await save.run(values);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      setErrors(Object.fromEntries(error.inner.map((one) => [(one.path ?? '').split('[')[0] ?? '', one.message])));
    }
  };

  return (
    <Dialog open onClose={save.pending ? undefined : onClose} fullScreen={fullScreen} aria-labelledby="new-api-key-title" fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="new-api-key-title">{INTEGRATION_TEXTS.add}</DialogTitle>
        <DialogContent>
          <TextField label={INTEGRATION_TEXTS.name} value={name} onChange={(e) => setName(e.target.value)} required fullWidth margin="normal" autoFocus error={Boolean(errors.name)} helperText={errors.name} />
          <FormControl component="fieldset" margin="normal" error={Boolean(errors.scopes)} required>
            <FormLabel component="legend">{INTEGRATION_TEXTS.scopes}</FormLabel>
            <FormGroup>
              {API_KEY_SCOPES.map((scope) => (
                <FormControlLabel key={scope} control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />} label={`${API_KEY_SCOPE_LABELS[scope]} (${scope})`} />
              ))}
            </FormGroup>
            {errors.scopes && <FormHelperText>{errors.scopes}</FormHelperText>}
          </FormControl>
          <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={ptBR} localeText={localeText}>
            <DatePicker
              label={INTEGRATION_TEXTS.expiresAt}
              value={expiry}
              onChange={setExpiry}
              disablePast
              slotProps={{ textField: { fullWidth: true, margin: 'normal', error: Boolean(errors.expiresAt), helperText: errors.expiresAt }, field: { clearable: true } }}
            />
          </LocalizationProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.pending}>
            {INTEGRATION_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={save.pending}>
            {INTEGRATION_TEXTS.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
