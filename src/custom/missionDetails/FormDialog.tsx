import { yupResolver } from '@hookform/resolvers/yup';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, useMediaQuery, useTheme, type TextFieldProps } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, useForm, type Control, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { AnyObjectSchema } from 'yup';
import { serverNow } from '../../dataProvider/serverClock';
import type { ClockContext } from '../../domain/validators/clock';
import { useFormSubmission } from '../../layout/useOneSubmission';

interface Props<T extends FieldValues> {
  title: string;
  schema: AnyObjectSchema;
  defaultValues: DefaultValues<T>;
  /** Resolves true when saved (the dialog closes). */
  onSubmit: (values: T) => Promise<boolean>;
  onClose: () => void;
  children: (form: UseFormReturn<T>) => ReactNode;
}

/** A details form in a modal (Cancelar / Salvar), validated by the shared schema (docs/rules/validation.md). */
export function FormDialog<T extends FieldValues>({ title, schema, defaultValues, onSubmit, onClose, children }: Props<T>) {
  // The schemas' rules about "now" (odometer times, a vehicle's year) read the server's clock.
  const form = useForm<T>({ defaultValues, resolver: yupResolver(schema) as unknown as Resolver<T>, context: { now: serverNow } satisfies ClockContext });
  // Validation and sending are one submission: a double click on Salvar saves once.
  const submission = useFormSubmission(
    form.handleSubmit(async (values) => {
      if (await onSubmit(values)) onClose();
    }),
  );
  return (
    <Dialog open onClose={submission.pending ? undefined : onClose} fullWidth maxWidth="md">
      <form onSubmit={submission.onSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children(form)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submission.pending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" loading={submission.pending}>
            Salvar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options?: Record<string, string>;
  /** Turns what was typed into the value kept (plate and CPF masks). */
  onBlurValue?: (value: string) => string;
} & Omit<TextFieldProps, 'name' | 'label'>;

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** A field a finger can hit on a phone (at least 44 px tall: MUI's medium), compact from 600 px up. */
function useFieldSize(): 'small' | 'medium' {
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true }) ? 'medium' : 'small';
}

/** A text, number (`type="number"`) or select (with `options`) input bound to the form, its message under it. */
export function FormField<T extends FieldValues>({ control, name, label, options, onBlurValue, onBlur, ...rest }: FieldProps<T>) {
  const size = useFieldSize();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={(field.value) ?? ''}
          // A number input keeps a number (or null when emptied): the shared schema, like the API,
          // takes a year as a JSON number and answers a text with 'Tipo de valor inválido'.
          onChange={(e) => field.onChange(rest.type === 'number' ? numberOrNull(e.target.value) : e.target.value)}
          onBlur={(e) => {
            if (onBlurValue) field.onChange(onBlurValue(String(field.value ?? '')));
            field.onBlur();
            onBlur?.(e);
          }}
          select={options !== undefined}
          error={Boolean(fieldState.error)}
          // The field's own hint (e.g. the free name's 'sem cadastro') until there is a message.
          helperText={fieldState.error?.message ?? rest.helperText}
          fullWidth
          size={size}
        >
          {options &&
            Object.entries(options).map(([value, text]) => (
              <MenuItem key={value} value={value}>
                {text}
              </MenuItem>
            ))}
        </TextField>
      )}
    />
  );
}

/** An instant edited as the browser's local date-time and kept as ISO (what the API carries). */
export function DateTimeField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: Path<T>; label: string }) {
  const size = useFieldSize();
  const toLocal = (iso: unknown) => {
    if (typeof iso !== 'string' || iso === '') return '';
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return '';
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          type="datetime-local"
          label={label}
          name={field.name}
          value={toLocal(field.value)}
          onChange={(e) => field.onChange(e.target.value ? new Date(e.target.value).toISOString() : '')}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true } }}
          size={size}
          fullWidth
        />
      )}
    />
  );
}
