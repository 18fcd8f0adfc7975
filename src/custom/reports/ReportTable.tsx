/** The billing report's rows (spec 2 "reports" columns), scrolling sideways on narrow screens. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { REPORT_COLUMNS, type ReportRow } from '../../domain/reports';
import { formatCell } from './formatCell';
import { scrollRegion } from '../../layout/scrollRegion';

const NUMERIC = new Set(['minutes', 'km', 'money']);

export function ReportTable({ rows }: { rows: ReportRow[] }) {
  return (
    <TableContainer {...scrollRegion('Relatório de faturamento')} sx={{ overflowX: 'auto', maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label="Relatório de faturamento">
        <TableHead>
          <TableRow>
            {REPORT_COLUMNS.map((c) => (
              <TableCell key={c.field} align={NUMERIC.has(c.kind) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.missionId} hover>
              {REPORT_COLUMNS.map((c) => (
                <TableCell key={c.field} align={NUMERIC.has(c.kind) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                  {formatCell(c.kind, row[c.field])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
