/**
 * What the one table (DataTable.tsx) and its phone cards (DataCards.tsx) share: the column and row
 * descriptions, a row's state and its keyboard moves. Its own module, so the table (which loads the
 * cards lazily) and the cards both import it and neither imports the other.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import type { SortPayload } from 'react-admin';

export const SORT_LABEL = 'Ordenar por';

export interface DataColumn<R> {
  /** The column's key; also the sort field of a sortable column. */
  source: string;
  label: string;
  /** The cell's text: what it shows unless `render` is given, and a truncated cell's tooltip. */
  text: (row: R) => string;
  /** What the cell shows when it is more than its text (e.g. status chips). */
  render?: (row: R) => ReactNode;
  sortable?: boolean;
  /**
   * 'truncate' (default): one line, cut at MAX_CELL_WIDTH, whole in the tooltip. 'nowrap': one line,
   * whole (a process number broken at its hyphen reads as two) up to NOWRAP_MAX_CHARS; a longer text
   * breaks anywhere when the table lacks room. 'wrap': may take two lines, so the table fits its card.
   */
  fit?: 'truncate' | 'nowrap' | 'wrap';
}

/** Extra fields that open under a row ('Mais informações' of the missions table). */
export interface DataRowDetails<R> {
  /** The button's text on a card. */
  label: string;
  /** The button's accessible name: which record it opens. */
  name: (row: R) => string;
  render: (row: R, id: string) => ReactNode;
}

export type DataTableLayout = 'table' | 'cards';

export interface DataTableProps<R> {
  /** The table's (and the card list's) accessible name. */
  label: string;
  rows: readonly R[];
  rowId: (row: R) => string;
  columns: readonly DataColumn<R>[];
  /** The row's actions, in the sticky 'Ações' column (table) or at the card's foot. */
  actions?: (row: R, layout: DataTableLayout) => ReactNode;
  /** The sorted column; with onSort, sortable columns sort on a click. */
  sort?: SortPayload;
  onSort?: (sort: SortPayload) => void;
  emptyText?: string;
  /** A click (or Enter/Space) on the row: open or select its record. */
  onRowClick?: (row: R) => void;
  /** A phone card's accessible name (default: its first column's text). */
  cardName?: (row: R) => string;
  details?: DataRowDetails<R>;
  selectedId?: string | null;
  /** Rows that appeared since the previous poll: they flash (docs/rules/screens.md: new missions flash). */
  flashing?: ReadonlySet<string>;
  /** Rows whose cells may take two lines: narrow padding, cells aligned at the top. */
  compact?: boolean;
  /** The actions cell's width when its buttons may wrap onto a second line (default: one line). */
  actionsMinWidth?: number;
  /** Cards instead of a table wherever the table would scroll sideways (not only on a phone). */
  cardsWhenCramped?: boolean;
}

/** Which rows show their details. */
export interface Expanded {
  isExpanded: (id: string) => boolean;
  toggle: (id: string) => void;
}

export interface LayoutProps<R> extends DataTableProps<R> {
  expanded: Expanded;
  detailsId: (row: R) => string;
}

/** What a row shows of its state, alike as a table row and as a phone card. */
export function rowState<R>({ rowId, details, expanded, selectedId, flashing }: LayoutProps<R>, row: R) {
  const id = rowId(row);
  return { id, open: details !== undefined && expanded.isExpanded(id), selected: selectedId === id, flash: flashing?.has(id) ?? false };
}

/** Enter/Space on the focused row act as a click; the arrows move to the neighbouring row. */
export function rowKeyDown<R>(row: R, onRowClick: ((row: R) => void) | undefined) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!onRowClick || event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick(row);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const siblings = Array.from(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>(':scope > [data-row]') ?? []);
      const next = siblings[siblings.indexOf(event.currentTarget) + (event.key === 'ArrowDown' ? 1 : -1)];
      if (next) {
        event.preventDefault();
        next.focus();
      }
    }
  };
}

