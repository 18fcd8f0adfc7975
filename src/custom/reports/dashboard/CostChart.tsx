/** Cost per shipper per month: the five biggest shippers as lines, the rest summed as 'Outros'. */
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
              <XAxis dataKey="month" tickFormatter={monthLabel} tick={{ fontSize: 11 }} />
              <YAxis tickFormatter={axisMoney} width={80} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(value) => formatMoney(toCents(value))} labelFormatter={(label) => (typeof label === 'string' ? monthLabel(label) : '')} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              {series.map((s, i) => (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.name}
                  stroke={palette[i % palette.length]}
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
