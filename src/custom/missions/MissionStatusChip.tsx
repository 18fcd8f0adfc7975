/** A mission status as its label on its colour (docs/rules/missions.md: colours for open, started, billed, finished, error, rejected). */
import { Chip, type ChipProps, type Theme } from '@mui/material';
import { MISSION_STATUS_LABELS, type MissionStatus } from '../../domain/missions';
import { readableTextOn } from '../../domain/contrast';

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

/**
 * The chip's colours: its status colour of the palette (light or dark mode, the brand's secondary
 * for the billed ones) under a text chosen to read on it at WCAG AA. MUI's own pick accepts 3:1
 * (white on the light palette's blue and orange, on the dark palette's red), too little for a label.
 */
export function statusChipColors(theme: Theme, status: MissionStatus): { background: string; text: string } {
  const name = STATUS_COLORS[status];
  const background = name === 'default' ? theme.palette.grey[theme.palette.mode === 'dark' ? 700 : 300] : theme.palette[name].main;
  return { background, text: readableTextOn(background) };
}

export function MissionStatusChip({ status, size = 'small' }: { status: MissionStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      label={MISSION_STATUS_LABELS[status]}
      size={size}
      sx={(theme) => {
        const { background, text } = statusChipColors(theme, status);
        // A long label ('Outro fornecedor definido') wraps inside a narrow phone card instead of being cut.
        return { bgcolor: background, color: text, maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: '3px' } };
      }}
    />
  );
}
