import { isHttpError } from '../dataProvider/HttpError';
import { AUTH_MESSAGES } from '../authProvider/messages';
import { AUTH_ERRORS } from '../domain/apiErrors';
import { TOO_MANY_ATTEMPTS } from '../domain/messages';

export type WizardCall = 'forget' | 'validate' | 'reset';

/**
 * The text of the error toast of each wizard call (docs/rules/messages.md): the product's
 * text, except where the server's own data says more — a validation answer (e.g. the password's
 * minimum length) shows its messages, and a rejected code says so.
 */
export function wizardErrorMessage(call: WizardCall, error: unknown): string {
  const fallback = call === 'forget' ? AUTH_MESSAGES.verificationCodeError : AUTH_MESSAGES.genericError;
  if (!isHttpError(error)) return fallback;
  if (error.status === 429) return TOO_MANY_ATTEMPTS;
  if (error.apiError.kind === 'validation') return error.message;
  const rejectedCode =
    error.apiError.kind === 'generic_error' && error.apiError.message.toLowerCase().includes(AUTH_ERRORS.invalidResetCode);
  if (call === 'validate' && error.status >= 400 && error.status < 500) return AUTH_MESSAGES.invalidResetCode;
  if (rejectedCode) return AUTH_MESSAGES.invalidResetCode;
  return fallback;
}
