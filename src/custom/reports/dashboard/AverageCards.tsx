/** The two waiting times as big hh:mm figures. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { minutesToHhmm, type DashboardAverages } from '../../../domain/reports/dashboard';

function Kpi({ label, minutes }: { label: string; minutes: number | null }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ flex: 1, minWidth: 0 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {minutesToHhmm(minutes)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {minutes === null ? 'Sem missões com esse marco no período' : 'Média em horas:minutos'}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function AverageCards({ averages }: { averages: DashboardAverages }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
      <Kpi label="Tempo médio até o aceite" minutes={averages.openToAcceptedMinutes} />
      <Kpi label="Tempo médio até a finalização" minutes={averages.openToFinishedMinutes} />
    </Box>
  );
}
