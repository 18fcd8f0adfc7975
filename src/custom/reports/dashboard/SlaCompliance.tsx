/**
 * SLA compliance over the dashboard's period: per phase, per provider and per shipper, each line
 * the phases that met their target against those that broke it (the server judges them with the
 * rule of src/domain/missions/sla.ts). A provider sees only its own missions and phases.
 */
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { rateToPercent, type DashboardSla, type DashboardSlaRow } from '../../../domain/reports/dashboard';
import { formatNumber } from '../../../domain/validators/numbers';
import { scrollRegion } from '../../../layout/scrollRegion';
import { DashboardCard } from './DashboardCard';

function ComplianceTable({ title, first, rows }: { title: string; first: string; rows: DashboardSlaRow[] }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          Nenhuma fase medida no período
        </Typography>
      ) : (
        <TableContainer {...scrollRegion(title)} sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{first}</TableCell>
                <TableCell align="right">No prazo</TableCell>
                <TableCell align="right">Estourados</TableCell>
                <TableCell align="right">Cumprimento</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                  <TableCell align="right">{formatNumber(row.met)}</TableCell>
                  <TableCell align="right">{formatNumber(row.breached)}</TableCell>
                  <TableCell align="right">{rateToPercent(row.rate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

export function SlaCompliance({ sla }: { sla: DashboardSla }) {
  return (
    <DashboardCard title="Cumprimento de prazos (SLA)" subtitle="Fases concluídas ou estouradas no período, pelos prazos dos parâmetros da missão">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(3, minmax(0, 1fr))' } }}>
        <ComplianceTable title="SLA por fase" first="Fase" rows={sla.byPhase} />
        <ComplianceTable title="SLA por prestador" first="Prestador" rows={sla.byProvider} />
        <ComplianceTable title="SLA por embarcador" first="Embarcador" rows={sla.byShipper} />
      </Box>
    </DashboardCard>
  );
}
