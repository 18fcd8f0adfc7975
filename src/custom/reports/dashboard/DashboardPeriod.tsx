/** The dashboard's own period (Início, Fim), with the shared rules' message under Fim. */
import { Stack } from '@mui/material';
import { DateTimeFilter } from '../../missions/DateTimeFilter';

export interface DashboardPeriodProps {
  start: Date | null;
  end: Date | null;
  error: string | null;
  onChange: (period: { start: Date | null; end: Date | null }) => void;
}

export function DashboardPeriod({ start, end, error, onChange }: DashboardPeriodProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <DateTimeFilter label="Início" value={start} onChange={(value) => onChange({ start: value, end })} error={error !== null} />
      <DateTimeFilter
        label="Fim"
        value={end}
        onChange={(value) => onChange({ start, end: value })}
        error={error !== null}
        helperText={error ?? undefined}
      />
    </Stack>
  );
}
