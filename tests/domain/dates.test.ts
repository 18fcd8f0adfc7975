import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  isDateRangeOrdered,
  parseDateTime,
  validateDateRange,
  validateDateTime,
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
    expect(validateDateTime('32/01/2025')).toBe('Data inválida');
    expect(validateDateTime('')).toBeUndefined();
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
