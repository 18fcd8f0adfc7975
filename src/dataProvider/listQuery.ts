/**
 * Lists come whole from the API (docs/api.md: "Response is a list"), so react-admin's filter,
 * sort and pagination are applied here, in the browser.
 *
 * The text filter `q` and the sort of coded columns go by what the person reads, not by stored
 * values: the caller (the generated list screen) says how a row reads through `RowText`, and the
 * table, the Excel export and this filter all use that one description.
 */

import { fold, unmasked } from '../domain/foldText';
import { plainText } from '../domain/plainText';

export type Row = Record<string, unknown>;

/** How the rows of one list read on screen. */
export interface RowText {
  /** The texts of the row's visible cells; `q` matches when one of them contains it. */
  cells: (row: Row) => string[];
  /**
   * The texts of the row's masked cells (CNPJ, phones): `q` also finds them typed without their
   * layout, as people copy them from elsewhere ('33683930' finds '33.683.930/0001-…').
   */
  maskedCells?: (row: Row) => string[];
  /** What a column sorts by (e.g. the label of a select, 'Sim'/'Não'), by column source. */
  sortValue: (row: Row, field: string) => unknown;
}

export interface ListQuery {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  pagination?: { page: number; perPage: number };
  rowText?: RowText;
}

/** Value at a dotted path ('role.perfil'). */
export function valueAt(row: unknown, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Row)[key];
  }
  return value;
}


const isEmptyFilterValue = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * `q` matches rows one of whose cell texts contains it, case- and accent-insensitively (so hidden
 * ids and stored codes never match), or one of whose masked cells contains it without layout;
 * other keys compare the value at their path exactly.
 */
export function applyFilter<T extends Row>(rows: T[], filter: Record<string, unknown> = {}, rowText?: RowText): T[] {
  const entries = Object.entries(filter).filter(([, v]) => !isEmptyFilterValue(v));
  if (entries.length === 0) return rows;
  if (entries.some(([key]) => key === 'q') && !rowText) {
    // Without the row's texts the filter could only search stored values, which is what it must not do.
    throw new Error('O filtro de texto (q) precisa de rowText');
  }
  return rows.filter((row) =>
    entries.every(([key, expected]) => {
      if (key === 'q') {
        const needle = fold(String(expected).trim());
        if (rowText!.cells(row).some((text) => fold(text).includes(needle))) return true;
        const bare = unmasked(needle);
        return bare !== '' && (rowText!.maskedCells?.(row) ?? []).some((text) => unmasked(text).includes(bare));
      }
      const actual = valueAt(row, key);
      if (Array.isArray(expected)) return expected.some((e) => e === actual);
      return actual === expected;
    }),
  );
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Compares two values of one column: numbers numerically, booleans false < true, text in pt-BR. */
export function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === undefined || a === null || a === '';
  const bEmpty = b === undefined || b === null || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1; // empties last
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(plainText(a), plainText(b));
}

/** Sorts by `rowText.sortValue` when given, else by the stored value at the sort field. */
export function applySort<T extends Row>(rows: T[], sort?: ListQuery['sort'], rowText?: RowText): T[] {
  if (!sort?.field) return rows;
  const { field } = sort;
  const direction = String(sort.order).toUpperCase() === 'DESC' ? -1 : 1;
  const key = rowText ? (row: T) => rowText.sortValue(row, field) : (row: T) => valueAt(row, field);
  // Keys are computed once per row; Array.prototype.sort is stable, so equal keys keep the API's order.
  const keyed = rows.map((row) => ({ row, key: key(row) }));
  keyed.sort((x, y) => direction * compareValues(x.key, y.key));
  return keyed.map(({ row }) => row);
}

export function applyPagination<T>(rows: T[], pagination?: ListQuery['pagination']): T[] {
  if (!pagination || !pagination.perPage) return rows;
  const start = (Math.max(1, pagination.page) - 1) * pagination.perPage;
  return rows.slice(start, start + pagination.perPage);
}

/** Filter, then sort, then page; `total` counts the filtered rows. */
export function queryList<T extends Row>(rows: T[], query: ListQuery): { data: T[]; total: number } {
  const filtered = applySort(applyFilter(rows, query.filter, query.rowText), query.sort, query.rowText);
  return { data: applyPagination(filtered, query.pagination), total: filtered.length };
}
