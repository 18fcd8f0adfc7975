import { isHttpError } from '../dataProvider/HttpError';
import { AUTH_ERRORS, LOGIN_SECOND_STEPS, TWO_FACTOR_SETUP_REQUIRED, type LoginSecondStep } from '../domain/apiErrors';
import { LoginError, SecondStepError, type LoginErrorCode } from './messages';

const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
};

/**
 * Maps a failed login call to the product's auth codes: an answer whose text contains
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

/** The second step a failed login asks for or refused (the server's LOGIN_SECOND_STEPS strings), if any. */
export function secondStepError(error: unknown): SecondStepError | undefined {
  if (!isHttpError(error) || error.status !== 401 || error.apiError.kind !== 'generic_error') return undefined;
  const answer = error.apiError.message;
  if (answer === TWO_FACTOR_SETUP_REQUIRED) return new SecondStepError('twoFactorCode', false, true);
  for (const step of Object.keys(LOGIN_SECOND_STEPS) as LoginSecondStep[]) {
    if (answer === LOGIN_SECOND_STEPS[step].required) return new SecondStepError(step, false);
    if (answer === LOGIN_SECOND_STEPS[step].invalid) return new SecondStepError(step, true);
  }
  return undefined;
}
