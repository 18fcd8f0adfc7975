import { INVALID_NUMBER, maxValue, minValue } from '../messages';
import { isBlank, type Validator } from './types';

/**
 * Number bounds and decimal coordinates. Decimal text may use a comma or a dot as separator
 * (the comma becomes a dot, docs/rules/validation.md); thousands separators are not accepted here.
 */

const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** Parses '12,5', '-3.25', 7 … into a number; null when not a plain decimal. */
export function parseDecimal(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!DECIMAL.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** 'Valor mínimo: {n}' / 'Valor máximo: {n}' for a present value; blank passes. */
export const numberBounds =
  (bounds: { min?: number; max?: number }): Validator =>
  (value) => {
    if (isBlank(value)) return undefined;
    const n = parseDecimal(value);
    if (n === null) return INVALID_NUMBER;
    if (bounds.min !== undefined && n < bounds.min) return minValue(bounds.min);
    if (bounds.max !== undefined && n > bounds.max) return maxValue(bounds.max);
    return undefined;
  };

export const LATITUDE_BOUNDS = { min: -90, max: 90 } as const;
export const LONGITUDE_BOUNDS = { min: -180, max: 180 } as const;

export const validateLatitude: Validator = numberBounds(LATITUDE_BOUNDS);
export const validateLongitude: Validator = numberBounds(LONGITUDE_BOUNDS);

export function isValidLatitude(input: unknown): boolean {
  const n = parseDecimal(input);
  return n !== null && n >= LATITUDE_BOUNDS.min && n <= LATITUDE_BOUNDS.max;
}

export function isValidLongitude(input: unknown): boolean {
  const n = parseDecimal(input);
  return n !== null && n >= LONGITUDE_BOUNDS.min && n <= LONGITUDE_BOUNDS.max;
}

/**
 * pt-BR number text, the one number format of every screen and document: '.' groups thousands, ','
 * separates at most `fractionDigits` decimals (rounded, trailing zeros dropped): 1234.5 → '1.234,5'.
 * Money (formatMoney) and kilometres (formatKm, formatKilometres) are written with it or like it.
 */
export function formatNumber(value: number, fractionDigits = 2): string {
  return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: fractionDigits }).format(value);
}
