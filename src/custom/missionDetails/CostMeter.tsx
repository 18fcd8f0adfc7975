/**
 * 'Custo em andamento' (ours) on a running mission's details, for its risk manager (the shipper
 * side) and its holder (its own side): hours and km used against the plan's limits, the overage so
 * far, the cost so far and the projected cost. The server prices it (GET mission/:id/meter) and
 * sends the plan and readings; between two answers the clock part ticks here through the same
 * function (meterAt of src/domain/billing/meter.ts, the billing calculus). A new odometer reading
 * arrives as a live `odometer` event (useLiveMissions), which refetches the meter.
 */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { meterAt, METER_TEXTS, type CostMeter as Meter, type MeterReading } from '../../domain/billing/meter';
import { formatDuration, formatKm, planMeasurement, spanText } from '../../domain/billing/totals';
import { formatMoney } from '../../domain/validators/money';
import { useLiveMissions } from '../live/useLiveMissions';

/** The TanStack Query key of a mission's meter (refetched by the live `odometer` event). */
export const meterQueryKey = (mission: string) => ['missions', 'meter', mission];
/** The clock part moves by whole minutes; ticking a few times a minute keeps it on time. */
const TICK_MS = 15_000;

/**
 * The meter at the browser's now, counted from the server's instant: `receivedAt` (browser time)
 * was the server's `meter.at`, so both agree on "now" whatever the two clocks say.
 */
function useTickingReading(meter: Meter | undefined, receivedAt: number): MeterReading | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!meter?.plan || !meter.reading) return null;
  const serverAt = Date.parse(meter.at);
  try {
    return meterAt(meter.plan, meter.agents, new Date(serverAt + Math.max(0, now - receivedAt)));
  } catch {
    return meter.reading;
  }
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        <Typography component="span" variant="h6" sx={{ display: 'block' }} data-testid={testId}>
          {value}
        </Typography>
        {hint && (
          <Typography component="span" variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </div>
  );
}

export function CostMeter({ missionId }: { missionId: string }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  useLiveMissions();
  const query = useQuery({ queryKey: meterQueryKey(missionId), queryFn: ({ signal }) => dataProvider.costMeter(missionId, signal), retry: false });
  const reading = useTickingReading(query.data, query.dataUpdatedAt);
  if (!query.data) return null;
  const { soFar, projected } = reading ?? { soFar: null, projected: null };
  return (
    <Card variant="outlined" component="section" aria-label={METER_TEXTS.title} sx={{ mb: 2 }} data-testid="cost-meter">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {METER_TEXTS.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {query.data.planName ? `Franquia: ${query.data.planName}` : METER_TEXTS.noPlan}
        </Typography>
        {soFar && projected && query.data.plan && (
          <Box component="dl" sx={{ m: 0, mt: 1.5, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' } }}>
            <Figure testId="meter-hours" label={`${METER_TEXTS.hours} (${spanText(planMeasurement(query.data.plan.limits).time)})`} value={`${formatDuration(soFar.usageMinutes)} de ${formatDuration(soFar.limitMinutes)}`} />
            <Figure testId="meter-km" label={METER_TEXTS.km} value={`${formatKm(soFar.usageMetres)} de ${formatKm(soFar.limitMetres)} km`} />
            <Figure testId="meter-overage" label={METER_TEXTS.overage} value={formatMoney(soFar.overageCents)} />
            <Figure testId="meter-so-far" label={METER_TEXTS.soFar} value={formatMoney(soFar.totalCents)} />
            <Figure
              testId="meter-projected"
              label={METER_TEXTS.projected}
              value={formatMoney(projected.totalCents)}
              hint={`${formatDuration(projected.usageMinutes)} · ${formatKm(projected.usageMetres)} km pelas leituras registradas`}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
