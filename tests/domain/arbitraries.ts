/** fast-check generators of valid documents, built independently from the validators' output. */
import fc from 'fast-check';

const DIGITS = '0123456789'.split('');
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

const chars = (alphabet: string[], length: number) =>
  fc.array(fc.constantFrom(...alphabet), { minLength: length, maxLength: length }).map((a) => a.join(''));

/** Reference mod-11 check digit (docs/rules/validation.md: value = ASCII − 48), written apart from src on purpose. */
function mod11(text: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + (text.charCodeAt(i) - 48) * w, 0);
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}

export function referenceCnpj(base: string): string {
  const d1 = mod11(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = mod11(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${base}${d1}${d2}`;
}

export function referenceCpf(base: string): string {
  const digit = (text: string) => {
    const n = text.length;
    const sum = [...text].reduce((acc, c, i) => acc + Number(c) * (n + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base);
  return `${base}${d1}${digit(base + d1)}`;
}

const notAllEqual = (s: string) => !/^(.)\1*$/.test(s);

export const numericCnpj = chars(DIGITS, 12).map(referenceCnpj).filter(notAllEqual);
/** At least one letter among the first 12 characters, so these are truly alphanumeric. */
export const alphanumericCnpj = chars(ALNUM, 12)
  .filter((base) => /[A-Z]/.test(base))
  .map(referenceCnpj);
export const anyCnpj = fc.oneof(numericCnpj, alphanumericCnpj);
export const validCpf = chars(DIGITS, 9).map(referenceCpf).filter(notAllEqual);
export const digitString = (min: number, max: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: min, maxLength: max }).map((a) => a.join(''));

/** Replaces the digit at `index` by a different digit. */
export const withDigitChanged = (text: string, index: number, shift: number): string => {
  const changed = (Number(text[index]) + shift) % 10;
  return text.slice(0, index) + changed + text.slice(index + 1);
};
