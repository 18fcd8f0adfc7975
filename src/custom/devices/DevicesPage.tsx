/**
 * /home/devices ('Dispositivos', docs/rules/positions.md): a provider's tracking devices — the
 * phones its teams carry with Traccar Client — registered, set up (URL, identifier, QR code) and
 * revoked. One card per device, so it reads on a phone as on a desk. Providers' users with
 * missions only (the menu's rule, and the server refuses everyone else).
 */
import { useState } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { isHttpError } from '../../dataProvider/HttpError';
import { DEVICES_PATH } from '../../domain/navigation';
import { DEVICE_TEXTS } from '../../domain/positions';
import type { TrackerDevice } from '../../domain/positions/contracts';
import type { TrackerDeviceValues } from '../../domain/schemas/trackerDevice';
import { DeleteConfirmDialog } from '../../layout/DeleteConfirmDialog';
import { notify } from '../../layout/notify';
import { Spinner } from '../../layout/Spinner';
import { useOneSubmission } from '../../layout/useOneSubmission';
import { MenuGuard } from '../MenuGuard';
import { DeviceSetupDialog } from './DeviceSetupDialog';
import { NewDeviceDialog } from './NewDeviceDialog';

const DEVICES_KEY = ['trackerDevices'] as const;
const FAILED = 'Não foi possível concluir. Tente novamente.';

/** The server's Portuguese refusal, or the generic failure. */
const messageOf = (error: unknown) => (isHttpError(error) && error.apiError.kind === 'generic_error' ? error.apiError.message : FAILED);

const dateText = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function DeviceCard({ device, onSetup, onRevoke }: { device: TrackerDevice; onSetup: () => void; onRevoke: () => void }) {
  const revoked = device.revokedAt !== null;
  return (
    <Paper component="li" variant="outlined" sx={{ listStyle: 'none', p: 2, opacity: revoked ? 0.7 : 1 }} aria-label={device.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ wordBreak: 'break-word' }}>
          {device.name}
        </Typography>
        <Chip size="small" color={revoked ? 'default' : 'success'} label={revoked ? DEVICE_TEXTS.revoked : DEVICE_TEXTS.active} />
      </Stack>
      {device.agent && <Typography variant="body2">{`${DEVICE_TEXTS.agent}: ${device.agent}`}</Typography>}
      <Typography variant="body2" color="text.secondary">
        {revoked && device.revokedAt ? `${DEVICE_TEXTS.revoked} em ${dateText(device.revokedAt)}` : `${DEVICE_TEXTS.createdAt} ${dateText(device.createdAt)}`}
      </Typography>
      {!revoked && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" size="small" onClick={onSetup}>
            {DEVICE_TEXTS.setup}
          </Button>
          <Button variant="outlined" color="error" size="small" onClick={onRevoke} aria-label={`${DEVICE_TEXTS.revoke} ${device.name}`}>
            {DEVICE_TEXTS.revoke}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}

function Devices() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: DEVICES_KEY, queryFn: ({ signal }) => dataProvider.trackerDevices(signal) });
  const [adding, setAdding] = useState(false);
  const [setup, setSetup] = useState<TrackerDevice | null>(null);
  const [revoking, setRevoking] = useState<TrackerDevice | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY });

  const create = async (values: TrackerDeviceValues) => {
    try {
      const device = await dataProvider.createTrackerDevice(values);
      setAdding(false);
      // Straight to its set-up: what the person came to do next.
      setSetup(device);
      await reload();
    } catch (error) {
      notify.error(messageOf(error));
    }
  };
  const revoke = useOneSubmission(async (device: TrackerDevice) => {
    try {
      await dataProvider.revokeTrackerDevice(device._id);
      setRevoking(null);
      await reload();
    } catch (error) {
      notify.error(messageOf(error));
    }
  });

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {DEVICE_TEXTS.title}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {DEVICE_TEXTS.add}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {DEVICE_TEXTS.intro}
      </Typography>
      {devices.isPending ? (
        <Spinner />
      ) : devices.isError ? (
        <Alert severity="error">{messageOf(devices.error)}</Alert>
      ) : devices.data.length === 0 ? (
        <Typography>{DEVICE_TEXTS.empty}</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {devices.data.map((device) => (
            <DeviceCard key={device._id} device={device} onSetup={() => setSetup(device)} onRevoke={() => setRevoking(device)} />
          ))}
        </Box>
      )}
      {adding && <NewDeviceDialog onSave={create} onClose={() => setAdding(false)} />}
      {setup && <DeviceSetupDialog device={setup} onClose={() => setSetup(null)} />}
      <DeleteConfirmDialog
        open={revoking !== null}
        entity={revoking?.name ?? ''}
        verb={DEVICE_TEXTS.revoke}
        question={revoking ? DEVICE_TEXTS.revokeConfirm(revoking.name) : undefined}
        loading={revoke.pending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke.run(revoking)}
      />
    </Paper>
  );
}

export default function DevicesPage() {
  return (
    <MenuGuard to={DEVICES_PATH}>
      <Devices />
    </MenuGuard>
  );
}
