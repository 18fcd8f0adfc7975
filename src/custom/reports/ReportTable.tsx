/**
 * The billing report's rows (docs/rules/reports.md), scrolling sideways on narrow screens, and
 * under them the totals of the whole filtered period (every page, summed by the server).
 */
import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { isTotalled, REPORT_COLUMNS, REPORT_TOTALS_LABEL, type ReportRow, type ReportTotals } from '../../domain/reports';
import { formatCell } from './formatCell';
import { scrollRegion } from '../../layout/scrollRegion';

const NUMERIC = new Set(['minutes', 'km', 'money']);

export function ReportTable({ rows, totals }: { rows: ReportRow[]; totals: ReportTotals }) {
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
        <TableFooter>
          <TableRow aria-label={REPORT_TOTALS_LABEL}>
            {REPORT_COLUMNS.map((c, i) => (
              <TableCell key={c.field} align={NUMERIC.has(c.kind) ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', fontWeight: 600, color: 'text.primary', fontSize: 'inherit' }}>
                {i === 0 ? REPORT_TOTALS_LABEL : isTotalled(c.field) ? formatCell(c.kind, totals[c.field]) : ''}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
