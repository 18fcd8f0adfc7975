/**
 * The query of the lists that grow with a tenant (shippers, service providers, cities, users):
 * the server pages, sorts and filters them (docs/rules/screens.md, generic list screen: 'Página x de y',
 * sortable
 * columns, Filtrar). The same schema checks the parameters on the server and names the limits the
 * screens ask within.
 *
 * `page` or `perPage` asks for one page ({data, page, perPage, total, totalPages}); without them
 * the list answers the whole array as it always did (the selects of the mission form and of the
 * reports read it so), sorted and filtered when `sort`/`q` are sent (the Excel export).
 */
import type { InferType } from 'yup';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE } from '../messages';
import { LIST_MAX_PER_PAGE } from '../listPaging';
import { hasHeaderUnsafeCharacters } from '../validators/text';
import { MAX_INT, group, strictInteger, strictString } from './fields';

/** A page asked for by its number alone has the list screen's default size. */
export const LIST_DEFAULT_PER_PAGE = 10;
/** The longest text filter (longer than any name, e-mail or CNPJ a row shows). */
export const LIST_MAX_FILTER = 200;

// The text for a list asked for with impossible parameters.
export const LIST_PAGE_INVALID = 'Página inválida: informe um número inteiro a partir de 1';
export const LIST_PER_PAGE_INVALID = `Itens por página: informe um número inteiro de 1 a ${LIST_MAX_PER_PAGE}`;
export const LIST_SORT_INVALID = 'Ordenação inválida: esta coluna não pode ser ordenada';
export const LIST_ORDER_INVALID = 'Ordem inválida: use ASC ou DESC';
export const LIST_FILTER_TOO_LONG = `Filtro muito longo: máximo de ${LIST_MAX_FILTER} caracteres`;

export const LIST_ORDERS = ['ASC', 'DESC'] as const;

/**
 * Every list also sorts by `id`: react-admin asks for that order when a screen names none (a
 * reference select, a record's first page).
 */
export const LIST_ID_SORT = 'id';

/** A text filter (Filtrar, the missions' search): one line, so a tab or line break is refused like any other control character. */
export const textFilterField = () =>
  strictString()
    .max(LIST_MAX_FILTER, LIST_FILTER_TOO_LONG)
    .test({ name: 'invalid_string', message: CONTROL_CHARACTERS_NOT_ALLOWED, test: (v) => v === undefined || !hasHeaderUnsafeCharacters(v) });

/** The order of a sorted list. */
export const sortOrderField = () => strictString().oneOf([...LIST_ORDERS], LIST_ORDER_INVALID);

/** The list query of a list whose sortable columns are `sorts` (the field names its screen sorts by), and its id. */
export const listQuerySchema = (sorts: readonly string[]) =>
  group({
    page: strictInteger().typeError(LIST_PAGE_INVALID).integer(LIST_PAGE_INVALID).min(1, LIST_PAGE_INVALID).max(MAX_INT, LIST_PAGE_INVALID),
    perPage: strictInteger()
      .typeError(LIST_PER_PAGE_INVALID)
      .integer(LIST_PER_PAGE_INVALID)
      .min(1, LIST_PER_PAGE_INVALID)
      .max(LIST_MAX_PER_PAGE, LIST_PER_PAGE_INVALID),
    sort: strictString().oneOf([LIST_ID_SORT, ...sorts], LIST_SORT_INVALID),
    order: sortOrderField(),
    q: textFilterField(),
    /** Platform admins narrow a list to one tenant; anything but an id is ignored, as before paging. */
    riskManager: strictString().typeError(INVALID_TYPE),
  });

export type ListPageQuery = InferType<ReturnType<typeof listQuerySchema>>;

/** One page of a list, as the server answers it. */
export interface ListPage<T> {
  data: T[];
  page: number;
  perPage: number;
  total: number;
  totalPages: number;
}

/** True when the query asks for one page rather than the whole list. */
export const asksForPage = (query: Pick<ListPageQuery, 'page' | 'perPage'>): boolean =>
  query.page !== undefined || query.perPage !== undefined;
