/**
 * A catalogue list in the one DataTable (layout/DataTable.tsx): the declaration's columns with the
 * rows' cell texts (values.ts listRowText, the same the filter and the export use), sortable unless
 * the column says otherwise, and the per-row actions (child lists, Ver). A row click, like Ver, opens
 * the record.
 */
import { Button } from '@mui/material';
import type { SortPayload } from 'react-admin';
import type { RowText } from '../../dataProvider/listQuery';
import { DataTable, type DataColumn } from '../../layout/DataTable';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';

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

export function ListTable({ declaration, rowText, rows, sort, onSort, onView, onChild }: ListTableProps) {
  // Each row's texts once per render, not once per column.
  const cells = new Map(rows.map((record) => [record, rowText.cells(record)]));
  const columns: DataColumn<FormValues>[] = declaration.columns.map((column, i) => ({
    source: column.source,
    label: columnLabel(declaration, column),
    text: (record) => cells.get(record)?.[i] ?? '',
    sortable: column.sortable !== false,
  }));
  return (
    <DataTable
      label={declaration.title}
      rows={rows}
      rowId={(record) => String(record.id)}
      columns={columns}
      sort={sort}
      onSort={onSort}
      onRowClick={onView}
      actions={(record) => (
        <>
          {declaration.children?.map((child) => (
            <Button key={child.resource} size="small" onClick={() => onChild(record, child.resource)}>
              {child.label}
            </Button>
          ))}
          <Button size="small" variant="outlined" onClick={() => onView(record)}>
            Ver
          </Button>
        </>
      )}
    />
  );
}
