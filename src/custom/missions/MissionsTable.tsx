/**
 * The missions table (spec 2, column set 'missions'), as the server sorted it (status weight, then
 * newest first). Rows that appeared since the previous poll flash; the actions column stays at the
 * right edge while a wide table scrolls under it, like the catalogue lists.
 */
import { Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import type { MissionRow, MissionStatus, RowAction } from '../../domain/missions';
import { MissionStatusChip } from './MissionStatusChip';
import { RowActionButton } from './RowActionButton';
import { actionsColumnSx, truncatedCellSx } from '../../layout/tableSx';

export const MISSIONS_TABLE_LABEL = 'Missões';

const coordinate = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 6 });

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
  /** Why an offered action may not be used (rowActionRefusal of the viewer), or null. */
  refusalOf: (row: MissionRow, action: RowAction) => string | null;
  /** The status each row shows ('new' for a provider's newly appeared open mission). */
  statusOf: (row: MissionRow) => MissionStatus;
  flashing: ReadonlySet<string>;
  selectedId: string | null;
  onSelect: (row: MissionRow) => void;
  onAction: (row: MissionRow, action: RowAction) => void;
}

export function MissionsTable({ rows, actionsOf, refusalOf, statusOf, flashing, selectedId, onSelect, onAction }: MissionsTableProps) {
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
                    {actionsOf(row).map((action) => (
                      <RowActionButton
                        key={action}
                        action={action}
                        refusal={refusalOf(row, action)}
                        unreadMessages={row.unreadMessages}
                        onClick={() => onAction(row, action)}
                      />
                    ))}
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
