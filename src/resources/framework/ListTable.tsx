/**
 * The list's table: sortable headers (asc/desc toggle), one row per record with the cell texts of
 * the declaration's columns, and the per-row actions (Ver, child lists). A wide table scrolls
 * inside its card with the actions column held at the right edge; cells never wrap (a CNPJ or a
 * phone split over two lines misreads) and a long value ends in an ellipsis, whole in its tooltip.
 */
import { Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import type { SortPayload } from 'react-admin';
import type { RowText } from '../../dataProvider/listQuery';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';
import { actionsColumnSx, truncatedCellSx } from '../../layout/tableSx';

export interface ListTableProps {
  declaration: ResourceDeclaration;
  /** The rows' cell texts (values.ts listRowText), the same the filter and the export use. */
  rowText: RowText;
  rows: FormValues[];
  sort: SortPayload;
  onSort: (sort: SortPayload) => void;
  onView: (record: FormValues) => void;
  onChild: (record: FormValues, childResource: string) => void;
}

/** Widest a data cell grows before its text is cut with an ellipsis. */
export const MAX_CELL_WIDTH = 280;

const cellSx = truncatedCellSx(MAX_CELL_WIDTH);
const actionsSx = actionsColumnSx;

/** Next sort when a header is clicked: the same column flips, another starts ascending. */
export const nextSort = (current: SortPayload, field: string): SortPayload =>
  current.field === field ? { field, order: current.order === 'ASC' ? 'DESC' : 'ASC' } : { field, order: 'ASC' };

export function ListTable({ declaration, rowText, rows, sort, onSort, onView, onChild }: ListTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={declaration.title}>
        <TableHead>
          <TableRow>
            {declaration.columns.map((column) => {
              const label = columnLabel(declaration, column);
              const active = sort.field === column.source;
              const direction = active && sort.order === 'DESC' ? 'desc' : 'asc';
              return (
                <TableCell
                  key={column.source}
                  sortDirection={active ? direction : false}
                  sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {column.sortable === false ? (
                    label
                  ) : (
                    <TableSortLabel active={active} direction={direction} onClick={() => onSort(nextSort(sort, column.source))}>
                      {label}
                    </TableSortLabel>
                  )}
                </TableCell>
              );
            })}
            <TableCell align="right" sx={{ ...actionsSx, fontWeight: 700 }}>
              Ações
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((record) => (
            <TableRow key={String(record.id)} hover sx={{ cursor: 'pointer' }} onClick={() => onView(record)}>
              {rowText.cells(record).map((text, i) => (
                <TableCell key={declaration.columns[i]?.source ?? i} sx={cellSx} title={text || undefined}>
                  {text}
                </TableCell>
              ))}
              <TableCell align="right" sx={actionsSx} onClick={(event) => event.stopPropagation()}>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  {declaration.children?.map((child) => (
                    <Button key={child.resource} size="small" onClick={() => onChild(record, child.resource)}>
                      {child.label}
                    </Button>
                  ))}
                  <Button size="small" variant="outlined" onClick={() => onView(record)}>
                    Ver
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
