/** The providers ranked by how fast they are accepted, then by the share of ETAs they kept. */
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { minutesToHhmm, rateToPercent, type DashboardProviderRow } from '../../../domain/reports/dashboard';
import { DashboardCard } from './DashboardCard';
import { scrollRegion } from '../../../layout/scrollRegion';
import { formatNumber } from '../../../domain/validators/numbers';

export function ProviderRanking({ rows }: { rows: DashboardProviderRow[] }) {
  return (
    <DashboardCard title="Ranking de prestadores" subtitle="Tempo médio até o aceite e chegadas dentro do ETA prometido">
      {rows.length === 0 ? (
        <Typography sx={{ py: 4 }} color="text.secondary">
          Nenhum prestador atendeu missões no período
        </Typography>
      ) : (
        <TableContainer {...scrollRegion('Ranking de prestadores')} sx={{ mt: 1, overflowX: 'auto' }}>
          <Table size="small" aria-label="Ranking de prestadores">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Prestador</TableCell>
                <TableCell align="right">Missões</TableCell>
                <TableCell align="right">Tempo médio até o aceite</TableCell>
                <TableCell align="right">ETA cumprido</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => (
                <TableRow key={row.serviceProvider}>
                  <TableCell>{i + 1}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                  <TableCell align="right">{formatNumber(row.missions)}</TableCell>
                  <TableCell align="right">{minutesToHhmm(row.avgAcceptMinutes)}</TableCell>
                  <TableCell align="right">{rateToPercent(row.etaKeptRate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </DashboardCard>
  );
}
