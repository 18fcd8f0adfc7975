/**
 * Input masks: turn whatever the user typed (or pasted) into the displayed form, progressively,
 * so they can be applied on every keystroke. Values are stored unformatted; masks are a UI
 * concern and never part of what the schemas accept. CNPJs are unformatted by the validators'
 * normalisation (normalizeCnpj), the same the schemas apply; phones keep their digits only.
 */
import { normalizeCnpj } from './validators/cnpj';
import { formatMoney } from './validators/money';
import { BRAZIL_CODE } from './validators/phone';

/**
 * Lays `chars` over a pattern where '#' is a slot; literal characters are emitted only when a
 * following slot is filled, so partial input never ends with a dangling separator.
 */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '#') out += chars[i++];
    else out += p;
  }
  return out;
}

const digits = (input: string): string => input.replace(/\D/g, '');

/** 00.000.000/0000-00, numeric or alphanumeric (docs/rules/validation.md), letters upper-cased; at most 14 characters. */
export const maskCnpj = (input: string): string => applyPattern(normalizeCnpj(input), '##.###.###/####-##');

export const unmaskCpf = (input: string): string => digits(input).slice(0, 11);
/** 000.000.000-00 */
export const maskCpf = (input: string): string => applyPattern(unmaskCpf(input), '###.###.###-##');

const nationalPhone = (d: string): string => applyPattern(d, d.length === 11 ? '(##) #####-####' : '(##) ####-####');

/**
 * (00) 0000-0000 up to 10 digits, (00) 00000-0000 at 11 (mobile); 12 and 13 carry the country
 * code: +55 (00) 0000-0000 / +55 (00) 00000-0000. At most 13 characters.
 */
export const maskPhone = (input: string): string => {
  // Only digits are ever typed into a phone: letters and symbols are dropped, not shown.
  const d = digits(input).slice(0, BRAZIL_CODE.length + 11);
  return d.length <= 11 ? nationalPhone(d) : `+${d.slice(0, BRAZIL_CODE.length)} ${nationalPhone(d.slice(BRAZIL_CODE.length))}`;
};

export const unmaskCep = (input: string): string => digits(input).slice(0, 8);
/** 00000-000 */
export const maskCep = (input: string): string => applyPattern(unmaskCep(input), '#####-###');

/** hh:mm from up to four digits: '930' → '93:0', '0930' → '09:30'. */
export const maskHhmm = (input: string): string => applyPattern(digits(input).slice(0, 4), '##:##');

/**
 * Plate normalisation (docs/rules/validation.md, Vehicle): upper case, non-alphanumerics removed, at most 8
 * characters, and the old format AAA9999 gets its hyphen (AAA-9999). Mercosul stays ABC1D23.
 */
export function maskPlate(input: string): string {
  const plate = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 8);
  return /^[A-Z]{3}\d{4}$/.test(plate) ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate;
}

/**
 * Money typed digit by digit, filling from the cents: '1' → 'R$ 0,01', '123456' → 'R$ 1.234,56'.
 * Returns the display text and the cents it stands for ('' input → null cents, empty text).
 */
export function maskMoney(input: string): { text: string; cents: number | null } {
  const d = digits(input).replace(/^0+(?=\d)/, '').slice(0, 15);
  if (d === '') return { text: '', cents: null };
  const cents = Number(d);
  return { text: formatMoney(cents), cents };
}
