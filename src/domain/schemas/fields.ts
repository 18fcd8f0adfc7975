/**
 * Field builders shared by the catalogue schemas. Each one fixes how a kind of field is cleaned
 * (trim, unmask, '' → missing) and which message each failure carries, so that the form and the
 * server report the same thing. Custom tests are named after their API code (see validate.ts).
 *
 * Every builder starts from a strict base (strictString, strictBoolean, strictInteger, group) that
 * undoes yup's coercion, so a number is not turned into a text nor 'true' into a boolean, and a
 * value of the wrong JSON type (a list, an object…) is answered 'Tipo de valor inválido' instead
 * of reaching a transform that expects a string (yup's own trim() throws on a list: a 500). The
 * transforms here therefore accept any value and only touch strings.
 */
import { boolean, number, object, string, type AnyObject, type ObjectSchema, type ObjectShape } from 'yup';
import { isId } from '../ids';
import {
  BOOLEAN_REQUIRED,
  CONTROL_CHARACTERS_NOT_ALLOWED,
  INVALID_CEP,
  INVALID_CNPJ,
  INVALID_EMAIL,
  INVALID_NUMBER,
  INVALID_OPTION,
  INVALID_PHONE,
  INVALID_TYPE,
  RISK_MANAGER_REQUIRED,
  SELECT_REQUIRED,
  maxLength,
  maxValue,
  minValue,
} from '../messages';
import { PERFIS } from '../roles';
import { isValidCep, normalizeCep } from '../validators/cep';
import { isValidCnpj, normalizeCnpj } from '../validators/cnpj';
import { isValidEmail } from '../validators/email';
import { dateTextProblem } from '../validators/dates';
import { parseDecimal } from '../validators/numbers';
import { isValidPhone, normalizePhone } from '../validators/phone';
import { hasControlCharacters, hasHeaderUnsafeCharacters, MAX_LENGTH } from '../validators/text';
import { hhmmProblem } from '../validators/time';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
/** '' (or only spaces) and a missing value are no value: null. */
export const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;
/**
 * yup's built-in cast (the first transform of string(), number(), boolean()) turns 12 into '12'
 * and 'true' into true; this transform, added right after it, hands the raw input back so that
 * the type check sees what was actually sent.
 */
const uncoerced = (_cast: unknown, raw: unknown) => raw;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const lowerCased = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * Any string field: no coercion, wrong types → INVALID_TYPE, control characters refused (a NUL
 * byte cannot even be stored). Formats and lengths are added by the builders below.
 */
export const strictString = () =>
  string()
    .transform(uncoerced)
    .typeError(INVALID_TYPE)
    .nonNullable(INVALID_TYPE)
    .test({
      name: 'invalid_string',
      message: CONTROL_CHARACTERS_NOT_ALLOWED,
      test: (v) => typeof v !== 'string' || !hasControlCharacters(v),
    });

/** A boolean that must be a real true/false ('true', 1 → INVALID_TYPE). */
export const strictBoolean = () => boolean().transform(uncoerced).typeError(INVALID_TYPE).nonNullable(INVALID_TYPE);

/** A nested object of fields; anything else (a list, a text, null) → INVALID_TYPE. */
export const group = <S extends ObjectShape>(shape: S) =>
  object(shape).typeError(INVALID_TYPE).nonNullable(INVALID_TYPE);

/** The kinds of free text, each with its maximum length (validators/text.ts). */
export type TextKind = keyof typeof MAX_LENGTH;

/** Free text of a kind, trimmed, at most MAX_LENGTH[kind] characters. */
export const textOf = (kind: TextKind) =>
  strictString().transform(trimmed).max(MAX_LENGTH[kind], maxLength(MAX_LENGTH[kind]));

/** Required text, trimmed; blank → `message` (code too_small). Names by default. */
export const requiredText = (message: string, kind: TextKind = 'name') => textOf(kind).required(message);

/** Required text that goes into a mail header: one line, without tab, CR, LF or any other control character. */
export const headerText = (message: string, kind: TextKind = 'name') =>
  requiredText(message, kind).test({
    name: 'invalid_string',
    message: CONTROL_CHARACTERS_NOT_ALLOWED,
    test: (v) => v === undefined || !hasHeaderUnsafeCharacters(v),
  });

/** Optional text, trimmed; blank becomes null. */
export const optionalText = (kind: TextKind = 'text') => textOf(kind).nullable().transform(blankToNull).default(null);

/** The `active` toggle every catalogue has: a real boolean is required. */
export const activeField = () => strictBoolean().required(BOOLEAN_REQUIRED);

/** Reference to another record by id (select): missing or not an id → `message`. */
export const idRef = (message: string = SELECT_REQUIRED) =>
  strictString()
    .transform(trimmed)
    .required(message)
    .test({ name: 'invalid_id', message, test: (v) => v === undefined || v === '' || isId(v) });

/**
 * Optional reference (riskManager on create for admins, provider 'Todos'): '' and undefined become
 * null; a present value must be an id.
 */
export const optionalIdRef = (message: string = SELECT_REQUIRED) =>
  strictString()
    .nullable()
    .transform(blankToNull)
    .default(null)
    .test({ name: 'invalid_id', message, test: (v) => v === null || v === undefined || isId(v) });

/** Risk-manager reference as catalogues carry it; whether it is required depends on the caller. */
export const riskManagerRef = () => optionalIdRef(RISK_MANAGER_REQUIRED);

/**
 * The same schema with `riskManager` required, for callers without a risk manager of their own
 * (admins, docs/rules/tenancy-and-roles.md). Catalogues use 'Preencha a gestora de risco', users
 * 'Preencha a gerenciadora de risco'.
 */
export function withRequiredRiskManager<T extends AnyObject>(
  schema: ObjectSchema<T>,
  message: string = RISK_MANAGER_REQUIRED,
) {
  return schema.shape({ riskManager: idRef(message) });
}

/** One value of a closed list; blank → `message`, unknown value → 'Opção inválida'. */
export const enumField = <const V extends string>(values: readonly V[], message: string) =>
  strictString()
    .transform(blankToUndefined)
    .oneOf([...values], INVALID_OPTION)
    .required(message);

/** Profile select of users and logins. */
export const perfilField = (message: string) => enumField(PERFIS, message);

/** E-mail, trimmed and lower-cased (addresses are compared case-insensitively). */
export const emailField = (requiredMessage: string) =>
  textOf('email')
    .transform(lowerCased)
    .required(requiredMessage)
    .test({ name: 'invalid_email', message: INVALID_EMAIL, test: (v) => !v || isValidEmail(v) });

/** CNPJ stored unformatted and upper-case (docs/rules/validation.md); masks are stripped here too. */
export const cnpjField = (requiredMessage: string) =>
  strictString()
    .transform((v: unknown) => (typeof v === 'string' ? normalizeCnpj(v) : v))
    .required(requiredMessage)
    .test({ name: 'invalid_cnpj', message: INVALID_CNPJ, test: (v) => !v || isValidCnpj(v) });

const phoneTest = { name: 'invalid_phone', message: INVALID_PHONE, test: (v: string | null | undefined) => !v || isValidPhone(v) };
const unmaskPhone = (v: unknown) => (typeof v === 'string' ? normalizePhone(v) : v);

/** Required phone, digits only (10 or 11, optionally after the country code 55). */
export const requiredPhone = (requiredMessage: string) =>
  strictString().transform(unmaskPhone).required(requiredMessage).test(phoneTest);

/** Optional phone: blank → null, otherwise digits only (as the required phone). */
export const optionalPhone = () =>
  strictString().nullable().transform(blankToNull).transform(unmaskPhone).default(null).test(phoneTest);

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

/** A number that must be a real JSON number ('12' → INVALID_TYPE); non-integers → INVALID_NUMBER. */
export const strictInteger = () => number().transform(uncoerced).typeError(INVALID_TYPE).nonNullable(INVALID_TYPE).integer(INVALID_NUMBER);

/** Non-negative integer (money in cents, km), at most MAX_INT. */
export const nonNegativeInt = (requiredMessage: string) =>
  strictInteger()
    .transform(emptyNumberToUndefined)
    .required(requiredMessage)
    .min(0, minValue(0))
    .max(MAX_INT, maxValue(MAX_INT));

/** Money as integer cents (CONTRACTS: 12345 = R$ 123,45). */
export const moneyCents = nonNegativeInt;

/** Duration hh:mm with the product's format and range messages. */
export const hhmmField = (requiredMessage: string) =>
  strictString()
    .transform(trimmed)
    .required(requiredMessage)
    .test({
      name: 'invalid_time',
      test(value) {
        if (!value) return true;
        const problem = hhmmProblem(value);
        return problem ? this.createError({ message: problem }) : true;
      },
    });

/**
 * A date sent as text in a query (an ISO instant; whatever Date.parse reads is read): 'Data
 * inválida' when unreadable, DATE_OUT_OF_RANGE outside the product's years (validators/dates.ts).
 */
export const dateText = () =>
  strictString().test({
    name: 'invalid_date',
    test(value) {
      const problem = value === undefined ? undefined : dateTextProblem(value);
      return problem ? this.createError({ message: problem }) : true;
    },
  });

/** CEP stored as its 8 digits (the mask is stripped); 'CEP inválido' otherwise. */
export const cepField = (requiredMessage: string) =>
  strictString()
    .transform((v: unknown) => (typeof v === 'string' ? normalizeCep(v.trim()) : v))
    .required(requiredMessage)
    .test({ name: 'invalid_cep', message: INVALID_CEP, test: (v) => !v || isValidCep(v) });

/**
 * A decimal number within bounds (coordinates, distances). Unlike the other numbers it also takes
 * decimal text ('-23,55' or '-23.55'), because docs/rules/validation.md makes the comma a valid decimal
 * separator of
 * these fields; anything that is not a plain decimal is 'Valor inválido', other types INVALID_TYPE.
 */
export const decimalField = (requiredMessage: string, bounds: { min?: number; max?: number }) => {
  let schema = number()
    .transform((_cast: unknown, raw: unknown) => {
      if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
      if (typeof raw === 'string') return parseDecimal(raw) ?? Number.NaN;
      return raw;
    })
    .typeError(INVALID_TYPE)
    .nonNullable(INVALID_TYPE)
    .required(requiredMessage)
    // A field made optional (.nullable(): occurrence coordinates) carries null when left blank.
    .test({ name: 'invalid_number', message: INVALID_NUMBER, test: (v) => v === undefined || v === null || Number.isFinite(v) })
    .meta({ decimalText: true });
  if (bounds.min !== undefined) schema = schema.min(bounds.min, minValue(bounds.min));
  if (bounds.max !== undefined) schema = schema.max(bounds.max, maxValue(bounds.max));
  return schema;
};
