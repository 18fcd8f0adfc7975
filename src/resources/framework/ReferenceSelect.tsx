/**
 * The input of a field that picks a record of another resource (a city's state, a plan's service,
 * an admin's risk manager): react-admin's <ReferenceInput> + <AutocompleteInput>, so the choices
 * come through the data provider and react-admin's cache, the current record is fetched even when
 * it is not among the choices, and typing narrows the list. It keeps the other inputs' look: small
 * and outlined, labelled by the row's label column (FieldRow's <label for=inputId>), the
 * schema's message below it.
 *
 * Typing sends `q` to the reference's getList; the lists are client-paged, so the data provider
 * matches it on the option label (the rowText below), the way the list screens filter.
 *
 * An extra first choice (the declaration's `allOption`, e.g. a provider plan's 'Todos', stored as
 * null) is AutocompleteInput's empty choice: its text is the option's label, and the input maps the
 * option's stored value to the empty choice's '' on load and back on submit (react-admin's
 * format/parse, as its docs advise for a null value), so the form keeps the API's value.
 */
import { useMemo } from 'react';
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { valueAt, type RowText } from '../../dataProvider/listQuery';
import { plainText } from '../../domain/plainText';
import type { FieldContext, ReferenceOptions } from './types';
import { ALL_ROWS, referenceQuery } from './useFieldOptions';

export interface ReferenceSelectProps {
  source: string;
  reference: ReferenceOptions;
  ctx: FieldContext;
  /** The record's tenant: a tenant's catalogue offers that tenant's rows only (referenceQuery). */
  tenant: string | undefined;
  inputId: string;
  disabled?: boolean;
}

/** The text for a search that finds no record. */
export const NO_CHOICES_TEXT = 'Nenhum resultado';

/** AutocompleteInput's value of its empty choice. */
const EMPTY_CHOICE = '';

export function ReferenceSelect({ source, reference, ctx, tenant, inputId, disabled }: ReferenceSelectProps) {
  const parentId = reference.parentId?.(ctx);
  const { filter, enabled } = referenceQuery(reference, tenant);
  const meta = useMemo(() => {
    const label = (row: Record<string, unknown>) => plainText(valueAt(row, reference.optionLabel));
    const rowText: RowText = { cells: (row) => [label(row)], sortValue: (row, field) => (field === reference.optionLabel ? label(row) : valueAt(row, field)) };
    return { parentId, rowText };
  }, [parentId, reference.optionLabel]);
  const all = reference.allOption;
  const allValue = all?.value;
  const mapping = all
    ? {
        emptyText: all.label,
        format: (value: unknown) => (value === allValue ? EMPTY_CHOICE : value),
        parse: (value: unknown) => (value === EMPTY_CHOICE ? allValue : value),
      }
    : {};
  return (
    <ReferenceInput
      source={source}
      reference={reference.resource}
      sort={{ field: reference.optionLabel, order: 'ASC' }}
      perPage={ALL_ROWS.perPage}
      filter={filter}
      queryOptions={{ meta, enabled }}
    >
      <AutocompleteInput
        id={inputId}
        label={false}
        optionText={(record: Record<string, unknown>) => plainText(valueAt(record, reference.optionLabel))}
        optionValue={reference.optionValue}
        {...mapping}
        disabled={disabled}
        helperText={false}
        fullWidth
        margin="none"
        variant="outlined"
        size="small"
        noOptionsText={NO_CHOICES_TEXT}
        // As the other selects: the list opens on a click, not when a failed save focuses the field
        // (react-admin opens it on focus, and the click that follows would close it again).
        openOnFocus={false}
        sx={{ '& .MuiFormControl-root': { mt: 0, mb: 0 } }}
      />
    </ReferenceInput>
  );
}
