/**
 * The missions list (docs/rules/missions.md), as the server sorted it (status
 * weight, then
 * newest first; or by the header clicked, which the server orders too), in the one DataTable: from
 * 600 px up a table that fits its card (the columns that tell missions apart wrap their text
 * instead of widening it), one card per mission where it would not fit (below 600 px, and from 600
 * to about 1200 px, where the side menu takes 250 px).
 * The other columns of the set open below each row ('Mais informações', missionFields.ts). Rows
 * that appeared since the previous poll flash; the actions column stays at the right edge if a
 * narrow window still makes the table scroll.
 */
import { Box } from '@mui/material';
import type { SortPayload } from 'react-admin';
import { MISSION_STATUS_LABELS, type MissionRow, type MissionStatus, type RowAction } from '../../domain/missions';
import { DataTable, type DataColumn } from '../../layout/DataTable';
import { FiscalKeysPanel } from './FiscalKeysPanel';
import { MissionFieldList } from './MissionFieldList';
import { MAIN_FIELDS, MORE_FIELDS } from './missionFields';
import { MissionRowStatus } from './MissionRowStatus';
import { missionReference } from './rowActionLabels';
import { RowActions } from './RowActions';

export const MISSIONS_TABLE_LABEL = 'Missões';
export const MORE_INFO_LABEL = 'Mais informações';
/** The expand button's accessible name: which mission it opens, as for the row actions (rowActionName). */
export const moreInfoName = (row: MissionRow) => `${MORE_INFO_LABEL} da missão ${missionReference(row)}`;

export interface MissionsTableProps {
  rows: MissionRow[];
  /** The actions of each row (rowActions of the viewer). */
  actionsOf: (row: MissionRow) => RowAction[];
  /** Why an offered action may not be used (rowActionRefusal of the viewer), or null. */
  refusalOf: (row: MissionRow, action: RowAction) => string | null;
  /** The status each row shows ('new' for a provider's newly appeared open mission). */
  statusOf: (row: MissionRow) => MissionStatus;
  flashing: ReadonlySet<string>;
  selectedId: string | null;
  onSelect: (row: MissionRow) => void;
  onAction: (row: MissionRow, action: RowAction) => void;
  /** An action that waits (disabled) while a write of its kind is in flight. */
  isBusy?: (action: RowAction) => boolean;
  /** The header's sort (the server orders the pages); none: the product's status order, newest first. */
  sort?: SortPayload;
  onSort?: (sort: SortPayload) => void;
}

export function MissionsTable({ rows, actionsOf, refusalOf, statusOf, flashing, selectedId, onSelect, onAction, isBusy, sort, onSort }: MissionsTableProps) {
  const columns: DataColumn<MissionRow>[] = [
    { source: 'status', label: 'Status', text: (row) => MISSION_STATUS_LABELS[statusOf(row)], render: (row) => <MissionRowStatus row={row} status={statusOf(row)} />, fit: 'wrap' },
    ...MAIN_FIELDS.map((field) => ({
      source: field.sort ?? field.label,
      label: field.label,
      text: field.text,
      sortable: field.sort !== undefined,
      fit: field.nowrap ? ('nowrap' as const) : ('wrap' as const),
    })),
  ];
  return (
    <DataTable
      label={MISSIONS_TABLE_LABEL}
      rows={rows}
      rowId={(row) => row._id}
      columns={columns}
      sort={sort}
      onSort={onSort}
      compact
      actionsMinWidth={136}
      cardsWhenCramped
      actions={(row, layout) => (
        <RowActions row={row} actions={actionsOf(row)} refusalOf={refusalOf} onAction={onAction} isBusy={isBusy} justify={layout === 'table' ? 'flex-end' : 'flex-start'} />
      )}
      details={{
        label: MORE_INFO_LABEL,
        name: moreInfoName,
        render: (row, id) => (
          <Box id={id}>
            <MissionFieldList row={row} fields={MORE_FIELDS} />
            <FiscalKeysPanel row={row} />
          </Box>
        ),
      }}
      cardName={(row) => `Missão ${missionReference(row)}`}
      selectedId={selectedId}
      flashing={flashing}
      onRowClick={onSelect}
    />
  );
}
