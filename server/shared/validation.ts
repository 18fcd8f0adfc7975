import type { AnySchema } from 'yup';
import { adminCodeOf, type ValidationIssue } from '../../src/domain/apiErrors';
import { validate } from '../../src/domain/validate';
import { invalid } from '../errors/httpErrors';

/** Request bodies are checked by the shared yup schemas of src/domain, so the client and the server give the same Portuguese messages. */

/** The shared schema's issues for `body`, with the admin codes of spec 8 (none when valid). */
export async function check<T>(
  schema: AnySchema,
  body: unknown,
  context?: Record<string, unknown>,
): Promise<{ value: T | undefined; issues: ValidationIssue[] }> {
  const result = await validate(schema, body ?? {}, { context });
  return result.ok ? { value: result.value as T, issues: [] } : { value: undefined, issues: result.issues.map(adminCode) };
}

/** Validates with a shared schema (and its yup context); 400 {errors} with the schema's codes otherwise. */
export async function validBody<T>(schema: AnySchema, body: unknown, context?: Record<string, unknown>): Promise<T> {
  const { value, issues } = await check<T>(schema, body, context);
  if (issues.length > 0) throw invalid(issues);
  return value as T;
}

/**
 * Spec 8 admin codes (the mapping shared with the client, src/domain/apiErrors.ts): a missing
 * `active` toggle travels as missingActive ('Ativação pendente'); a missing name stays too_small,
 * which is how spec 8 sends missingName.
 */
function adminCode(issue: ValidationIssue): ValidationIssue {
  return adminCodeOf(issue) === 'missingActive' ? { ...issue, code: 'missingActive' } : issue;
}
