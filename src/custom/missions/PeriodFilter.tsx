/** Início and Fim of a screen's filters, each with its message from the shared date rules. */
import type { pickedPeriodProblems } from '../../domain/validators/dates';
import { DateTimeFilter } from './DateTimeFilter';

export interface PeriodFilterProps {
  start: Date | null;
  end: Date | null;
  /** pickedPeriodProblems of the same dates (the screen also uses them to hold its search back). */
  problems: ReturnType<typeof pickedPeriodProblems>;
  onChange: (side: 'start' | 'end', value: Date | null) => void;
}

export function PeriodFilter({ start, end, problems, onChange }: PeriodFilterProps) {
  return (
    <>
      <DateTimeFilter label="Início" value={start} onChange={(value) => onChange('start', value)} error={problems.start !== undefined} helperText={problems.start} />
      <DateTimeFilter label="Fim" value={end} onChange={(value) => onChange('end', value)} error={problems.end !== undefined} helperText={problems.end} />
    </>
  );
}
