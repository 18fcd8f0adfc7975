import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPlate } from '../../src/domain/validators/plate';
import { hhmmProblem, hhmmToMinutes, minutesToHhmm, parseHhmm } from '../../src/domain/validators/time';
import { maskHhmm, maskPlate } from '../../src/domain/masks';

describe('plate', () => {
  it('accepts the old format with or without hyphen and the Mercosul format', () => {
    expect(isValidPlate('ABC-1234')).toBe(true);
    expect(isValidPlate('ABC1234')).toBe(true);
    expect(isValidPlate('ABC1D23')).toBe(true);
    expect(isValidPlate('abc1d23')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of ['AB-1234', 'ABC-12345', 'ABC1DD3', '1BC1234', 'ABC 1234', 'ABC-1D23', '']) {
      expect(isValidPlate(bad), bad).toBe(false);
    }
  });

  it('normalises: upper case, non-alphanumerics removed, old format hyphenated, max 8', () => {
    expect(maskPlate('abc1234')).toBe('ABC-1234');
    expect(maskPlate('abc 1234')).toBe('ABC-1234');
    expect(maskPlate('abc-1d23')).toBe('ABC1D23');
    expect(maskPlate('a.b.c.1.2.3.4.5.6')).toBe('ABC12345');
  });

  it('every normalised old or Mercosul plate is valid', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'.split(''));
    const digit = fc.constantFrom(...'0123456789'.split(''));
    const old = fc.tuple(letter, letter, letter, fc.constantFrom('', '-', ' '), digit, digit, digit, digit);
    const mercosul = fc.tuple(letter, letter, letter, digit, letter, digit, digit);
    fc.assert(fc.property(fc.oneof(old, mercosul), (parts) => isValidPlate(maskPlate(parts.join('')))));
  });
});

describe('hh:mm', () => {
  it('accepts 0-99 hours and 0-59 minutes', () => {
    expect(hhmmProblem('00:00')).toBeUndefined();
    expect(hhmmProblem('99:59')).toBeUndefined();
    expect(parseHhmm('08:30')).toEqual({ hours: 8, minutes: 30 });
    expect(hhmmToMinutes('01:30')).toBe(90);
  });

  it('gives the product’s messages', () => {
    expect(hhmmProblem('8h30')).toBe('Formato inválido. Use hh:mm');
    expect(hhmmProblem('08:5')).toBe('Formato inválido. Use hh:mm');
    expect(hhmmProblem('-1:00')).toBe('Formato inválido. Use hh:mm');
    expect(hhmmProblem('100:00')).toBe('Horas devem estar entre 0 e 99');
    expect(hhmmProblem('10:60')).toBe('Minutos devem estar entre 0 e 59');
    expect(hhmmToMinutes('10:60')).toBeNull();
  });

  it('bounds hold for every hours/minutes pair', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 99 }), (h, m) => {
        const text = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        const expected = h > 99 ? 'Horas devem estar entre 0 e 99' : m > 59 ? 'Minutos devem estar entre 0 e 59' : undefined;
        expect(hhmmProblem(text)).toBe(expected);
      }),
    );
  });

  it('minutes → hh:mm → minutes round-trips, and the mask keeps the digits', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 99 * 60 + 59 }), (n) => hhmmToMinutes(minutesToHhmm(n)) === n));
    expect(maskHhmm('0930')).toBe('09:30');
    expect(maskHhmm('093')).toBe('09:3');
    expect(maskHhmm('09:30:45')).toBe('09:30');
    expect(() => minutesToHhmm(100 * 60)).toThrow(RangeError);
  });
});
