import { SQL, asc, desc, is, or, sql, type AnyColumn } from 'drizzle-orm';
import { fold, unmasked } from '../../src/domain/foldText';
import { PERFIL_LABELS } from '../../src/domain/roles';
import {
  LIST_DEFAULT_PER_PAGE,
  asksForPage,
  LIST_ID_SORT,
  listQuerySchema,
  type ListPage,
  type ListPageQuery,
} from '../../src/domain/schemas/listPage';
import { folded, unmaskedSql } from '../db/foldedText';
import { riskManagers } from '../db/schema';
import { validBody } from './validation';

/**
 * The lists that grow with a tenant (shippers, service providers, cities, users) paged, sorted and
 * filtered in the database, with the rules the browser applied to whole lists before
 * (src/dataProvider/listQuery.ts): `q` finds a row when one of the texts its screen shows contains
 * it, without accents or case; a masked value (CNPJ, phone) also typed without its layout; a
 * coded column (Ativo, Perfil, Gerenciadora) sorts and filters by the text shown, not by the
 * stored code. Tenancy is the caller's WHERE, applied before any of this.
 */

type Expression = SQL | AnyColumn;

/** How one list reads on screen, in SQL. */
export interface ListShape {
  /** The sortable columns, by the field name the screen sorts by: what each one sorts by. */
  sorts: Record<string, Expression>;
  /** The texts `q` looks in: the visible cells as the screen shows them. */
  texts: Expression[];
  /** Masked values stored without their layout (CNPJ, phones). */
  masked?: Expression[];
  /** The owner's name (the 'Gerenciadora' column a platform admin sees): searched only then. */
  ownerName?: Expression;
  /** The column that makes the order total, so consecutive pages never repeat or skip a row. */
  id: AnyColumn;
  /** The order when none is asked (the whole list's order before paging). */
  defaultSort: string;
}

/** 'Sim'/'Não' of a boolean column, as the list's cell reads. */
export const yesNo = (column: AnyColumn): SQL => sql`case when ${column} then 'Sim' when not ${column} then 'Não' end`;

/** The owner's name (the 'Gerenciadora' column of a platform admin's list). */
export const riskManagerName = (column: AnyColumn): SQL =>
  sql`(select ${riskManagers.name} from ${riskManagers} where ${riskManagers.id} = ${column})`;

/** A perfil's label (Administrador, Operacional, TI), as the users list reads. */
export const perfilLabel = (column: AnyColumn): SQL =>
  sql`case ${sql.join(
    Object.entries(PERFIL_LABELS).map(([perfil, label]) => sql`when ${column} = ${perfil} then ${label}`),
    sql` `,
  )} end`;

/** A LIKE pattern finding `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The row condition of `q` (none for an empty one), the owner's name searched when `ownerShown`. */
export function textFilter(shape: ListShape, q: string | undefined, ownerShown: boolean): SQL | undefined {
  const needle = fold((q ?? '').trim());
  if (needle === '') return undefined;
  const pattern = containing(needle);
  const texts = ownerShown && shape.ownerName ? [...shape.texts, shape.ownerName] : shape.texts;
  const conditions = texts.map((text) => sql`${folded(text)} like ${pattern}`);
  const bare = unmasked(needle);
  if (bare !== '') {
    const barePattern = containing(bare);
    for (const value of shape.masked ?? []) conditions.push(sql`${unmaskedSql(value)} like ${barePattern}`);
  }
  return or(...conditions);
}

/** ORDER BY of the query: the asked column (text folded, so 'Árvore' sorts with 'arvore'), then the id. */
export function listOrder(shape: ListShape, query: Pick<ListPageQuery, 'sort' | 'order'>): SQL[] {
  if (query.sort === LIST_ID_SORT) return [query.order === 'DESC' ? desc(shape.id) : asc(shape.id)];
  const expression = shape.sorts[query.sort ?? shape.defaultSort];
  if (!expression) throw new Error(`sem ordenação por ${query.sort ?? shape.defaultSort}`);
  // Texts sort folded; a boolean or a number by its value.
  const key = is(expression, SQL) || expression.dataType === 'string' ? folded(expression) : sql`${expression}`;
  return [query.order === 'DESC' ? desc(key) : asc(key), asc(shape.id)];
}

/** The list query of `shape`'s list from a request's query string: 400 in Portuguese when a value is impossible. */
export function listQueryOf(shape: ListShape, raw: unknown): Promise<ListPageQuery> {
  // Query strings are text: a page of digits becomes a number; anything else reaches the schema as sent.
  const query = Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''));
  for (const key of ['page', 'perPage']) if (typeof query[key] === 'string' && /^\d{1,10}$/.test(query[key])) query[key] = Number(query[key]);
  return validBody(listQuerySchema(Object.keys(shape.sorts)), query);
}

/** True when the list must be read for this query rather than served whole as kept (a page, an order or a filter). */
export const shapesTheList = (query: ListPageQuery): boolean =>
  asksForPage(query) || query.sort !== undefined || query.order !== undefined || (query.q ?? '').trim() !== '';

/** How to read a list: its rows in an order (a window of them for a page), and how many there are. */
export interface ListReads<T> {
  rows(orderBy: SQL[], window?: { limit: number; offset: number }): Promise<T[]>;
  count(): Promise<number>;
}

/** The answer of a list query: one page when asked for one, else every row in the asked order. */
export async function answerList<T>(shape: ListShape, query: ListPageQuery, reads: ListReads<T>): Promise<T[] | ListPage<T>> {
  const orderBy = listOrder(shape, query);
  if (!asksForPage(query)) return reads.rows(orderBy);
  const page = query.page ?? 1;
  const perPage = query.perPage ?? LIST_DEFAULT_PER_PAGE;
  const total = await reads.count();
  const offset = (page - 1) * perPage;
  // A page past the end is empty, with the list's real total (the screen goes back to the last one).
  const data = offset < total ? await reads.rows(orderBy, { limit: perPage, offset }) : [];
  return { data, page, perPage, total, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}
