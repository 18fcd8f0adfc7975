/**
 * A provider's month by month: missions offered, proposals sent and missions won as bars, in the
 * dashboard's card and axis style. Each series has its own fill pattern as well as its colour, so
 * they are told apart without colour (WCAG 1.4.1); the months table below gives every number.
 */
import { Box, useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel } from '../../domain/reports/dashboard';
import { SCORECARD_TEXTS, type ScorecardMonth } from '../../domain/reports/scorecards';
import { formatNumber } from '../../domain/validators/numbers';
import { DashboardCard } from '../reports/dashboard/DashboardCard';

const SERIES = [
  { key: 'offered', name: 'Missões oferecidas', pattern: null },
  { key: 'proposals', name: 'Propostas enviadas', pattern: 'scorecard-stripes' },
  { key: 'won', name: 'Missões ganhas', pattern: 'scorecard-dots' },
] as const;

export function ScorecardTrendChart({ months }: { months: ScorecardMonth[] }) {
  const theme = useTheme();
  const colours = [theme.palette.grey[500], theme.palette.secondary.main, theme.palette.primary.main];
  return (
    <DashboardCard title={SCORECARD_TEXTS.trendTitle} subtitle="Missões oferecidas, propostas enviadas e missões ganhas por mês">
      <Box sx={{ height: 280, mt: 1 }} data-testid="scorecard-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={months} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <defs>
              <pattern id="scorecard-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect width="6" height="6" fill={colours[1]} />
                <line x1="0" y1="0" x2="0" y2="6" stroke={theme.palette.background.paper} strokeWidth="2" />
              </pattern>
              <pattern id="scorecard-dots" width="6" height="6" patternUnits="userSpaceOnUse">
                <rect width="6" height="6" fill={colours[2]} />
                <circle cx="3" cy="3" r="1.2" fill={theme.palette.background.paper} />
              </pattern>
            </defs>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" tickFormatter={monthLabel} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} />
            <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} />
            <Tooltip formatter={(value) => (typeof value === 'number' ? formatNumber(value) : String(value))} labelFormatter={(label) => (typeof label === 'string' ? monthLabel(label) : '')} />
            <Legend wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span style={{ color: theme.palette.text.primary }}>{name}</span>} />
            {SERIES.map((s, i) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.pattern ? `url(#${s.pattern})` : colours[i]} stroke={colours[i]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </DashboardCard>
  );
}
