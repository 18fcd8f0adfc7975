/**
 * A row's status chip, with 'Finalização solicitada' beside it while the holder asks to finish,
 * and the running phase's SLA clock.
 */
import { Chip, Stack } from '@mui/material';
import type { MissionRow, MissionStatus } from '../../domain/missions';
import { MissionStatusChip } from './MissionStatusChip';
import { SlaClockChip } from './SlaClockChip';

export function MissionRowStatus({ row, status }: { row: MissionRow; status: MissionStatus }) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      <MissionStatusChip status={status} />
      {row.finishingAsked && <Chip size="small" variant="outlined" label="Finalização solicitada" />}
      <SlaClockChip row={row} />
    </Stack>
  );
}
