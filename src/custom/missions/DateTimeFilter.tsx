/**
 * A date-and-time filter (Início, Fim). Until the person first focuses it, it is a plain empty
 * field; then the MUI X picker (its own chunk) takes its place with the focus, so the page's
 * JavaScript stays within the budget in docs/performance.md.
 */
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import { InputAdornment, TextField } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { FILTER_WIDTH } from '../../layout/filterWidth';
import type { DateTimeFilterProps } from './DateTimeFilterPicker';

const DateTimeFilterPicker = lazy(() => import('./DateTimeFilterPicker'));

const PLACEHOLDER = 'dd/mm/aaaa hh:mm';

function Placeholder({ label, onActivate }: { label: string; onActivate?: () => void }) {
  return (
    <TextField
      size="small"
      label={label}
      value=""
      placeholder={PLACEHOLDER}
      onFocus={onActivate}
      onClick={onActivate}
      disabled={onActivate === undefined}
      sx={FILTER_WIDTH}
      slotProps={{
        inputLabel: { shrink: true },
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <CalendarMonth fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export function DateTimeFilter(props: DateTimeFilterProps) {
  // A filter that opens with a date (a screen's default period) is the picker at once, and leaves
  // the focus where it is; an empty one becomes the picker when reached, with the focus.
  const [active, setActive] = useState<'preset' | 'reached' | null>(props.value !== null ? 'preset' : null);
  if (!active) return <Placeholder label={props.label} onActivate={() => setActive('reached')} />;
  return (
    <Suspense fallback={<Placeholder label={props.label} />}>
      <DateTimeFilterPicker {...props} autoFocus={active === 'reached'} />
    </Suspense>
  );
}
