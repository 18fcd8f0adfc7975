/**
 * Writing records by dotted path and turning stored values into the text a person reads. Lists,
 * read-only rows, the Excel export and the list's text filter and sort all use the same text.
 */
import type { RowText } from '../../dataProvider/listQuery';
import { valueAt } from '../../dataProvider/listQuery';
import { dayText } from '../../domain/agents/licence';
import { optionLabel } from '../../domain/enums';
import { dayProblem } from '../../domain/schemas/rosterAgent';
import { formatMoney } from '../../domain/validators/money';
import type { ColumnDeclaration, FieldContext, FieldDeclaration, FormValues, ResourceDeclaration, Rule, SelectOption } from './types';

export const EMPTY_TEXT = '';

export function setPath(record: FormValues, path: string, value: unknown): FormValues {
  const [head = '', ...rest] = path.split('.');
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
  const value = valueAt(record, source);
  if (!field) return typeof value === 'boolean' ? booleanText(value) : isEmptyValue(value) ? EMPTY_TEXT : String(value);
  switch (field.type) {
    case 'boolean':
      return booleanText(value);
    case 'select': {
      const label = options ? optionLabel(options, value) : undefined;
      if (label !== undefined) return label;
      if (field.displaySource) {
        const display = valueAt(record, field.displaySource);
        if (!isEmptyValue(display)) return String(display);
      }
      return isEmptyValue(value) ? EMPTY_TEXT : String(value);
    }
    case 'masked':
      return isEmptyValue(value) ? (field.mask.emptyText ?? EMPTY_TEXT) : field.mask.format(String(value));
    case 'money':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formatMoney(value) : EMPTY_TEXT;
    case 'date':
      // A day read as dd/mm/aaaa; anything else (never stored) as it is.
      return typeof value === 'string' && dayProblem(value) === undefined ? dayText(value) : isEmptyValue(value) ? EMPTY_TEXT : String(value);
    case 'password':
      return isEmptyValue(value) ? EMPTY_TEXT : '••••••';
    default:
      return isEmptyValue(value) ? EMPTY_TEXT : String(value);
  }
}

/**
 * A column's header: its own label, else the label of the field it shows (same source, or the
 * field whose displaySource it is). A column naming no field and no label is a declaration error.
 */
export function columnLabel(declaration: Pick<ResourceDeclaration, 'name' | 'fields'>, column: ColumnDeclaration): string {
  if (column.label !== undefined) return column.label;
  const field = declaration.fields.find(
    (f) => f.source === column.source || (f.type === 'select' && f.displaySource === column.source),
  );
  if (!field) throw new Error(`'${declaration.name}': a coluna '${column.source}' não tem rótulo nem campo`);
  return field.label;
}

/** Static options of a select (reference options are loaded by useFieldOptions). */
export function staticOptions(field: FieldDeclaration, ctx: FieldContext): SelectOption[] | undefined {
  if (field.type !== 'select' || !field.options) return undefined;
  return typeof field.options === 'function' ? field.options(ctx) : field.options;
}

/**
 * How the rows of a declaration's list read: the cell texts of its visible columns (custom text,
 * else the field's formatting with the row's static select options, else the raw value) and what
 * each column sorts by. The table, the Excel export and the data provider's text filter and sort
 * (meta.rowText) all use this one description, so the filter finds what the person sees.
 */
export function listRowText(declaration: ResourceDeclaration, ctx: Omit<FieldContext, 'mode' | 'record'>): RowText {
  const fieldOf = new Map(declaration.fields.map((field) => [field.source, field]));
  const columnOf = new Map(declaration.columns.map((column) => [column.source, column]));

  const cellText = (column: ColumnDeclaration, record: FormValues): string => {
    if (column.text) return column.text(record);
    const field = fieldOf.get(column.source);
    // Options may depend on the record (e.g. a perfil or modalidade no longer offered in the form).
    const options = field ? staticOptions(field, { ...ctx, mode: 'edit', record }) : undefined;
    return fieldText(field, record, column.source, options);
  };

  const maskedColumns = declaration.columns.filter((column) => !column.text && fieldOf.get(column.source)?.type === 'masked');

  return {
    cells: (record) => declaration.columns.map((column) => cellText(column, record)),
    maskedCells: (record) => maskedColumns.map((column) => cellText(column, record)),
    sortValue: (record, source) => {
      const value = valueAt(record, source);
      const column = columnOf.get(source);
      if (!column) return value;
      const type = fieldOf.get(source)?.type;
      // Coded columns sort by the label shown; text, numbers and money by the stored value.
      const coded = column.text !== undefined || type === 'select' || type === 'boolean' || typeof value === 'boolean';
      return coded ? cellText(column, record) : value;
    },
  };
}
