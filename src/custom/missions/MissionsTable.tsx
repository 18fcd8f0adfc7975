/**
 * The missions table (spec 2, column set 'missions'), as the server sorted it (status weight, then
 * newest first), from 600 px up (narrower screens get MissionCards). It fits its card: the columns
 * that tell missions apart wrap their text instead of widening the table, and the other columns of
 * the set open below each row ('Mais informações', missionFields.ts). Rows that appeared since the
 * previous poll flash; the actions column stays at the right edge if a narrow window still makes
 * the table scroll.
 */
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Fragment, useState } from 'react';
import type { MissionRow, MissionStatus, RowAction } from '../../domain/missions';
import { actionsColumnSx } from '../../layout/tableSx';
import { flashSx } from './flash';
import { MissionFieldList } from './MissionFieldList';
import { MAIN_FIELDS, MORE_FIELDS, type MissionField } from './missionFields';
import { MissionRowStatus } from './MissionRowStatus';
import { missionReference } from './rowActionLabels';
import { RowActions } from './RowActions';

export const MISSIONS_TABLE_LABEL = 'Missões';
export const MORE_INFO_LABEL = 'Mais informações';
/** The expand button's accessible name: which mission it opens, as for the row actions (rowActionName). */
export const moreInfoName = (row: MissionRow) => `${MORE_INFO_LABEL} da missão ${missionReference(row)}`;

/** What the table and the cards take. */
export interface MissionsListProps {
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
}

/** Which rows show their other fields; each toggles on its own. */
export function useExpanded() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return { isExpanded: (id: string) => expanded.has(id), toggle };
}

const headSx = { fontWeight: 700 } as const;
// Two-line cells are fine; a column wider than its card is not.
const cellSx = { px: 1, whiteSpace: 'normal', verticalAlign: 'top' } as const;
const fieldSx = (field: MissionField) => (field.nowrap ? { ...cellSx, whiteSpace: 'nowrap' } : cellSx);
const COLUMN_COUNT = MAIN_FIELDS.length + 3;

export function MissionsTable({ rows, actionsOf, refusalOf, statusOf, flashing, selectedId, onSelect, onAction, isBusy }: MissionsListProps) {
  const { isExpanded, toggle } = useExpanded();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={MISSIONS_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell sx={{ ...cellSx, ...headSx }}>Status</TableCell>
            {MAIN_FIELDS.map((field) => (
              <TableCell key={field.label} sx={{ ...fieldSx(field), ...headSx }}>
                {field.label}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ ...actionsColumnSx, ...headSx, verticalAlign: 'top' }}>
              Ações
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const open = isExpanded(row._id);
            const moreId = `mission-more-${row._id}`;
            return (
              <Fragment key={row._id}>
                <TableRow
                  hover
                  selected={row._id === selectedId}
                  aria-selected={row._id === selectedId}
                  data-flash={flashing.has(row._id) || undefined}
                  onClick={() => onSelect(row)}
                  sx={{ ...flashSx(flashing.has(row._id)), '& > td': open ? { borderBottom: 0 } : {} }}
                >
                  <TableCell padding="checkbox" sx={{ verticalAlign: 'top' }}>
                    <IconButton
                      size="small"
                      aria-label={moreInfoName(row)}
                      aria-expanded={open}
                      aria-controls={open ? moreId : undefined}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(row._id);
                      }}
                    >
                      {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
                    </IconButton>
                  </TableCell>
                  <TableCell sx={cellSx}>
                    <MissionRowStatus row={row} status={statusOf(row)} />
                  </TableCell>
                  {MAIN_FIELDS.map((field) => (
                    <TableCell key={field.label} sx={fieldSx(field)}>
                      {field.text(row)}
                    </TableCell>
                  ))}
                  <TableCell align="right" sx={{ ...actionsColumnSx, whiteSpace: 'normal', minWidth: 136 }} onClick={(event) => event.stopPropagation()}>
                    <RowActions row={row} actions={actionsOf(row)} refusalOf={refusalOf} onAction={onAction} isBusy={isBusy} justify="flex-end" />
                  </TableCell>
                </TableRow>
                {open && (
                  <TableRow>
                    <TableCell colSpan={COLUMN_COUNT} sx={{ pl: 7 }}>
                      <MissionFieldList id={moreId} row={row} fields={MORE_FIELDS} />
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
