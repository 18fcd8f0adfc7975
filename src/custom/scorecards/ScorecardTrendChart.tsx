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

const fillOf = (series: (typeof SERIES)[number], colour: string) => (series.pattern ? `url(#${series.pattern})` : colour);

/**
 * The legend, drawn as the bars are: each swatch filled with its series' pattern at the bars' scale
 * (one SVG unit a pixel) and outlined in its colour. Recharts' own legend icon scales a 32-unit
 * drawing down to 14 px, so its stripes and dots came out at less than half the bars' size.
 */
function SeriesLegend({ colours }: { colours: string[] }) {
  const theme = useTheme();
  return (
    <Box component="ul" data-testid="scorecard-legend" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 2, rowGap: 0.5, listStyle: 'none', m: 0, p: 0, fontSize: 12 }}>
      {SERIES.map((s, i) => (
        <Box component="li" key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: theme.palette.text.primary }}>
          <svg width="14" height="14" aria-hidden="true" data-testid={`scorecard-legend-${s.key}`}>
            <rect x="0.5" y="0.5" width="13" height="13" fill={fillOf(s, colours[i] ?? '')} stroke={colours[i]} />
          </svg>
          {s.name}
        </Box>
      ))}
    </Box>
  );
}

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
            <Legend content={() => <SeriesLegend colours={colours} />} />
            {SERIES.map((s, i) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={fillOf(s, colours[i] ?? '')} stroke={colours[i]} isAnimationActive={false} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </DashboardCard>
  );
}
