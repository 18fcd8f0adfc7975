/**
 * How to set up Traccar Client for one device (docs/operations/traccar-client.md): the server URL
 * and the identifier to type, and a QR code of both for the apps that read their settings from one.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { DEVICE_TEXTS } from '../../domain/positions';
import type { TrackerDevice } from '../../domain/positions/contracts';
import { useFullScreenDialog } from '../../layout/useFullScreenDialog';

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}>
        {value}
      </Typography>
    </Box>
  );
}

export function DeviceSetupDialog({ device, onClose }: { device: TrackerDevice; onClose: () => void }) {
  const fullScreen = useFullScreenDialog();
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} aria-labelledby="device-setup-title">
      <DialogTitle id="device-setup-title">{`${DEVICE_TEXTS.setup} | ${device.name}`}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{DEVICE_TEXTS.setupHelp}</DialogContentText>
        <Value label={DEVICE_TEXTS.identifier} value={device.identifier} />
        <Value label={DEVICE_TEXTS.url} value={device.url} />
        <Box
          component="img"
          src={`data:image/svg+xml;utf8,${encodeURIComponent(device.qrSvg)}`}
          alt={DEVICE_TEXTS.qrAlt(device.name)}
          sx={{ display: 'block', width: 240, maxWidth: '100%', mx: 'auto', mt: 1, bgcolor: '#fff' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{DEVICE_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
