/** How each scorecard figure reads on screen (the Excel export keeps them as numbers). */
import { minutesToHhmm, rateToPercent } from '../../domain/reports/dashboard';
import type { ScorecardColumnKind } from '../../domain/reports/scorecards';
import { formatMoney } from '../../domain/validators/money';
import { formatNumber } from '../../domain/validators/numbers';

export function figureText(kind: ScorecardColumnKind, value: number | null): string {
  if (value === null) return '—';
  switch (kind) {
    case 'count':
      return formatNumber(value);
    case 'minutes':
      return minutesToHhmm(value);
    case 'rate':
      return rateToPercent(value);
    case 'money':
      return formatMoney(value);
  }
}
