/** The scorecards' period (default the last 90 days), with the dashboard's rules (at most a year). */
import { useState } from 'react';
import { dashboardRangeError, defaultDashboardRange } from '../../domain/reports/dashboard';

export function useScorecardPeriod(now: () => Date = () => new Date()) {
  const [period, setPeriod] = useState<{ start: Date | null; end: Date | null }>(() => defaultDashboardRange(now()));
  const error = dashboardRangeError(period.start, period.end);
  return { ...period, error, setPeriod, valid: error === null ? { start: period.start as Date, end: period.end as Date } : null };
}
