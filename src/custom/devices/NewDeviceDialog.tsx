/**
 * 'Novo dispositivo': the name its users know it by and, optionally, the agent who carries it,
 * checked by the same schema as the server's (src/domain/schemas/trackerDevice.ts).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useForm, type Resolver } from 'react-hook-form';
import { DEVICE_TEXTS } from '../../domain/positions';
import { trackerDeviceSchema, type TrackerDeviceValues } from '../../domain/schemas/trackerDevice';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';
import { useOneSubmission } from '../../layout/useOneSubmission';

interface DeviceInput {
  name: string;
  agent: string;
}

// Form text in, the schema's values out (a blank agent becomes null).
const resolver = yupResolver(trackerDeviceSchema) as unknown as Resolver<DeviceInput, unknown, TrackerDeviceValues>;

export function NewDeviceDialog({ onSave, onClose }: { onSave: (values: TrackerDeviceValues) => Promise<void>; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  const form = useForm<DeviceInput, unknown, TrackerDeviceValues>({ defaultValues: { name: '', agent: '' }, resolver });
  const save = useOneSubmission(onSave);
  const { errors } = form.formState;
  return (
    <Dialog open onClose={save.pending ? undefined : onClose} fullScreen={fullScreen} aria-labelledby="new-device-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(event) => void form.handleSubmit((values) => save.run(values))(event)}>
        <DialogTitle id="new-device-title">{DEVICE_TEXTS.add}</DialogTitle>
        <DialogContent>
          <TextField
            {...form.register('name')}
            label={DEVICE_TEXTS.name}
            required
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <TextField {...form.register('agent')} label={DEVICE_TEXTS.agent} fullWidth margin="normal" error={Boolean(errors.agent)} helperText={errors.agent?.message} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.pending}>
            {DEVICE_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={save.pending}>
            {DEVICE_TEXTS.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
