/**
 * The bodies of the auth service's calls (docs/api.md#autenticação) as JSON Schema, checked by
 * Fastify before a handler runs: strings only (a body is never coerced: a password sent as ["…"]
 * is a 400), without control characters, at most the shared maximum lengths.
 */
import { MAX_LENGTH, NO_CONTROL_CHARACTERS_PATTERN } from '../validators/text';

const textProp = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: NO_CONTROL_CHARACTERS_PATTERN }) as const;
const emailProp = textProp(MAX_LENGTH.email);
const passwordProp = textProp(MAX_LENGTH.password);
const codeProp = textProp(MAX_LENGTH.code);

/** A body of `required` and `optional` fields, keeping their literal types for the request's type (FromSchema). */
const bodySchema = <R extends Record<string, object>, O extends Record<string, object> = Record<never, never>>(required: R, optional: O = {} as O) => ({
  type: 'object' as const,
  // Object.keys answers string[]; these are exactly R's keys.
  required: Object.keys(required) as (keyof R & string)[],
  properties: { ...required, ...optional },
});

const passwordFields = { username: emailProp, password: passwordProp };
/** The second step of an account past its login budget (LOGIN_SECOND_STEPS). */
const emailCodeField = { emailCode: codeProp };
/** The authenticator app's code, or a recovery code (LOGIN_SECOND_STEPS). */
const twoFactorCodeField = { twoFactorCode: codeProp };

export const LOGIN_BODY = bodySchema(passwordFields, { ...emailCodeField, ...twoFactorCodeField });
export const ENROLMENT_BODY = bodySchema(passwordFields, emailCodeField);
export const FORGET_BODY = bodySchema({ email: emailProp });
export const VALIDATE_BODY = bodySchema({ email: emailProp, resetCode: codeProp });
export const RESET_BODY = bodySchema({ email: emailProp, resetCode: codeProp, password: passwordProp });

/** A code of the signed-in user's own second factor: the app's, or a recovery code. */
export const TWO_FACTOR_CODE_BODY = bodySchema({ code: codeProp });
export const TWO_FACTOR_POLICY_BODY = bodySchema({ requireForAdminAndTi: { type: 'boolean' } as const });
