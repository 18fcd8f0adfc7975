/**
 * The one password rule: whatever a person chooses — a user on /home/users, a provider login, a
 * new password in the forgot-password wizard — has at least 8 characters ('Demo@123' has 8).
 * Passwords are never trimmed: spaces are characters too. Each form brings its required message.
 */
import { object, string, type InferType } from 'yup';
import { NEW_PASSWORD_REQUIRED, PASSWORD_TOO_SHORT } from '../messages';

export const MIN_PASSWORD_LENGTH = 8;

export const passwordField = (requiredMessage: string) =>
  string().required(requiredMessage).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT);

/** Step 2 of the forgot-password wizard and POST /api/auth/forget/reset. */
export const resetPasswordSchema = object({ password: passwordField(NEW_PASSWORD_REQUIRED) });
export type ResetPasswordValues = InferType<typeof resetPasswordSchema>;
