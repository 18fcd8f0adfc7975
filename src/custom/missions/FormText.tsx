/**
 * A text field of the missions forms bound to react-hook-form (by its context): the schema's
 * message shows under it, an optional mask applies on every keystroke (values stay as typed; the
 * shared schema strips masks).
 */
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';

export interface FormTextProps {
  name: string;
  label: string;
  mask?: (input: string) => string;
  /** After each change, with the (masked) text. */
  onValue?: (text: string) => void;
  /** When the person leaves the field, with its text. */
  onLeave?: (text: string) => void;
  inputMode?: 'text' | 'numeric' | 'decimal';
  /** A select of these options ('' = none chosen). */
  options?: { value: string; label: string }[];
  /** Shown as '(opcional)' in the label. */
  optional?: boolean;
  disabled?: boolean;
  /** Shown under the field while it has no error (why a list is empty). */
  hint?: string;
  sx?: TextFieldProps['sx'];
  /** A text box of several lines (one access key per line). */
  multiline?: boolean;
}

export function FormText({ name, label, mask, onValue, onLeave, inputMode, options, optional, disabled, hint, sx, multiline }: FormTextProps) {
  const { control } = useFormContext<Record<string, unknown>>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <TextField
            select={options !== undefined}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            label={optional ? `${label} (opcional)` : label}
            value={value}
            name={field.name}
            inputRef={field.ref}
            disabled={disabled}
            onChange={(event) => {
              const text = mask ? mask(event.target.value) : event.target.value;
              field.onChange(text);
              onValue?.(text);
            }}
            onBlur={() => {
              field.onBlur();
              onLeave?.(value);
            }}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? hint}
            size="small"
            fullWidth
            sx={sx}
            slotProps={{ htmlInput: inputMode ? { inputMode } : undefined }}
          >
            {options && [
              <MenuItem key="" value="">
                <em>Nenhum</em>
              </MenuItem>,
              ...options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              )),
            ]}
          </TextField>
        );
      }}
    />
  );
}
