/**
 * The missions table (spec 2, column set 'missions'), as the server sorted it (status weight, then
 * newest first). Rows that appeared since the previous poll flash; the actions column stays at the
 * right edge while a wide table scrolls under it, like the catalogue lists.
 */
import { Badge, Chip, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { unreadBadge, type MissionRow, type MissionStatus, type RowAction } from '../../domain/missions';
import { formatNumber } from '../../domain/validators/numbers';
import { MissionStatusChip } from './MissionStatusChip';
import { ROW_ACTION_ICONS, ROW_ACTION_LABELS } from './rowActionLabels';
import { actionsColumnSx, truncatedCellSx } from '../../layout/tableSx';

export const MISSIONS_TABLE_LABEL = 'Missões';

const coordinate = (n: number) => formatNumber(n, 6);

/** Spec 2 column set 'missions', in order. */
const COLUMNS: { label: string; text: (row: MissionRow) => string }[] = [
  { label: 'Nº do processo', text: (r) => r.processNumber ?? '-' },
  { label: 'Solicitante', text: (r) => r.requesterNameDisplay },
  { label: 'Serviço', text: (r) => r.franchisePlanName },
  { label: 'Criada em', text: (r) => r.createdAtDisplay },
  { label: 'Latitude', text: (r) => coordinate(r.location.latitude) },
  { label: 'Longitude', text: (r) => coordinate(r.location.longitude) },
  { label: 'Endereço', text: (r) => r.location.address },
  { label: 'Complemento', text: (r) => r.location.number },
  { label: 'Bairro', text: (r) => r.location.neighborhood },
  { label: 'Cidade', text: (r) => r.location.city },
  { label: 'Estado', text: (r) => r.location.state },
  { label: 'Prestador', text: (r) => r.serviceProviderName },
  { label: 'Gerenciadora de risco', text: (r) => r.riskManagerName },
];

const flash = keyframes`
  0%, 50%, 100% { background-color: transparent; }
  25%, 75% { background-color: rgba(255, 193, 7, 0.35); }
`;

const cellSx = truncatedCellSx(240);
const actionsSx = actionsColumnSx;

export interface MissionsTableProps {
  rows: MissionRow[];
  /** The actions of each row (rowActions of the viewer). */
  actionsOf: (row: MissionRow) => RowAction[];
  /** The status each row shows ('new' for a provider's newly appeared open mission). */
  statusOf: (row: MissionRow) => MissionStatus;
  flashing: ReadonlySet<string>;
  selectedId: string | null;
  onSelect: (row: MissionRow) => void;
  onAction: (row: MissionRow, action: RowAction) => void;
  /** An action that waits (disabled) while a write of its kind is in flight. */
  isBusy?: (action: RowAction) => boolean;
}

export function MissionsTable({ rows, actionsOf, statusOf, flashing, selectedId, onSelect, onAction, isBusy }: MissionsTableProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={MISSIONS_TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ fontWeight: 700 }}>Status</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.label} sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
            <TableCell align="right" sx={{ ...actionsSx, fontWeight: 700 }}>
              Ações
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const isFlashing = flashing.has(row._id);
            return (
              <TableRow
                key={row._id}
                hover
                selected={row._id === selectedId}
                aria-selected={row._id === selectedId}
                data-flash={isFlashing || undefined}
                onClick={() => onSelect(row)}
                sx={isFlashing ? { animation: `${flash} 1.6s ease-in-out 2` } : undefined}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Stack direction="row" spacing={0.5}>
                    <MissionStatusChip status={statusOf(row)} />
                    {row.finishingAsked && <Chip size="small" variant="outlined" label="Finalização solicitada" />}
                  </Stack>
                </TableCell>
                {COLUMNS.map((c) => {
                  const text = c.text(row);
                  return (
                    <TableCell key={c.label} sx={cellSx} title={text || undefined}>
                      {text}
                    </TableCell>
                  );
                })}
                <TableCell align="right" sx={actionsSx} onClick={(event) => event.stopPropagation()}>
                  <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }}>
                    {actionsOf(row).map((action) => {
                      const Icon = ROW_ACTION_ICONS[action];
                      const badge = action === 'chat' ? unreadBadge(row.unreadMessages) : null;
                      return (
                        <Tooltip key={action} title={ROW_ACTION_LABELS[action]}>
                          <IconButton size="small" aria-label={ROW_ACTION_LABELS[action]} disabled={isBusy?.(action)} onClick={() => onAction(row, action)}>
                            {badge ? (
                              <Badge badgeContent={badge} color="error" data-testid="chat-unread">
                                <Icon fontSize="small" />
                              </Badge>
                            ) : (
                              <Icon fontSize="small" />
                            )}
                          </IconButton>
                        </Tooltip>
                      );
                    })}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
