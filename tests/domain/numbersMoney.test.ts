import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  isValidLatitude,
  isValidLongitude,
  numberBounds,
  parseDecimal,
  validateLatitude,
  validateLongitude,
} from '../../src/domain/validators/numbers';
import { formatMoney, parseMoney } from '../../src/domain/validators/money';
import { maskMoney } from '../../src/domain/masks';

describe('number bounds', () => {
  it("answers 'Valor mínimo: {n}' and 'Valor máximo: {n}'", () => {
    expect(numberBounds({ min: 0 })(-1)).toBe('Valor mínimo: 0');
    expect(numberBounds({ max: 9999 })('10000')).toBe('Valor máximo: 9999');
    expect(numberBounds({ min: 1, max: 5 })(3)).toBeUndefined();
    expect(numberBounds({ min: 1, max: 5 })('abc')).toBe('Valor inválido');
    expect(numberBounds({ min: 0 })('')).toBeUndefined();
  });

  it('every value within bounds passes and every value outside fails with the right bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (a, value) => {
        const [min, max] = a <= 0 ? [a, a + 500] : [a - 500, a];
        const message = numberBounds({ min, max })(value);
        expect(message).toBe(value < min ? `Valor mínimo: ${min}` : value > max ? `Valor máximo: ${max}` : undefined);
      }),
    );
  });
});

describe('latitude / longitude', () => {
  it('accepts a comma or a dot as decimal separator', () => {
    expect(parseDecimal('-23,5505')).toBe(-23.5505);
    expect(parseDecimal('-46.6333')).toBe(-46.6333);
    expect(parseDecimal('1.234,5')).toBeNull();
    expect(parseDecimal('abc')).toBeNull();
    expect(isValidLatitude('-23,5505')).toBe(true);
    expect(isValidLongitude('-46.6333')).toBe(true);
  });

  it('checks -90..90 and -180..180', () => {
    expect(validateLatitude('90')).toBeUndefined();
    expect(validateLatitude('90,0001')).toBe('Valor máximo: 90');
    expect(validateLatitude('-91')).toBe('Valor mínimo: -90');
    expect(validateLongitude('180')).toBeUndefined();
    expect(validateLongitude('-180,5')).toBe('Valor mínimo: -180');
    expect(isValidLongitude('181')).toBe(false);
  });

  it('formats numbers in pt-BR', () => {
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });
});

describe('money', () => {
  it("formats cents as 'R$ 1.234,56' with a plain space and two decimals", () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(100000000)).toBe('R$ 1.000.000,00');
    expect(formatMoney(-250)).toBe('-R$ 2,50');
    expect(() => formatMoney(1.5)).toThrow(RangeError);
  });

  it('parses pt-BR money text into cents', () => {
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('1234,5')).toBe(123450);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney('R$\u00a012,00')).toBe(1200);
    expect(parseMoney('-R$ 3,00')).toBe(-300);
    expect(parseMoney('12,345')).toBeNull();
    expect(parseMoney('1.23,00')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
  });

  it('cents → text → cents round-trips', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => parseMoney(formatMoney(cents)) === cents));
  });

  it('the typing mask fills from the cents', () => {
    expect(maskMoney('1')).toEqual({ text: 'R$ 0,01', cents: 1 });
    expect(maskMoney('R$ 1.234,567')).toEqual({ text: 'R$ 12.345,67', cents: 1234567 });
    expect(maskMoney('')).toEqual({ text: '', cents: null });
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (cents) => maskMoney(formatMoney(cents)).cents === cents));
  });
});
