import { isHttpError } from '../dataProvider/HttpError';
import { AUTH_ERRORS } from '../domain/apiErrors';
import { LoginError, type LoginErrorCode } from './messages';

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
};

/**
 * Maps a failed login call to the spec's auth codes: an answer whose text contains
 * 'invalid credentials' → invalidCredentials; 429 → too many attempts; anything else → other.
 */
export function loginErrorCode(error: unknown): LoginErrorCode {
  if (error instanceof LoginError) return error.code;
  if (!isHttpError(error)) return 'other';
  if (error.status === 429) return 'tooManyAttempts';
  const text = `${error.message} ${textOf(error.raw)}`.toLowerCase();
  if (text.includes(AUTH_ERRORS.invalidCredentials)) return 'invalidCredentials';
  return 'other';
}
