/**
 * The one table of the back office: the missions table, the proposals of a mission (column sets
 * 'missions' and 'missionProposals') and, on a phone, the catalogue lists' cards (their table is
 * react-admin's <DataTable>, resources/framework/ListTable.tsx).
 *
 * - Sort: a sortable column's header is a button; the same column flips asc/desc, another starts
 *   ascending (docs/rules/screens.md: 'Column headers are sortable (asc/desc toggle)'); the header says
 * its order
 *   with aria-sort.
 * - Empty: 'Nenhum registro encontrado' instead of the table.
 * - Fit: a wide table scrolls inside its card with the actions column held at the right edge; a
 *   truncated cell stays on one line (a CNPJ or a phone split over two lines misreads) and ends in
 *   an ellipsis, whole in its tooltip.
 * - Phone: below 600 px no table fits, so each row is a card (DataCards.tsx: a list item named after its record)
 *   with each column's label above its value, the row's extra fields and its actions; the sort is a
 *   select above the cards. With `cardsWhenCramped` the rows are cards too wherever the table would
 *   not fit its card (the missions between 600 and 1200 px, where the side menu takes 250 px), and
 *   a table again once the card is as wide as the table was.
 * - Keyboard: a row that opens or selects its record is focusable; Enter or Space does what a click
 *   does, the arrow keys go to the previous or next row.
 *
 * A small module of its own under layout/ so the missions chunk does not pull the catalogue
 * framework.
 */
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  ButtonBase,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { Fragment, lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { SortPayload } from 'react-admin';
import { flashSx } from './flash';
import { rowKeyDown, rowState, type DataColumn, type DataTableProps, type Expanded, type LayoutProps } from './dataRows';

export type { DataColumn } from './dataRows';

// Only a phone downloads the card layout (the missions page's JS budget). lazy() drops the row
// type parameter; the module's default export is that generic component.
const DataCards = lazy(() => import('./DataCards')) as unknown as <R>(props: LayoutProps<R>) => ReactNode;

export const EMPTY_TABLE_TEXT = 'Nenhum registro encontrado';
export const ACTIONS_LABEL = 'Ações';

/** Widest a truncated cell grows before its text is cut with an ellipsis. */
export const MAX_CELL_WIDTH = 280;

/** Next sort when a header is clicked: the same column flips, another starts ascending. */
export const nextSort = (current: SortPayload | undefined, field: string): SortPayload =>
  current?.field === field ? { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' } : { field, order: 'ASC' };

/** One line, cut with an ellipsis at MAX_CELL_WIDTH (the catalogue lists' table uses it too). */
export const truncatedSx = { maxWidth: MAX_CELL_WIDTH, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
const compactSx = { px: 1, verticalAlign: 'top' } as const;
const fitSx = { truncate: truncatedSx, nowrap: { whiteSpace: 'nowrap' }, wrap: { whiteSpace: 'normal' } } as const;

/** Longest 'nowrap' text kept on one line whatever the width: a longer one would widen the table past its card. */
export const NOWRAP_MAX_CHARS = 20;
const longNowrapSx = { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 120 } as const;

const cellFitSx = (fit: NonNullable<DataColumn<unknown>['fit']>, text: string) => (fit === 'nowrap' && text.length > NOWRAP_MAX_CHARS ? longNowrapSx : fitSx[fit]);

/** The actions column stays in view while the rest scrolls under it (the catalogue lists' table too). */
export const actionsColumnSx = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
  borderLeft: 1,
  borderLeftColor: 'divider',
} as const;

/**
 * A sortable header: its label and an arrow down (descending) or up (ascending), shown when the
 * column is the sorted one and faintly on hover. Ours rather than TableSortLabel, a chunk the
 * missions page would load for a table it does not sort.
 */
function SortButton({ label, active, direction, onClick }: { label: string; active: boolean; direction: 'asc' | 'desc'; onClick: () => void }) {
  return (
    <ButtonBase
      onClick={onClick}
      sx={{ font: 'inherit', gap: 0.5, '& svg': { opacity: active ? 1 : 0, transition: 'opacity 150ms' }, '&:hover svg, &:focus-visible svg': { opacity: active ? 1 : 0.5 } }}
    >
      {label}
      <ArrowDownward fontSize="small" sx={{ transform: direction === 'asc' ? 'rotate(180deg)' : undefined }} />
    </ButtonBase>
  );
}

/** Which rows show their details; each toggles on its own. */
function useExpanded(): Expanded {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { isExpanded: (id: string) => expanded.has(id), toggle };
}

/**
 * Whether the table is wider than the box it lies in: measured after each render and on each
 * resize, before the browser paints. The width the table needed is kept, so the cards give way to
 * the table again only once the box is that wide. Never where nothing is laid out (no ResizeObserver).
 */
function useCramped(enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [need, setNeed] = useState<number | null>(null);
  const [width, setWidth] = useState(0);
  const measure = () => {
    const box = ref.current;
    if (!enabled || !box || typeof ResizeObserver === 'undefined') return;
    setWidth(box.clientWidth);
    const table = box.querySelector('table');
    if (table && table.offsetWidth > box.clientWidth + 1) setNeed(table.offsetWidth);
  };
  useLayoutEffect(measure);
  useEffect(() => {
    const box = ref.current;
    if (!enabled || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(box);
    return () => observer.disconnect();
    // The observer reads the box afresh each time; it only follows `enabled`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
  return { ref, cramped: need !== null && width < need };
}

export function DataTable<R>(props: DataTableProps<R>) {
  // Below 600 px each row is a card.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const { ref, cramped } = useCramped(props.cardsWhenCramped === true);
  const expanded = useExpanded();
  const idPrefix = useId();
  if (props.rows.length === 0) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
        {props.emptyText ?? EMPTY_TABLE_TEXT}
      </Typography>
    );
  }
  const detailsId = (row: R) => `${idPrefix}-details-${props.rowId(row)}`;
  return (
    <div ref={ref}>
      {phone || cramped ? (
        <Suspense fallback={<CircularProgress aria-label="Carregando" />}>
          <DataCards {...props} expanded={expanded} detailsId={detailsId} />
        </Suspense>
      ) : (
        <DataGridTable {...props} expanded={expanded} detailsId={detailsId} />
      )}
    </div>
  );
}

function DataGridTable<R>(props: LayoutProps<R>) {
  const { label, rows, columns, actions, sort, onSort, onRowClick, details, selectedId, compact, actionsMinWidth, expanded, detailsId } = props;
  const cellSx = compact ? compactSx : {};
  const actionsSx = actionsMinWidth === undefined ? {} : { whiteSpace: 'normal', minWidth: actionsMinWidth };
  const columnCount = columns.length + (details ? 1 : 0) + (actions ? 1 : 0);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {details && <TableCell padding="checkbox" />}
            {columns.map((column) => {
              const active = sort?.field === column.source;
              const direction = active && sort?.order === 'DESC' ? 'desc' : 'asc';
              const sortable = onSort && column.sortable !== false;
              return (
                <TableCell
                  key={column.source}
                  sortDirection={sortable && active ? direction : false}
                  sx={{ fontWeight: 700, whiteSpace: column.fit === 'wrap' ? 'normal' : 'nowrap', ...cellSx }}
                >
                  {sortable ? (
                    <SortButton label={column.label} active={active} direction={direction} onClick={() => onSort(nextSort(sort, column.source))} />
                  ) : (
                    column.label
                  )}
                </TableCell>
              );
            })}
            {actions && (
              <TableCell align="right" sx={{ ...actionsColumnSx, fontWeight: 700, ...cellSx }}>
                {ACTIONS_LABEL}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const { id, open, selected, flash } = rowState(props, row);
            return (
              <Fragment key={id}>
                <TableRow
                  hover
                  data-row
                  selected={selected}
                  aria-selected={selectedId === undefined ? undefined : selected}
                  data-flash={flash || undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  onClick={onRowClick && (() => onRowClick(row))}
                  onKeyDown={rowKeyDown(row, onRowClick)}
                  sx={{ ...flashSx(flash), ...(onRowClick ? { cursor: 'pointer' } : {}), '& > td': open ? { borderBottom: 0 } : {} }}
                >
                  {details && (
                    <TableCell padding="checkbox" sx={{ verticalAlign: 'top' }}>
                      <IconButton
                        size="small"
                        aria-label={details.name(row)}
                        aria-expanded={open}
                        aria-controls={open ? detailsId(row) : undefined}
                        onClick={(event) => {
                          event.stopPropagation();
                          expanded.toggle(id);
                        }}
                      >
                        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                      </IconButton>
                    </TableCell>
                  )}
                  {columns.map((column) => {
                    const text = column.text(row);
                    const fit = column.fit ?? 'truncate';
                    return (
                      <TableCell key={column.source} sx={{ ...cellFitSx(fit, text), ...cellSx }} title={fit === 'truncate' && text ? text : undefined}>
                        {column.render ? column.render(row) : text}
                      </TableCell>
                    );
                  })}
                  {actions && (
                    <TableCell align="right" sx={{ ...actionsColumnSx, ...cellSx, ...actionsSx }} onClick={(event) => event.stopPropagation()}>
                      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
                        {actions(row, 'table')}
                      </Stack>
                    </TableCell>
                  )}
                </TableRow>
                {open && (
                  <TableRow>
                    <TableCell colSpan={columnCount} sx={{ pl: 7 }}>
                      {details?.render(row, detailsId(row))}
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
