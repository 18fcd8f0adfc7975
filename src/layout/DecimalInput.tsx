/**
 * A decimal number typed the Brazilian way ('1,4', '-23,5613'; a dot works too, docs/rules/validation.md):
 * a text field with the decimal keypad, because the browser's number input drops the comma unless the
 * browser itself speaks Portuguese ('1,4' became 14). The form holds the number as soon as the text is
 * one, null when it is empty, and the text itself while it is not a number (the schema refuses it).
 */
import { TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { parseDecimal } from '../domain/validators/numbers';

export type DecimalInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: unknown;
  onChange: (value: number | string | null) => void;
};

/** What the form holds for a typed text. */
export const decimalValueOf = (text: string): number | string | null => (text.trim() === '' ? null : (parseDecimal(text) ?? text));

/** A held value as it is shown: numbers (and decimal text another field filled in, an address look-up's) with a decimal comma. */
export function decimalTextOf(value: unknown): string {
  if (typeof value === 'number') return String(value).replace('.', ',');
  if (typeof value !== 'string') return '';
  return parseDecimal(value) === null ? value : value.replace('.', ',');
}

export function DecimalInput({ value, onChange, slotProps, ...rest }: DecimalInputProps) {
  const [typed, setTyped] = useState(() => decimalTextOf(value));
  // What was typed stays as typed ('1,' on the way to '1,4'); a value set from outside (the record
  // loaded, the form reset) is shown instead.
  const shown = decimalValueOf(typed) === (value ?? null) ? typed : decimalTextOf(value);
  return (
    <TextField
      {...rest}
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(decimalValueOf(event.target.value));
      }}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', ...slotProps?.htmlInput } }}
    />
  );
}
