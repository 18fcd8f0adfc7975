/**
 * The billing prices table (spec 2, Table column sets): the Hora and KM rows with definition, limit,
 * usage, overage, overage price and cost. On a phone the table keeps its columns and scrolls
 * sideways inside its own box, so the page itself never scrolls horizontally.
 */
import { Box, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { PriceTableRow } from '../../domain/billing';
import { formatMoney } from '../../domain/validators/money';
import { scrollRegion } from '../../layout/scrollRegion';

export const PRICE_TABLE_LABEL = 'Tabela de preços';
export const PRICE_TABLE_WAITING = 'A tabela é calculada quando uma referência de preços é escolhida.';

const HEADERS = ['Definição', 'Limite', 'Utilização', 'Excedente', 'Valor excedente', 'Custo'] as const;

/** Read by screen readers only: the row-label column has no visible heading. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const money = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Null rows: nothing priced yet; `emptyText` says why (no price reference chosen by default). */
export function PriceTable({ rows, emptyText = PRICE_TABLE_WAITING }: { rows: readonly PriceTableRow[] | null; emptyText?: string }) {
  return (
    <TableContainer component={Paper} variant="outlined" {...scrollRegion(PRICE_TABLE_LABEL)} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={PRICE_TABLE_LABEL} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Item
              </Box>
            </TableCell>
            {HEADERS.map((h) => (
              <TableCell key={h} sx={h === 'Valor excedente' || h === 'Custo' ? money : { whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows ? (
            rows.map((row) => (
              <TableRow key={row.label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {row.label}
                </TableCell>
                <TableCell sx={{ minWidth: 200 }}>{row.definition}</TableCell>
                <TableCell>{row.limit}</TableCell>
                <TableCell>{row.usage}</TableCell>
                <TableCell>{row.overage}</TableCell>
                <TableCell sx={money}>{formatMoney(row.overagePrice)}</TableCell>
                <TableCell sx={money}>{formatMoney(row.cost)}</TableCell>
              </TableRow>
            ))
          ) : (
            <TableRow>
              <TableCell colSpan={HEADERS.length + 1}>
                <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
                  {emptyText}
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
