/**
 * One editable field per declared type: react-admin's inputs, bound to the <Form> of RecordForm.
 * Values stay in the API shape (cents, unformatted CNPJ/phones, 'hh:mm'); what is typed is masked
 * on every keystroke by the input's format/parse. Every input is small and outlined, labelled by
 * the row's label column (FieldRow's <label for=inputId>), the schema's message below it.
 */
import type { TextFieldProps } from '@mui/material';
import type { ComponentType } from 'react';
import { BooleanInput, NumberInput, SelectInput, TextInput, useInput } from 'react-admin';
import { maskHhmm } from '../../domain/masks';
import { DecimalInput } from '../../layout/DecimalInput';
import { MoneyInput } from '../../layout/MoneyInput';
import { DayField } from './DayField';
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
 * choice included (ReferenceSelect); static options are its <SelectInput>.
 */
export const pickedByReference = (field: FieldDeclaration): field is SelectFieldDeclaration & { reference: object } =>
  field.type === 'select' && field.reference !== undefined;

/** The look every input shares: the row's label column names it, errors show below. */
const look = { label: false, helperText: false, size: 'small', variant: 'outlined', margin: 'none', fullWidth: true } as const;

/** The form keeps what the field holds as is: '' stays '' (react-admin's default parse stores null). */
const keep = (value: unknown): unknown => value;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

export function FieldInput({ field, ctx, tenant, inputId, labelId, disabled, options }: FieldInputProps) {
  if (pickedByReference(field)) {
    return <ReferenceSelect source={field.source} reference={field.reference} ctx={ctx} tenant={tenant} inputId={inputId} disabled={disabled} />;
  }
  const common = { ...look, source: field.source, id: inputId, disabled };
  switch (field.type) {
    case 'boolean':
      return (
        <BooleanInput
          source={field.source}
          id={inputId}
          label={false}
          helperText={false}
          disabled={disabled}
          options={{ slotProps: { input: { 'aria-labelledby': labelId } } }}
        />
      );
    case 'select':
      return <StaticSelect common={common} labelId={labelId} options={options ?? []} />;
    case 'masked': {
      const { mask } = field;
      return <TextInput {...common} format={(value: unknown) => mask.format(textOf(value))} parse={mask.parse} />;
    }
    case 'money':
      return <OwnField Input={MoneyInput} source={field.source} inputId={inputId} disabled={disabled} />;
    case 'number':
      // A decimal (a step below 1) is typed with a comma: the browser's number input would drop it.
      if (!Number.isInteger(field.step ?? 1)) return <OwnField Input={DecimalInput} source={field.source} inputId={inputId} disabled={disabled} />;
      return <NumberInput {...common} min={field.min} max={field.max} step={field.step ?? 1} />;
    case 'date':
      return <DayField source={field.source} inputId={inputId} labelId={labelId} disabled={disabled} />;
    case 'time':
      return <TextInput {...common} format={textOf} parse={maskHhmm} placeholder="hh:mm" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />;
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'password' ? 'password' : field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
          format={textOf}
          parse={keep}
        />
      );
  }
}

/**
 * MUI menus need string values; options may be null ('Todos') or booleans, so the choices go by
 * index and format/parse map the stored value to its index and back. Each field is required by
 * its schema, so no empty choice (isRequired).
 */
function StaticSelect({ common, labelId, options }: { common: { source: string; id: string; disabled?: boolean }; labelId: string; options: SelectOption[] }) {
  const choices = options.map((option, i) => ({ id: String(i), name: option.label }));
  return (
    <SelectInput
      {...look}
      {...common}
      choices={choices}
      translateChoice={false}
      isRequired
      format={(value: unknown) => {
        const index = options.findIndex((option) => option.value === value);
        return index >= 0 ? String(index) : '';
      }}
      parse={(index: string) => options[Number(index)]?.value ?? null}
      slotProps={{ select: { labelId, displayEmpty: true } }}
    />
  );
}

/** What the app's own text inputs take (src/layout): the held value in, the value to hold out. */
type OwnInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & { value: unknown; onChange: (value: unknown) => void };

/**
 * Money (cents in, 'R$ 1.234,56' shown) and decimals ('1,4' typed with a comma) are the app's own
 * inputs, which react-admin lacks, bound by useInput.
 */
function OwnField({ Input, source, inputId, disabled }: { Input: ComponentType<OwnInputProps>; source: string; inputId: string; disabled?: boolean }) {
  const { field, fieldState } = useInput({ source, id: inputId, format: keep, parse: keep });
  const error = fieldState.error?.message;
  return (
    <Input
      id={inputId}
      size="small"
      fullWidth
      disabled={disabled}
      error={error !== undefined}
      helperText={error}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={field.value as unknown}
      onChange={field.onChange}
    />
  );
}
