/**
 * The real date-time picker of a missions filter (MUI X, pt-BR), in its own chunk: it weighs more
 * than the rest of the screen, so it is fetched when the person first reaches a date filter
 * (DateTimeFilter.tsx) instead of with the page (the budget in docs/performance.md).
 */
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ptBR as pickerTexts } from '@mui/x-date-pickers/locales';
import { ptBR } from 'date-fns/locale/pt-BR';
import { PICKER_DATE_BOUNDS } from '../../domain/validators/dates';
import { FILTER_WIDTH } from '../../layout/filterWidth';

export interface DateTimeFilterProps {
  label: string;
  value: Date | null;
  onChange: (value: Date | null) => void;
  error?: boolean;
  helperText?: string;
  /** Takes the focus when it appears: only when the person just reached the empty field. */
  autoFocus?: boolean;
}

const localeText = pickerTexts.components.MuiLocalizationProvider.defaultProps.localeText;

export default function DateTimeFilterPicker({ label, value, onChange, error, helperText, autoFocus }: DateTimeFilterProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={ptBR} localeText={localeText}>
      <DateTimePicker
        label={label}
        value={value}
        onChange={onChange}
        ampm={false}
        minDateTime={PICKER_DATE_BOUNDS.min}
        maxDateTime={PICKER_DATE_BOUNDS.max}
        autoFocus={autoFocus}
        slotProps={{ textField: { size: 'small', sx: FILTER_WIDTH, error, helperText } }}
      />
    </LocalizationProvider>
  );
}
