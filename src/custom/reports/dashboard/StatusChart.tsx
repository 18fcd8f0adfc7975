/**
 * Missions per status: a bar per status with the missions table's colours, each bar carrying its
 * status (the axis beside it) and its count (at its end), so the colours are never the only key
 * (WCAG 1.4.1); the same figures as a list below, for screen readers (the drawing is hidden from them).
 */
import { Box, Chip, Stack, useTheme, type Theme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardStatusCount } from '../../../domain/reports/dashboard';
import { formatNumber } from '../../../domain/validators/numbers';
import { statusChipColors } from '../../missions/MissionStatusChip';
import { DashboardCard } from './DashboardCard';

/** A status's colour, the same as its chip's in the missions table. */
const colourOf = (theme: Theme, status: DashboardStatusCount['status']): string => statusChipColors(theme, status).background;

export function StatusChart({ counts }: { counts: DashboardStatusCount[] }) {
  const theme = useTheme();
  const shown = counts.filter((c) => c.count > 0);
  const total = shown.reduce((sum, c) => sum + c.count, 0);
  return (
    <DashboardCard title="Missões por status" subtitle={`${formatNumber(total)} ${total === 1 ? 'missão' : 'missões'} no período`}>
      {/* Horizontal bars: the labels stay readable on a phone, where columns would crowd them. */}
      <Box sx={{ height: 40 + shown.length * 36, mt: 1 }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from screen readers with the box, so not focusable either (no keyboard layer). */}
          <BarChart data={shown} layout="vertical" margin={{ top: 8, right: 32, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickFormatter={(value: number) => formatNumber(value)} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} />
            <YAxis type="category" dataKey="label" width={130} interval={0} tick={{ fontSize: 12, fill: theme.palette.text.primary }} />
            <Tooltip formatter={(value) => [typeof value === 'number' ? formatNumber(value) : value, 'Missões']} />
            <Bar dataKey="count" isAnimationActive={false}>
              {shown.map((c) => (
                <Cell key={c.status} fill={colourOf(theme, c.status)} />
              ))}
              <LabelList dataKey="count" position="right" formatter={(value) => (typeof value === 'number' ? formatNumber(value) : '')} fill={theme.palette.text.primary} fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }} component="ul" aria-label="Missões por status" style={{ padding: 0 }}>
        {shown.map((c) => (
          <Chip
            key={c.status}
            component="li"
            size="small"
            variant="outlined"
            label={`${c.label}: ${formatNumber(c.count)}`}
            sx={{ borderColor: colourOf(theme, c.status) }}
          />
        ))}
      </Stack>
    </DashboardCard>
  );
}
