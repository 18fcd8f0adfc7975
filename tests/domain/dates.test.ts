import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALID_DATE } from '../../src/domain/messages';
import { dashboardRangeError } from '../../src/domain/reports/dashboard';
import {
  DATE_OUT_OF_RANGE,
  dateTextProblem,
  formatDate,
  formatDateTime,
  isDateRangeOrdered,
  parseDateTime,
  pickedDateProblem,
  PICKER_DATE_BOUNDS,
  validateDateRange,
} from '../../src/domain/validators/dates';

describe('dates dd/mm/yyyy [hh:mm[:ss]]', () => {
  it('parses dates with optional hours and seconds (local time)', () => {
    expect(parseDateTime('05/03/2025')).toEqual(new Date(2025, 2, 5));
    expect(parseDateTime('05/03/2025 14:30')).toEqual(new Date(2025, 2, 5, 14, 30));
    expect(parseDateTime('05/03/2025 14:30:15')).toEqual(new Date(2025, 2, 5, 14, 30, 15));
  });

  it('rejects impossible or malformed dates', () => {
    expect(parseDateTime('31/02/2025')).toBeNull();
    expect(parseDateTime('29/02/2023')).toBeNull();
    expect(parseDateTime('29/02/2024')).not.toBeNull();
    expect(parseDateTime('5/3/2025')).toBeNull();
    expect(parseDateTime('05/03/2025 24:00')).toBeNull();
    expect(parseDateTime('2025-03-05')).toBeNull();
    expect(parseDateTime('32/01/2025')).toBeNull();
  });

  it('formats dates and date-times', () => {
    const d = new Date(2025, 0, 9, 7, 5, 3);
    expect(formatDate(d)).toBe('09/01/2025');
    expect(formatDateTime(d)).toBe('09/01/2025 07:05');
    expect(formatDateTime(d, { seconds: true })).toBe('09/01/2025 07:05:03');
    expect(formatDate('not a date')).toBe('');
  });

  it('format then parse round-trips to the second', () => {
    const instant = fc.date({ min: new Date(1971, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true });
    fc.assert(
      fc.property(instant, (date) => {
        const seconds = new Date(Math.floor(date.getTime() / 1000) * 1000);
        expect(parseDateTime(formatDateTime(seconds, { seconds: true }))?.getTime()).toBe(seconds.getTime());
      }),
    );
  });

  it('a range is ordered when start ≤ end; unparseable sides are ignored', () => {
    expect(isDateRangeOrdered('01/01/2025', '02/01/2025')).toBe(true);
    expect(isDateRangeOrdered('01/01/2025 10:00', '01/01/2025 10:00')).toBe(true);
    expect(isDateRangeOrdered('02/01/2025', '01/01/2025')).toBe(false);
    expect(isDateRangeOrdered(new Date(2025, 0, 2), new Date(2025, 0, 1))).toBe(false);
    expect(isDateRangeOrdered('xx', '01/01/2025')).toBe(true);
    expect(isDateRangeOrdered(null, '01/01/2025')).toBe(true);
    expect(validateDateRange('02/01/2025', '01/01/2025')).toBe('A data inicial não pode ser posterior à data final');
    expect(validateDateRange('01/01/2025', '02/01/2025')).toBeUndefined();
  });
});

describe('the product\'s years (every date of a query, a body or a picker)', () => {
  it('names the years in its message', () => {
    expect(DATE_OUT_OF_RANGE).toBe('Informe uma data entre os anos 1900 e 2099');
  });

  it('takes any instant within 1900–2099 in some time zone, and nothing JavaScript reads beyond', () => {
    for (const ok of ['1900-01-01T00:00:00Z', '1899-12-31T10:00:00Z', '2026-03-01', '2099-12-31T23:59:59.999Z', '2100-01-01T11:59:59.999Z']) {
      expect(dateTextProblem(ok), ok).toBeUndefined();
    }
    for (const out of ['1899-12-31T09:59:59.999Z', '2100-01-01T12:00:00Z', '0001-01-01T00:00:00Z', '10000-01-01', '+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z']) {
      expect(dateTextProblem(out), out).toBe(DATE_OUT_OF_RANGE);
    }
    expect(dateTextProblem('ontem')).toBe(INVALID_DATE);
  });

  it('a picker: nothing picked or still being typed is no problem yet; its own bounds pass', () => {
    expect(pickedDateProblem(null)).toBeUndefined();
    expect(pickedDateProblem(new Date(Number.NaN))).toBeUndefined();
    expect(pickedDateProblem(PICKER_DATE_BOUNDS.min)).toBeUndefined();
    expect(pickedDateProblem(PICKER_DATE_BOUNDS.max)).toBeUndefined();
    expect(pickedDateProblem(new Date(1899, 0, 1))).toBe(DATE_OUT_OF_RANGE);
    expect(pickedDateProblem(new Date(2100, 5, 1))).toBe(DATE_OUT_OF_RANGE);
  });

  it('the dashboard period says the same', () => {
    expect(dashboardRangeError(new Date(1899, 5, 1), new Date(1900, 1, 1))).toBe(DATE_OUT_OF_RANGE);
    expect(dashboardRangeError(new Date(2099, 5, 1), new Date(2100, 1, 1))).toBe(DATE_OUT_OF_RANGE);
  });
});
