/**
 * A calendar day picked or typed as dd/mm/aaaa (MUI X, pt-BR), held as 'aaaa-mm-dd' — how the
 * schemas and the API carry days (src/domain/schemas/rosterAgent.ts dayProblem). In its own chunk:
 * the picker weighs more than the forms that use it (docs/performance.md).
 */
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR as pickerTexts } from '@mui/x-date-pickers/locales';
import { ptBR } from 'date-fns/locale/pt-BR';
import { useRef, useState } from 'react';
import { PICKER_DATE_BOUNDS } from '../domain/validators/dates';

export interface DayPickerProps {
  id: string;
  /** The element naming the field (the form row's label). */
  labelId: string;
  value: string | null;
  onChange: (day: string | null) => void;
  onBlur?: () => void;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
}

const localeText = pickerTexts.components.MuiLocalizationProvider.defaultProps.localeText;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What a half-typed or impossible date is held as: not a day, so the schema answers 'Data inválida'. */
const NOT_A_DAY = 'data inválida';
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The held day as the picker's date (midnight, local); anything else not a day is an invalid date. */
function dateOf(value: string | null): Date | null {
  if (!value) return null;
  const match = DAY.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(Number.NaN);
}

function dayOf(date: Date | null): string | null {
  if (date === null) return null;
  if (Number.isNaN(date.getTime())) return NOT_A_DAY;
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export default function DayPicker({ id, labelId, value, onChange, onBlur, error, helperText, disabled }: DayPickerProps) {
  // The picker keeps its own date: a half-typed one has no day to hold, and must stay as typed.
  const [date, setDate] = useState<Date | null>(() => dateOf(value));
  // The form was reset or filled from elsewhere: show its day (adjusted while rendering, as React
  // advises for state that follows a prop).
  const [held, setHeld] = useState(value);
  if (held !== value) {
    setHeld(value);
    if (dayOf(date) !== value) setDate(dateOf(value));
  }
  // A date typed in part leaves the picker without a value and says nothing: on leaving the field,
  // what its sections hold tells a half-typed date (held as not a day) from an emptied one.
  const typed = useRef<HTMLInputElement>(null);
  const left = () => {
    if (date === null) {
      const text = typed.current?.value.trim() ?? '';
      const held = text === '' ? null : NOT_A_DAY;
      if (held !== value) onChange(held);
    }
    onBlur?.();
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={ptBR} localeText={localeText}>
      <DatePicker
        value={date}
        onChange={(next) => {
          setDate(next);
          onChange(dayOf(next));
        }}
        minDate={PICKER_DATE_BOUNDS.min}
        maxDate={PICKER_DATE_BOUNDS.max}
        disabled={disabled}
        slotProps={{
          // The sections' group is what a screen reader names: the row's label names it.
          textField: { id, size: 'small', fullWidth: true, error, helperText, onBlur: left, inputRef: typed, slotProps: { input: { 'aria-labelledby': labelId } } },
          field: { clearable: true },
        }}
      />
    </LocalizationProvider>
  );
}
