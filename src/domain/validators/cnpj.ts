/**
 * CNPJ, numeric or alphanumeric (docs/rules/validation.md): 14 characters, the first 12 in [0-9A-Z], the
 * last two
 * numeric check digits computed by mod 11 over each character's value = ASCII code − 48.
 */

import { mod11CheckDigit } from './mod11';

const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/**
 * Strips the mask characters ('.', '/', '-', spaces) and upper-cases letters. Other characters
 * are kept so that they make the value invalid instead of being silently dropped. The one
 * normalisation of CNPJs: the schemas store its result and the input mask (masks.ts) lays it out.
 */
export const normalizeCnpj = (input: string): string => input.replace(/[./\s-]/g, '').toUpperCase();

/** The two check digits of a 12-character base ([0-9A-Z], upper case). */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new Error('CNPJ base must be 12 characters in [0-9A-Z]');
  // The weights 5, 4, 3, 2, 9 … 2 of the first digit and 6, 5, … 2 of the second are mod 11's cycle.
  const first = mod11CheckDigit(base);
  const second = mod11CheckDigit(base + first);
  return `${first}${second}`;
}

/** True for a valid CNPJ, masked or not; letters may be lower case. */
export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!SHAPE.test(cnpj)) return false;
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}
