/**
 * Reading records by dotted path and turning stored values into the text a person reads
 * (lists, read-only rows, Excel export and the text filter all use the same text).
 */
import { formatMoney } from '../../domain/validators/money';
import type { ColumnDeclaration, FieldContext, FieldDeclaration, FormValues, Rule, SelectOption } from './types';

export const EMPTY_TEXT = '';

export function getPath(record: FormValues | undefined, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function setPath(record: FormValues, path: string, value: unknown): FormValues {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...record, [head]: value };
  const child = record[head];
  const base = child !== null && typeof child === 'object' ? (child as FormValues) : {};
  return { ...record, [head]: setPath(base, rest.join('.'), value) };
}

export const evalRule = (rule: Rule | undefined, ctx: FieldContext): boolean =>
  typeof rule === 'function' ? rule(ctx) : rule === true;

export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const booleanText = (value: unknown): string => (value === true ? 'Sim' : value === false ? 'Não' : EMPTY_TEXT);

export const optionLabel = (options: SelectOption[], value: unknown): string | undefined =>
  options.find((option) => option.value === value)?.label;

/**
 * The text of a stored value. `options` are the resolved select options (static or loaded);
 * when a select's options are unknown the record's `displaySource` (e.g. stateName) is used.
 */
export function fieldText(
  field: FieldDeclaration | undefined,
  record: FormValues | undefined,
  source: string,
  options?: SelectOption[],
): string {
  const value = getPath(record, source);
  if (!field) return typeof value === 'boolean' ? booleanText(value) : isEmptyValue(value) ? EMPTY_TEXT : String(value);
  switch (field.type) {
    case 'boolean':
      return booleanText(value);
    case 'select': {
      const label = options ? optionLabel(options, value) : undefined;
      if (label !== undefined) return label;
      if (field.displaySource) {
        const display = getPath(record, field.displaySource);
        if (!isEmptyValue(display)) return String(display);
      }
      return isEmptyValue(value) ? EMPTY_TEXT : String(value);
    }
    case 'masked':
      return isEmptyValue(value) ? (field.mask.emptyText ?? EMPTY_TEXT) : field.mask.format(String(value));
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formatMoney(value) : EMPTY_TEXT;
    case 'password':
      return isEmptyValue(value) ? EMPTY_TEXT : '••••••';
    default:
      return isEmptyValue(value) ? EMPTY_TEXT : String(value);
  }
}

/** Static options of a select (reference options are loaded by useFieldOptions). */
export function staticOptions(field: FieldDeclaration, ctx: FieldContext): SelectOption[] | undefined {
  if (field.type !== 'select' || !field.options) return undefined;
  return typeof field.options === 'function' ? field.options(ctx) : field.options;
}

/** Cell text of a column: custom text, else the field's formatting, else the raw value. */
export function columnText(
  column: ColumnDeclaration,
  fields: FieldDeclaration[],
  record: FormValues,
  optionsBySource: Record<string, SelectOption[] | undefined> = {},
): string {
  if (column.text) return column.text(record);
  const field = fields.find((f) => f.source === column.source);
  return fieldText(field, record, column.source, optionsBySource[column.source]);
}
