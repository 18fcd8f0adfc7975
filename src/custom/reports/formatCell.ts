/** A report cell as the screen shows it, by its column's kind (src/domain/reports REPORT_COLUMNS). */
import { formatDuration, formatKm } from '../../domain/billing/totals';
import type { ReportColumnKind } from '../../domain/reports';
import { formatMoney } from '../../domain/validators/money';
import { formatDateTime } from '../../domain/validators/dates';

export function formatCell(kind: ReportColumnKind, value: string | number | null): string {
  if (value === null || value === '') return '-';
  switch (kind) {
    case 'text':
      return String(value);
    case 'date':
      return formatDateTime(String(value));
    case 'minutes':
      return formatDuration(Number(value));
    case 'km':
      return `${formatKm(Number(value))} km`;
    case 'money':
      return formatMoney(Number(value));
  }
}
