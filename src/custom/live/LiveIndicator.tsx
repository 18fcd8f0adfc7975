/** 'Ao vivo' while the stream is up, 'Atualização periódica' while the screen polls instead. */
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import { Chip } from '@mui/material';
import { LIVE_LABELS, type LiveState } from './useLiveMissions';

export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={state === 'live' ? 'success' : 'default'}
      icon={<FiberManualRecord fontSize="small" />}
      label={LIVE_LABELS[state]}
      role="status"
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}
