import { INVALID_EMAIL } from '../messages';
import { isBlank, type Validator } from './types';

/** docs/rules/validation.md: non-space text, '@', text, '.', text. Deliberately loose; the mailbox proves the rest. */
const EMAIL = /^\S+@\S+\.\S+$/;

export const isValidEmail = (input: string): boolean => EMAIL.test(input.trim());

export const validateEmail: Validator = (value) =>
  isBlank(value) ? undefined : typeof value === 'string' && isValidEmail(value) ? undefined : INVALID_EMAIL;
