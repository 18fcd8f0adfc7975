/**
 * Runs a yup schema and answers either the cast value or the list of issues in the API's shape
 * ({code, path, message}, docs/api.md, docs/rules/messages.md). The server answers these issues as a
 * 400; the client can
 * show them under the fields.
 *
 * Code mapping (machine codes follow the API's zod-like vocabulary):
 * - missing values — yup `required`, `optionality` (.defined), `nullable` — and `min` → `too_small`
 *   (docs/rules/messages.md: missingName travels as code too_small on `name`);
 * - `max` → `too_big`; `length` → `too_small`/`too_big` by the value's length;
 * - `typeError`, `integer` → `invalid_type`; `oneOf`/`notOneOf` → `invalid_enum_value`;
 *   `email`, `matches`, `url`, `uuid`, `trim`, `string_case`, `datetime*` → `invalid_string`;
 *   `noUnknown` → `unrecognized_keys`;
 * - our own tests keep their names (`invalid_cnpj`, `invalid_phone`, `invalid_time`…).
 * Only the first issue of each path is kept: one message per field, as the form shows it.
 */
import { ValidationError, type AnySchema, type InferType } from 'yup';
import type { ValidationIssue } from './apiErrors';

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

export interface ValidateOptions {
  /** Drop keys the schema does not declare (default true: nothing unknown reaches storage). */
  stripUnknown?: boolean;
  /** Passed to yup for `$context` references in schemas. */
  context?: Record<string, unknown>;
}

const MISSING = new Set(['required', 'optionality', 'nullable', 'defined']);
const STRING_FORMAT = new Set(['email', 'matches', 'url', 'uuid', 'trim', 'string_case', 'datetime', 'datetime_offset', 'datetime_precision']);

/** Maps one yup error to its API code. */
export function issueCode(error: ValidationError): string {
  const type = error.type ?? 'custom';
  if (MISSING.has(type) || type === 'min') return 'too_small';
  if (type === 'max') return 'too_big';
  if (type === 'length') {
    const length = (error.params as { length?: number } | undefined)?.length;
    const value = error.value as { length?: number } | null | undefined;
    return typeof length === 'number' && (value?.length ?? 0) < length ? 'too_small' : 'too_big';
  }
  if (type === 'typeError' || type === 'integer') return 'invalid_type';
  if (type === 'oneOf' || type === 'notOneOf') return 'invalid_enum_value';
  if (STRING_FORMAT.has(type)) return 'invalid_string';
  if (type === 'noUnknown') return 'unrecognized_keys';
  return type;
}

/** yup paths ('items[0].name', '["a.b"]') as dotted API paths ('items.0.name', 'a.b'). */
export function issuePath(path: string | undefined): string {
  if (!path) return '';
  return path.replace(/\[\s*"([^"]*)"\s*\]/g, '.$1').replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

/** Flattens a yup ValidationError into API issues, first issue per path only. */
export function toIssues(error: ValidationError): ValidationIssue[] {
  const leaves = error.inner.length > 0 ? error.inner : [error];
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const leaf of leaves) {
    const path = issuePath(leaf.path);
    if (seen.has(path)) continue;
    seen.add(path);
    issues.push({ code: issueCode(leaf), path, message: leaf.message });
  }
  return issues;
}

/**
 * Object.prototype's member names. yup's object cast looks each input key up in its plain `fields`
 * object, so a key named `constructor` or `toString` finds Object's own member there and throws
 * (a 500 for `{"constructor": 1}`). No schema has a field of those names: they are dropped first,
 * as stripUnknown would drop them.
 */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

function withoutPrototypeNames(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(withoutPrototypeNames);
  if (typeof input !== 'object' || input === null || Object.getPrototypeOf(input) !== Object.prototype) return input;
  return Object.fromEntries(
    Object.entries(input)
      .filter(([key]) => !PROTOTYPE_NAMES.has(key))
      .map(([key, value]) => [key, withoutPrototypeNames(value)]),
  );
}

const yupOptions = (options: ValidateOptions) => ({
  abortEarly: false,
  stripUnknown: options.stripUnknown ?? true,
  context: options.context,
});

/** Synchronous variant; every schema in src/domain/schemas is synchronous. */
export function validateSync<S extends AnySchema>(
  schema: S,
  input: unknown,
  options: ValidateOptions = {},
): ValidationResult<InferType<S>> {
  try {
    return { ok: true, value: schema.validateSync(withoutPrototypeNames(input), yupOptions(options)) };
  } catch (error) {
    if (ValidationError.isError(error)) return { ok: false, issues: toIssues(error) };
    throw error;
  }
}

export async function validate<S extends AnySchema>(
  schema: S,
  input: unknown,
  options: ValidateOptions = {},
): Promise<ValidationResult<InferType<S>>> {
  try {
    return { ok: true, value: await schema.validate(withoutPrototypeNames(input), yupOptions(options)) };
  } catch (error) {
    if (ValidationError.isError(error)) return { ok: false, issues: toIssues(error) };
    throw error;
  }
}
