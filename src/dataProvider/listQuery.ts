/**
 * Lists come whole from the API (spec section 7: "Response is a list"), so react-admin's filter,
 * sort and pagination are applied here, in the browser.
 */

export type Row = Record<string, unknown>;

export interface ListQuery {
  filter?: Record<string, unknown>;
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  pagination?: { page: number; perPage: number };
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

/** Lower-case without accents, so 'sao' finds 'São'. */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('pt-BR');

function anyStringMatches(value: unknown, needle: string, depth = 0): boolean {
  if (typeof value === 'string') return fold(value).includes(needle);
  if (depth > 3 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Row).some((v) => anyStringMatches(v, needle, depth + 1));
}

const isEmptyFilterValue = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** `q` matches any string field (nested included) case/accent-insensitively; other keys exactly. */
export function applyFilter<T extends Row>(rows: T[], filter: Record<string, unknown> = {}): T[] {
  const entries = Object.entries(filter).filter(([, v]) => !isEmptyFilterValue(v));
  if (entries.length === 0) return rows;
  return rows.filter((row) =>
    entries.every(([key, expected]) => {
      if (key === 'q') return anyStringMatches(row, fold(String(expected).trim()));
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
  return collator.compare(String(a), String(b));
}

export function applySort<T extends Row>(rows: T[], sort?: ListQuery['sort']): T[] {
  if (!sort?.field) return rows;
  const direction = String(sort.order).toUpperCase() === 'DESC' ? -1 : 1;
  // Array.prototype.sort is stable, so equal keys keep the API's order.
  return [...rows].sort((x, y) => direction * compareValues(valueAt(x, sort.field), valueAt(y, sort.field)));
}

export function applyPagination<T>(rows: T[], pagination?: ListQuery['pagination']): T[] {
  if (!pagination || !pagination.perPage) return rows;
  const start = (Math.max(1, pagination.page) - 1) * pagination.perPage;
  return rows.slice(start, start + pagination.perPage);
}

/** Filter, then sort, then page; `total` counts the filtered rows. */
export function queryList<T extends Row>(rows: T[], query: ListQuery): { data: T[]; total: number } {
  const filtered = applySort(applyFilter(rows, query.filter), query.sort);
  return { data: applyPagination(filtered, query.pagination), total: filtered.length };
}
