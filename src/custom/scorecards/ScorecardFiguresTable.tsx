/**
 * The scorecard figures as a table: one row per provider (the ranking) or per month plus the
 * period's total (a provider's page). Columns are SCORECARD_COLUMNS, the Excel export's.
 */
import { Link, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { monthLabel } from '../../domain/reports/dashboard';
import { SCORECARD_COLUMNS, type ScorecardFigures } from '../../domain/reports/scorecards';
import { scrollRegion } from '../../layout/scrollRegion';
import { figureText } from './figureText';

export interface FiguresRow extends ScorecardFigures {
  key: string;
  /** The first column: a position and a name (linked), or a month. */
  label: string;
  rank?: number;
  to?: string;
}

export function ScorecardFiguresTable({ label, firstColumn, rows, total }: { label: string; firstColumn: string; rows: FiguresRow[]; total?: ScorecardFigures }) {
  const ranked = rows.some((r) => r.rank !== undefined);
  return (
    <TableContainer {...scrollRegion(label)} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {ranked && <TableCell>#</TableCell>}
            <TableCell>{firstColumn}</TableCell>
            {SCORECARD_COLUMNS.map((c) => (
              <TableCell key={c.field} align="right">
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {ranked && <TableCell>{row.rank}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.to ? (
                  <Link component={RouterLink} to={row.to}>
                    {row.label}
                  </Link>
                ) : (
                  row.label
                )}
              </TableCell>
              {SCORECARD_COLUMNS.map((c) => (
                <TableCell key={c.field} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {figureText(c.kind, row[c.field])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {total && (
          <TableFooter>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
              {SCORECARD_COLUMNS.map((c) => (
                <TableCell key={c.field} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {figureText(c.kind, total[c.field])}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}

export const monthRows = (months: (ScorecardFigures & { month: string })[]): FiguresRow[] =>
  months.map((m) => ({ ...m, key: m.month, label: monthLabel(m.month) }));
