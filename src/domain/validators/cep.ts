import { INVALID_CEP } from '../messages';
import { isBlank, type Validator } from './types';

/** CEP (zip): 8 digits, shown 00000-000. */

export const normalizeCep = (input: string): string => input.replace(/[\s.-]/g, '');

export const isValidCep = (input: string): boolean => /^\d{8}$/.test(normalizeCep(input));

export const validateCep: Validator = (value) =>
  isBlank(value) ? undefined : typeof value === 'string' && isValidCep(value) ? undefined : INVALID_CEP;
