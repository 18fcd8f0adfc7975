/**
 * A catalogue list's rows: react-admin's <DataTable> with the declaration's columns, the rows' cell
 * texts (values.ts listRowText, the same the filter and the export use), sortable unless the column
 * says otherwise, and the per-row actions (child lists, Ver) in a column held at the right edge. A
 * row click, like Ver, opens the record.
 *
 * Below 600 px no table fits: the rows are the app's cards (layout/DataTable.tsx, a list item per
 * record with each column's label above its value and the row's actions), which react-admin lacks
 * (its <SimpleList> shows a line or two per record, no labels and no row buttons).
 */
import { Button, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable as RaDataTable, useListContext } from 'react-admin';
import type { RowText } from '../../dataProvider/listQuery';
import { ACTIONS_LABEL, DataTable, EMPTY_TABLE_TEXT, actionsColumnSx, truncatedSx, type DataColumn } from '../../layout/DataTable';
import type { FormValues, ResourceDeclaration } from './types';
import { columnLabel } from './values';

export interface ListTableProps {
  declaration: ResourceDeclaration;
  /** The rows' cell texts (values.ts listRowText), the same the filter and the export use. */
  rowText: RowText;
  onView: (record: FormValues) => void;
  onChild: (record: FormValues, childResource: string) => void;
}

type Row = FormValues & { id: string };

const tableSx = {
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
  '& .RaDataTable-headerCell': { fontWeight: 700, whiteSpace: 'nowrap' },
} as const;

export function ListTable({ declaration, rowText, onView, onChild }: ListTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const list = useListContext<Row>();
  // Each row's texts once per render, not once per column.
  const cells = new Map((list.data ?? []).map((record) => [record.id, rowText.cells(record)]));
  const textOf = (record: Row, i: number) => cells.get(record.id)?.[i] ?? rowText.cells(record)[i] ?? '';
  const actions = (record: Row): ReactNode => (
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
  );

  if (phone) {
    const columns: DataColumn<Row>[] = declaration.columns.map((column, i) => ({
      source: column.source,
      label: columnLabel(declaration, column),
      text: (record) => textOf(record, i),
      sortable: column.sortable !== false,
    }));
    return (
      <DataTable
        label={declaration.title}
        rows={list.data ?? []}
        rowId={(record) => record.id}
        columns={columns}
        sort={list.sort}
        onSort={list.setSort}
        onRowClick={onView}
        actions={actions}
      />
    );
  }

  return (
    <RaDataTable<Row>
      aria-label={declaration.title}
      bulkActionButtons={false}
      rowClick={(_id, _resource, record) => {
        onView(record);
        return false;
      }}
      empty={
        <Typography sx={{ py: 4, textAlign: 'center' }} color="text.secondary">
          {EMPTY_TABLE_TEXT}
        </Typography>
      }
      sx={tableSx}
    >
      {declaration.columns.map((column, i) => (
        <RaDataTable.Col<Row>
          key={column.source}
          source={column.source}
          label={columnLabel(declaration, column)}
          disableSort={column.sortable === false}
          cellSx={() => truncatedSx}
          render={(record) => {
            const text = textOf(record, i);
            return text ? <span title={text}>{text}</span> : '';
          }}
        />
      ))}
      <RaDataTable.Col<Row>
        label={ACTIONS_LABEL}
        align="right"
        disableSort
        sx={actionsColumnSx}
        render={(record) => (
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }} onClick={(event) => event.stopPropagation()}>
            {actions(record)}
          </Stack>
        )}
      />
    </RaDataTable>
  );
}

