import { INVALID_PHONE } from '../messages';
import { isBlank, type Validator } from './types';

/**
 * Brazilian phone: area code plus 8 or 9 digits, i.e. 10 or 11 digits once the mask
 * ((00) 0000-0000 / (00) 00000-0000) is stripped. Only mask characters may be stripped;
 * letters make it invalid rather than being silently dropped.
 */

export const normalizePhone = (input: string): string => input.replace(/[\s()\-.+]/g, '');

export function isValidPhone(input: string): boolean {
  return /^\d{10,11}$/.test(normalizePhone(input));
}

/** Optional-field validator: phones are checked only when present (spec 5). */
export const validatePhone: Validator = (value) =>
  isBlank(value) ? undefined : typeof value === 'string' && isValidPhone(value) ? undefined : INVALID_PHONE;
