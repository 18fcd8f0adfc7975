import { isTotalled, REPORT_COLUMNS, REPORT_TOTALS_LABEL, type ReportColumnKind, type ReportRow, type ReportTotals } from '../../../../src/domain/reports';
import { SAO_PAULO_CLOCK } from '../../../../src/domain/validators/dates';
import type { CellValue } from './xlsxWriter';

/**
 * How each report column becomes an Excel cell: real numbers and dates with a number format, so
 * the sheet sums and sorts; text escaped so no cell runs as a formula.
 */

export const EXCEL_FORMATS: Record<ReportColumnKind, string | undefined> = {
  text: undefined,
  date: 'dd/mm/yyyy hh:mm',
  // Durations are fractions of a day; [h] lets them pass 24 hours.
  minutes: '[h]:mm',
  km: '#,##0.0',
  money: '"R$" #,##0.00',
};

export const EXCEL_WIDTHS: Record<ReportColumnKind, number> = { text: 22, date: 17, minutes: 10, km: 11, money: 14 };

/**
 * A spreadsheet reads a text starting with = + - @ (or a tab or carriage return before them) as a
 * formula; a leading apostrophe keeps it text (OWASP "CSV injection").
 */
export const escapeText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** São Paulo's offset from UTC (ms) in the hour starting at `hourStart`, from the time zone database. */
function offsetAt(hourStart: number): number {
  const parts = SAO_PAULO_CLOCK.formatToParts(new Date(hourStart));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second')) - hourStart;
}

const HOUR = 3_600_000;
// formatToParts costs tens of microseconds, three dates a row, 100,000 rows: offsets change at
// most on the hour, so each hour is asked once (bounded: an export spans a few thousand hours).
const offsets = new Map<number, number>();
const MAX_OFFSETS = 50_000;

/**
 * Excel dates carry no time zone: the cell must hold the wall time a person in São Paulo reads.
 * The writer (xlsxWriter.ts) reads a Date's UTC fields, so this returns the Date whose UTC fields are that wall time.
 */
export function saoPauloWallTime(iso: string): Date {
  const instant = new Date(iso).getTime();
  const hour = Math.floor(instant / HOUR) * HOUR;
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= MAX_OFFSETS) offsets.clear();
    offset = offsetAt(hour);
    offsets.set(hour, offset);
  }
  return new Date(instant + offset);
}

function cellOf(kind: ReportColumnKind, value: ReportRow[keyof ReportRow] | undefined): CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'text':
      return escapeText(String(value));
    case 'date':
      return saoPauloWallTime(String(value));
    case 'minutes':
      return Number(value) / (24 * 60);
    case 'km':
      return Number(value) / 1000;
    case 'money':
      return Number(value) / 100;
  }
}

export const excelRow = (row: ReportRow): CellValue[] => REPORT_COLUMNS.map((c) => cellOf(c.kind, row[c.field]));

/** The totals row under the last one: its label in the first column, each sum in its column's unit and format. */
export const excelTotalsRow = (totals: ReportTotals): CellValue[] =>
  REPORT_COLUMNS.map((c, i) => (i === 0 ? REPORT_TOTALS_LABEL : isTotalled(c.field) ? cellOf(c.kind, totals[c.field]) : null));
