/**
 * Field builders shared by the catalogue schemas. Each one fixes how a kind of field is cleaned
 * (trim, unmask, '' → missing) and which message each failure carries, so that the form and the
 * server report the same thing. Custom tests are named after their API code (see validate.ts).
 */
import { boolean, number, string, type AnyObject, type ObjectSchema } from 'yup';
import { isId } from '../ids';
import {
  BOOLEAN_REQUIRED,
  INVALID_CNPJ,
  INVALID_EMAIL,
  INVALID_NUMBER,
  INVALID_OPTION,
  INVALID_PHONE,
  RISK_MANAGER_REQUIRED,
  SELECT_REQUIRED,
  maxValue,
  minValue,
} from '../messages';
import { PERFIS } from '../roles';
import { isValidCnpj, normalizeCnpj } from '../validators/cnpj';
import { isValidEmail } from '../validators/email';
import { isValidPhone, normalizePhone } from '../validators/phone';
import { hhmmProblem } from '../validators/time';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** Required text, trimmed; blank → `message` (code too_small). */
export const requiredText = (message: string) => string().trim().required(message);

/** Optional text, trimmed; blank becomes null. */
export const optionalText = () => string().trim().nullable().transform(blankToNull).default(null);

/** The `active` toggle every catalogue has: a real boolean is required. */
export const activeField = () => boolean().required(BOOLEAN_REQUIRED);

/** Reference to another record by id (select): missing or not an id → `message`. */
export const idRef = (message: string = SELECT_REQUIRED) =>
  string()
    .trim()
    .required(message)
    .test({ name: 'invalid_id', message, test: (v) => v === undefined || v === '' || isId(v) });

/**
 * Optional reference (riskManager on create for admins, provider 'Todos'): '' and undefined become
 * null; a present value must be an id.
 */
export const optionalIdRef = (message: string = SELECT_REQUIRED) =>
  string()
    .nullable()
    .transform(blankToNull)
    .default(null)
    .test({ name: 'invalid_id', message, test: (v) => v === null || v === undefined || isId(v) });

/** Risk-manager reference as catalogues carry it; whether it is required depends on the caller. */
export const riskManagerRef = () => optionalIdRef(RISK_MANAGER_REQUIRED);

/**
 * The same schema with `riskManager` required, for callers without a risk manager of their own
 * (admins, spec 6). Catalogues use 'Preencha a gestora de risco', users 'Preencha a gerenciadora de risco'.
 */
export function withRequiredRiskManager<T extends AnyObject>(
  schema: ObjectSchema<T>,
  message: string = RISK_MANAGER_REQUIRED,
) {
  return schema.shape({ riskManager: idRef(message) });
}

/** One value of a closed list; blank → `message`, unknown value → 'Opção inválida'. */
export const enumField = <const V extends string>(values: readonly V[], message: string) =>
  string()
    .transform(blankToUndefined)
    .oneOf([...values], INVALID_OPTION)
    .required(message);

/** Profile select of users and logins. */
export const perfilField = (message: string) => enumField(PERFIS, message);

/** E-mail, trimmed and lower-cased (addresses are compared case-insensitively). */
export const emailField = (requiredMessage: string) =>
  string()
    .trim()
    .lowercase()
    .required(requiredMessage)
    .test({ name: 'invalid_email', message: INVALID_EMAIL, test: (v) => !v || isValidEmail(v) });

/** CNPJ stored unformatted and upper-case (DESIGN 4); masks are stripped here too. */
export const cnpjField = (requiredMessage: string) =>
  string()
    .transform((v: unknown) => (typeof v === 'string' ? normalizeCnpj(v) : v))
    .required(requiredMessage)
    .test({ name: 'invalid_cnpj', message: INVALID_CNPJ, test: (v) => !v || isValidCnpj(v) });

const phoneTest = { name: 'invalid_phone', message: INVALID_PHONE, test: (v: string | null | undefined) => !v || isValidPhone(v) };
const unmaskPhone = (v: unknown) => (typeof v === 'string' ? normalizePhone(v) : v);

/** Required phone, digits only (10 or 11, optionally after the country code 55). */
export const requiredPhone = (requiredMessage: string) =>
  string().transform(unmaskPhone).required(requiredMessage).test(phoneTest);

/** Optional phone: blank → null, otherwise digits only (as the required phone). */
export const optionalPhone = () =>
  string().nullable().transform(blankToNull).transform(unmaskPhone).default(null).test(phoneTest);

/**
 * '' and NaN (an emptied number input) count as missing, so they get the field's required
 * message rather than a type error.
 */
export const emptyNumberToUndefined = (value: unknown, original: unknown) =>
  (typeof original === 'string' && original.trim() === '') || (typeof original === 'number' && Number.isNaN(original))
    ? undefined
    : value;

/**
 * The largest value of the database's integer columns (PostgreSQL int4). Anything above is refused
 * here with 'Valor máximo: …' rather than reaching the database as an out-of-range error.
 */
export const MAX_INT = 2147483647;

/** Non-negative integer (money in cents, km), at most MAX_INT. */
export const nonNegativeInt = (requiredMessage: string) =>
  number()
    .transform(emptyNumberToUndefined)
    .typeError(INVALID_NUMBER)
    .required(requiredMessage)
    .integer(INVALID_NUMBER)
    .min(0, minValue(0))
    .max(MAX_INT, maxValue(MAX_INT));

/** Money as integer cents (CONTRACTS: 12345 = R$ 123,45). */
export const moneyCents = nonNegativeInt;

/** Duration hh:mm with the spec's format and range messages. */
export const hhmmField = (requiredMessage: string) =>
  string()
    .trim()
    .required(requiredMessage)
    .test({
      name: 'invalid_time',
      test(value) {
        if (!value) return true;
        const problem = hhmmProblem(value);
        return problem ? this.createError({ message: problem }) : true;
      },
    });
