/**
 * A 'date' field of a declaration ('aaaa-mm-dd'): the MUI X picker (src/layout/DayPicker.tsx),
 * fetched when a form first shows one; until then a plain field holds its place.
 */
import { TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useInput } from 'react-admin';
import { dayText } from '../../domain/agents/licence';

const DayPicker = lazy(() => import('../../layout/DayPicker'));

const keep = (value: unknown): unknown => value;

export function DayField({ source, inputId, labelId, disabled }: { source: string; inputId: string; labelId: string; disabled?: boolean }) {
  const { field, fieldState } = useInput({ source, id: inputId, format: keep, parse: keep });
  const value = typeof field.value === 'string' ? field.value : null;
  const error = fieldState.error?.message;
  return (
    <Suspense fallback={<TextField id={inputId} size="small" fullWidth disabled value={value ? dayText(value) : ''} slotProps={{ htmlInput: { 'aria-labelledby': labelId } }} />}>
      <DayPicker
        id={inputId}
        labelId={labelId}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={error !== undefined}
        helperText={error}
        disabled={disabled}
      />
    </Suspense>
  );
}
