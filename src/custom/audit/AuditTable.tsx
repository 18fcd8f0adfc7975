/**
 * The audit entries, one row each: when, (the tenant, for the platform admin), who and from which
 * address, what record, what was done, and each changed field's value before and after.
 */
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, Typography } from '@mui/material';
import type { AuditSort } from '../../domain/audit';
import type { AuditEntry } from '../../domain/audit/responseSchemas';
import { auditActionLabel, auditChanges, auditChangeText, auditEntityLabel, auditRecordText } from '../../domain/audit/format';
import { formatSaoPauloDateTime } from '../../domain/validators/dates';

export interface AuditSortState {
  sort: AuditSort;
  order: 'ASC' | 'DESC';
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  if (changes.length === 0) return <>—</>;
  // Each field's label above its values: the column is narrow on a laptop and nothing may be cut.
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {changes.map((change) => (
        <Box key={change.label} sx={{ '& + &': { mt: 0.5 } }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {change.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {auditChangeText(change)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function SortableHead({ field, label, state, onSort }: { field: AuditSort; label: string; state: AuditSortState; onSort: (s: AuditSortState) => void }) {
  const active = state.sort === field;
  const direction = active && state.order === 'ASC' ? 'asc' : 'desc';
  return (
    <TableCell sortDirection={active ? direction : false}>
      <TableSortLabel active={active} direction={direction} onClick={() => onSort({ sort: field, order: active && state.order === 'DESC' ? 'ASC' : 'DESC' })}>
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

/**
 * Column widths (%) of a table laid out to its box's width, so no column pushes the changes past the
 * right edge; every text wraps within its cell. The Gerenciadora column only for the platform admin.
 */
const widthsOf = (allTenants: boolean): number[] => {
  // Data e hora, (Gerenciadora,) Usuário, Endereço IP, Entidade, Registro, Ação; the changes take the rest.
  const columns = allTenants ? [10, 11, 14, 9, 10, 12, 9] : [11, 16, 10, 11, 13, 10];
  return [...columns, 100 - columns.reduce((a, b) => a + b, 0)];
};

export function AuditTable({ rows, allTenants, sort, onSort }: { rows: AuditEntry[]; allTenants: boolean; sort: AuditSortState; onSort: (s: AuditSortState) => void }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label="Entradas da auditoria"
        // On a phone the table keeps a readable width and scrolls inside its box.
        sx={{ tableLayout: 'fixed', width: '100%', minWidth: 600, '& th, & td': { px: 1, overflowWrap: 'anywhere' } }}
      >
        <colgroup>
          {widthsOf(allTenants).map((width, i) => (
            <col key={i} style={{ width: `${width}%` }} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow>
            <SortableHead field="at" label="Data e hora" state={sort} onSort={onSort} />
            {allTenants && <TableCell>Gerenciadora</TableCell>}
            <SortableHead field="userName" label="Usuário" state={sort} onSort={onSort} />
            <TableCell>Endereço IP</TableCell>
            <SortableHead field="entity" label="Entidade" state={sort} onSort={onSort} />
            <TableCell>Registro</TableCell>
            <SortableHead field="action" label="Ação" state={sort} onSort={onSort} />
            <TableCell>Alterações (antes → depois)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={allTenants ? 8 : 7}>Nenhum registro encontrado</TableCell>
            </TableRow>
          ) : (
            rows.map((entry) => (
              <TableRow key={entry._id} hover sx={{ verticalAlign: 'top' }}>
                <TableCell>{formatSaoPauloDateTime(entry.at, { seconds: true })}</TableCell>
                {allTenants && <TableCell>{entry.riskManagerName ?? '—'}</TableCell>}
                <TableCell>
                  {entry.userName || '—'}
                  {entry.userEmail && (
                    <Typography variant="body2" color="text.secondary" component="div">
                      {entry.userEmail}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{entry.ip || '—'}</TableCell>
                <TableCell>{auditEntityLabel(entry.entity)}</TableCell>
                <TableCell>{auditRecordText(entry)}</TableCell>
                <TableCell>{auditActionLabel(entry.action)}</TableCell>
                <TableCell>
                  <Changes entry={entry} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
