/**
 * Cost per shipper per month: the five biggest shippers as lines, the rest summed as 'Outros'. Each
 * line has its own dash pattern, shown in the legend, so the lines are told apart without their
 * colours (WCAG 1.4.1); the axes' figures are in the theme's text colours, readable in both modes.
 */
import { Box, Typography, useTheme } from '@mui/material';
import { useMemo } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BillingTarget } from '../../../domain/billing/access';
import { costSeries, monthLabel, type DashboardCost } from '../../../domain/reports/dashboard';
import { formatMoney } from '../../../domain/validators/money';
import { DashboardCard } from './DashboardCard';

const toCents = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);
/** The axis shows whole reais ('R$ 1.200'); the tooltip the exact amount. */
const axisMoney = (value: unknown) => formatMoney(Math.round(toCents(value) / 100) * 100).replace(/,00$/, '');

/** Solid, dashed, dotted, dash-dot, long dashes, sparse dots: one per line, in the palette's order. */
const DASHES = [undefined, '8 4', '2 3', '8 3 2 3', '14 5', '1 6'];

const TITLES: Record<BillingTarget, { title: string; subtitle: string }> = {
  shipper: { title: 'Custo por cliente', subtitle: 'Valor faturado aos clientes por mês (5 maiores e Outros)' },
  serviceProvider: { title: 'Valor a receber por cliente', subtitle: 'Seu faturamento por cliente, mês a mês (5 maiores e Outros)' },
};

export function CostChart({ costs, side }: { costs: DashboardCost[]; side: BillingTarget }) {
  const theme = useTheme();
  const { series, points } = useMemo(() => costSeries(costs), [costs]);
  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.info.main,
    theme.palette.grey[500],
  ];
  const { title, subtitle } = TITLES[side];
  return (
    <DashboardCard title={title} subtitle={subtitle}>
      {series.length === 0 ? (
        <Typography sx={{ py: 4 }} color="text.secondary">
          Nenhum valor faturado no período
        </Typography>
      ) : (
        <Box sx={{ height: 300, mt: 1 }}>
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="month" tickFormatter={monthLabel} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} />
              <YAxis tickFormatter={axisMoney} width={80} tick={{ fontSize: 11, fill: theme.palette.text.secondary }} />
              <Tooltip formatter={(value) => formatMoney(toCents(value))} labelFormatter={(label) => (typeof label === 'string' ? monthLabel(label) : '')} />
              {/* recharts writes each name in its line's colour; an orange or a grey would not read at AA. */}
              <Legend
                iconType="plainline"
                iconSize={24}
                wrapperStyle={{ fontSize: 12 }}
                formatter={(name) => <span style={{ color: theme.palette.text.primary }}>{name}</span>}
              />
              {series.map((s, i) => (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.name}
                  stroke={palette[i % palette.length]}
                  strokeDasharray={DASHES[i % DASHES.length]}
                  strokeWidth={2}
                  dot={points.length === 1}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </Box>
      )}
    </DashboardCard>
  );
}
