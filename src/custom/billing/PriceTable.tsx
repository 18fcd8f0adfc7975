/**
 * The billing prices table (docs/rules/billing.md): the Hora and KM rows with definition, limit,
 * usage, overage, overage price and cost. On a phone, where the seven columns do not fit (usage,
 * overage and cost fell off its edge), each row is a card with every figure under its label.
 */
import { Box, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { PriceTableRow } from '../../domain/billing';
import { formatMoney } from '../../domain/validators/money';
import { LabelledValues } from '../../layout/LabelledValues';
import { scrollRegion } from '../../layout/scrollRegion';

export const PRICE_TABLE_LABEL = 'Tabela de preços';
export const PRICE_TABLE_WAITING = 'A tabela é calculada quando uma referência de preços é escolhida.';

const HEADERS = ['Definição', 'Limite', 'Utilização', 'Excedente', 'Valor excedente', 'Custo'] as const;

/** Read by screen readers only: the row-label column has no visible heading. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const money = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Each row's figures under the table's headers, in order. */
const figuresOf = (row: PriceTableRow) =>
  [row.definition, row.limit, row.usage, row.overage, formatMoney(row.overagePrice), formatMoney(row.cost)].map((value, i) => ({ label: HEADERS[i] ?? '', value }));

function PriceCards({ rows, emptyText }: { rows: readonly PriceTableRow[] | null; emptyText: string }) {
  return (
    <Stack component="ul" aria-label={PRICE_TABLE_LABEL} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {(rows ?? []).map((row) => (
        <Paper key={row.label} component="li" variant="outlined" aria-label={row.label} sx={{ p: 1.5 }}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {row.label}
          </Typography>
          <LabelledValues items={figuresOf(row)} />
        </Paper>
      ))}
      {!rows && (
        <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        </Paper>
      )}
    </Stack>
  );
}

/** Null rows: nothing priced yet; `emptyText` says why (no price reference chosen by default). */
export function PriceTable({ rows, emptyText = PRICE_TABLE_WAITING }: { rows: readonly PriceTableRow[] | null; emptyText?: string }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  if (phone) return <PriceCards rows={rows} emptyText={emptyText} />;
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
