/** A mission status as its label on its colour (spec 4: colours for open, started, billed, finished, error, rejected). */
import { Chip, type ChipProps } from '@mui/material';
import { MISSION_STATUS_LABELS, type MissionStatus } from '../../domain/missions';

export const STATUS_COLORS: Record<MissionStatus, NonNullable<ChipProps['color']>> = {
  new: 'info',
  open: 'info',
  started: 'warning',
  billed_shipper: 'secondary',
  billed_provider: 'secondary',
  billed: 'secondary',
  finished: 'success',
  rejected: 'default',
  canceled: 'error',
  ask_finishing: 'default',
  cancel_finishing: 'default',
};

export function MissionStatusChip({ status, size = 'small' }: { status: MissionStatus; size?: ChipProps['size'] }) {
  return <Chip label={MISSION_STATUS_LABELS[status]} color={STATUS_COLORS[status]} size={size} />;
}
