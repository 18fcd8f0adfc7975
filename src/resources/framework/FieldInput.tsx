/**
 * One editable field per declared type, bound to react-hook-form. Values stay in the API shape
 * (cents, unformatted CNPJ/phones, 'hh:mm'); what is typed is masked on every keystroke.
 */
import { FormControl, FormHelperText, MenuItem, Select, Switch, TextField } from '@mui/material';
import { useController } from 'react-hook-form';
import { maskHhmm } from '../../domain/masks';
import { MoneyInput } from '../../layout/MoneyInput';
import { ReferenceSelect } from './ReferenceSelect';
import type { FieldContext, FieldDeclaration, SelectFieldDeclaration, SelectOption } from './types';

export interface FieldInputProps {
  field: FieldDeclaration;
  ctx: FieldContext;
  /** The tenant the record belongs to (useFieldOptions.ts recordTenant): a reference offers its rows only. */
  tenant: string | undefined;
  /** id of the input; the row's label points at it (labelId for selects). */
  inputId: string;
  labelId: string;
  disabled?: boolean;
  options?: SelectOption[];
}

/**
 * A select over another resource's records is react-admin's reference input, an extra 'Todos'
 * choice included (ReferenceSelect); static options keep the plain select.
 */
export const pickedByReference = (field: FieldDeclaration): field is SelectFieldDeclaration & { reference: object } =>
  field.type === 'select' && field.reference !== undefined;

export function FieldInput({ field, ctx, tenant, inputId, labelId, disabled, options }: FieldInputProps) {
  if (pickedByReference(field)) {
    return <ReferenceSelect source={field.source} reference={field.reference} ctx={ctx} tenant={tenant} inputId={inputId} disabled={disabled} />;
  }
  return <PlainInput {...{ field, inputId, labelId, disabled, options }} />;
}

function PlainInput({ field, inputId, labelId, disabled, options }: Omit<FieldInputProps, 'ctx' | 'tenant'>) {
  const { field: control, fieldState } = useController({ name: field.source });
  const error = fieldState.error?.message;
  const common = {
    id: inputId,
    size: 'small' as const,
    fullWidth: true,
    disabled,
    error: error !== undefined,
    helperText: error,
    onBlur: control.onBlur,
    inputRef: control.ref,
    name: control.name,
  };
  const value: unknown = control.value;

  switch (field.type) {
    case 'boolean':
      return (
        <>
          <Switch
            id={inputId}
            checked={value === true}
            onChange={(event) => control.onChange(event.target.checked)}
            onBlur={control.onBlur}
            disabled={disabled}
            slotProps={{ input: { 'aria-labelledby': labelId } }}
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </>
      );
    case 'select':
      return <SelectInput {...{ inputId, labelId, disabled, options: options ?? [], error, value }} onChange={control.onChange} onBlur={control.onBlur} />;
    case 'masked':
      return (
        <TextField
          {...common}
          value={typeof value === 'string' ? field.mask.format(value) : ''}
          onChange={(event) => control.onChange(field.mask.parse(event.target.value))}
        />
      );
    case 'money':
      return <MoneyInput {...common} value={value} onChange={control.onChange} />;
    case 'number':
      return (
        <TextField
          {...common}
          type="number"
          value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
          onChange={(event) => control.onChange(event.target.value === '' ? null : Number(event.target.value))}
          slotProps={{ htmlInput: { min: field.min, max: field.max } }}
        />
      );
    case 'time':
      return (
        <TextField
          {...common}
          placeholder="hh:mm"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => control.onChange(maskHhmm(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      );
    default:
      return (
        <TextField
          {...common}
          type={field.type === 'password' ? 'password' : field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => control.onChange(event.target.value)}
        />
      );
  }
}

interface SelectInputProps {
  inputId: string;
  labelId: string;
  disabled?: boolean;
  options: SelectOption[];
  error?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
}

/** MUI menus need string values; options may be null ('Todos') or booleans, so they go by index. */
function SelectInput({ inputId, labelId, disabled, options, error, value, onChange, onBlur }: SelectInputProps) {
  const index = options.findIndex((option) => option.value === value);
  // Inside an outlined FormControl the helper text gets the text fields' margins, so errors line up.
  return (
    <FormControl fullWidth size="small" error={error !== undefined} disabled={disabled}>
      <Select
        id={inputId}
        labelId={labelId}
        size="small"
        fullWidth
        displayEmpty
        disabled={disabled}
        error={error !== undefined}
        value={index >= 0 ? String(index) : ''}
        onChange={(event) => {
          const chosen = options[Number(event.target.value)];
          onChange(chosen ? chosen.value : null);
        }}
        onBlur={onBlur}
      >
        {options.map((option, i) => (
          <MenuItem key={String(option.value)} value={String(i)}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
