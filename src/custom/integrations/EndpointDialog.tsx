/**
 * 'Novo webhook' and 'Editar webhook' (docs/rules/webhooks.md): the address, the events (at least
 * one) and the switch, checked by the same schema as the server's
 * (src/domain/schemas/webhookEndpoint.ts), each problem in Portuguese under its field; what only
 * the server knows (http:// refused, an internal address) comes back under the field too.
 */
import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Switch, TextField } from '@mui/material';
import { ValidationError } from 'yup';
import { isHttpError } from '../../dataProvider/HttpError';
import { webhookEndpointUpdateSchema, type WebhookEndpointUpdateValues } from '../../domain/schemas/webhookEndpoint';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '../../domain/webhooks';
import { WEBHOOK_TEXTS } from '../../domain/webhooks/texts';
import { notify } from '../../layout/notify';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';
import { useOneSubmission } from '../../layout/useOneSubmission';

type Errors = Partial<Record<'url' | 'events', string>>;

/** The field a problem belongs to: `events[2]` is the events' boxes. */
const fieldOf = (path: string | undefined): keyof Errors | null => {
  const field = (path ?? '').split('[')[0];
  return field === 'url' || field === 'events' ? field : null;
};

const errorsOf = (problems: { path?: string; message: string }[]): Errors => {
  const errors: Errors = {};
  for (const problem of problems) {
    const field = fieldOf(problem.path);
    if (field) errors[field] ??= problem.message;
  }
  return errors;
};

const NEW_ENDPOINT: WebhookEndpointUpdateValues = { url: 'https://', events: ['mission.created'], active: true };

export function EndpointDialog({ initial, onSave, onClose }: { initial: WebhookEndpointUpdateValues | null; onSave: (values: WebhookEndpointUpdateValues) => Promise<void>; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const [draft, setDraft] = useState<WebhookEndpointUpdateValues>(initial ?? NEW_ENDPOINT);
  const [errors, setErrors] = useState<Errors>({});
  const save = useOneSubmission(async (values: WebhookEndpointUpdateValues) => {
    try {
      await onSave(values);
    } catch (error) {
      const issues = isHttpError(error) && error.apiError.kind === 'validation' ? errorsOf(error.apiError.issues) : {};
      if (Object.keys(issues).length > 0) setErrors(issues);
      else notify.error(isHttpError(error) ? error.message : String(error));
    }
  });
  const toggle = (event: WebhookEvent) =>
    setDraft((d) => ({ ...d, events: d.events.includes(event) ? d.events.filter((e) => e !== event) : WEBHOOK_EVENTS.filter((e) => e === event || d.events.includes(e)) }));

  const submit = async () => {
    try {
      const values = await webhookEndpointUpdateSchema.validate(draft, { abortEarly: false });
      setErrors({});
      await save.run(values);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      setErrors(errorsOf(error.inner));
    }
  };

  return (
    <Dialog open onClose={save.pending ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="webhook-endpoint-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="webhook-endpoint-title">{initial ? WEBHOOK_TEXTS.edit : WEBHOOK_TEXTS.add}</DialogTitle>
        <DialogContent>
          <TextField
            label={WEBHOOK_TEXTS.url}
            value={draft.url}
            onChange={(e) => setDraft({ ...draft, url: e.target.value })}
            required
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.url)}
            helperText={errors.url}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
          <FormControl component="fieldset" margin="normal" error={Boolean(errors.events)} required>
            <FormLabel component="legend">{WEBHOOK_TEXTS.events}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENTS.map((event) => (
                <FormControlLabel key={event} control={<Checkbox checked={draft.events.includes(event)} onChange={() => toggle(event)} />} label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`} />
              ))}
            </FormGroup>
            {errors.events && <FormHelperText>{errors.events}</FormHelperText>}
          </FormControl>
          <FormControlLabel control={<Switch checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />} label={WEBHOOK_TEXTS.active} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.pending}>
            {WEBHOOK_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={save.pending}>
            {WEBHOOK_TEXTS.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
