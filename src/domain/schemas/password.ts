/**
 * The one password rule: whatever a person chooses — a user on /home/users, a provider login, a
 * new password in the forgot-password wizard — has at least 8 characters ('Demo@123' has 8).
 * Passwords are never trimmed: spaces are characters too. Each form brings its required message.
 */
import type { InferType } from 'yup';
import { maxLength, NEW_PASSWORD_REQUIRED, PASSWORD_TOO_SHORT } from '../messages';
import { MAX_LENGTH } from '../validators/text';
import { group, strictString } from './fields';

export const MIN_PASSWORD_LENGTH = 8;

/** Never trimmed; at most MAX_LENGTH.password, the most the login accepts. */
export const passwordField = (requiredMessage: string) =>
  strictString()
    .required(requiredMessage)
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(MAX_LENGTH.password, maxLength(MAX_LENGTH.password));

/** Step 2 of the forgot-password wizard and POST /api/auth/forget/reset. */
export const resetPasswordSchema = group({ password: passwordField(NEW_PASSWORD_REQUIRED) });
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;
