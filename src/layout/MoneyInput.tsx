/**
 * The money text field of the catalogue forms and the billing screen: integer cents in and out,
 * shown and typed as 'R$ 1.234,56' (filled from the cents on every keystroke, domain/masks.ts).
 * Empty text stands for null, which the schemas answer with the field's required message.
 */
import { TextField, type TextFieldProps } from '@mui/material';
import { maskMoney } from '../domain/masks';
import { formatMoney } from '../domain/validators/money';

export type MoneyInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: unknown;
  onChange: (cents: number | null) => void;
};

export function MoneyInput({ value, onChange, slotProps, ...rest }: MoneyInputProps) {
  return (
    <TextField
      placeholder="R$ 0,00"
      {...rest}
      value={typeof value === 'number' && Number.isSafeInteger(value) ? formatMoney(value) : ''}
      onChange={(event) => onChange(maskMoney(event.target.value).cents)}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'numeric', ...slotProps?.htmlInput } }}
    />
  );
}
