import type { AnySchema, InferType } from 'yup';
import { adminCodeOf, type ValidationIssue } from '../../src/domain/apiErrors';
import { validate } from '../../src/domain/validate';
import { invalid } from '../errors/httpErrors';

/** Request bodies are checked by the shared yup schemas of src/domain, so the client and the server give the same Portuguese messages. */

/** The shared schema's issues for `body`, with the admin codes of docs/rules/messages.md (none when valid). */
export async function check<S extends AnySchema>(
  schema: S,
  body: unknown,
  context?: Record<string, unknown>,
): Promise<{ value: InferType<S> | undefined; issues: ValidationIssue[] }> {
  const result = await validate(schema, body ?? {}, { context });
  return result.ok ? { value: result.value, issues: [] } : { value: undefined, issues: result.issues.map(adminCode) };
}

/**
 * Validates with a shared schema (and its yup context); 400 {errors} with the schema's codes
 * otherwise. The answer's type is the schema's own (yup's InferType), so no caller states it apart.
 */
export async function validBody<S extends AnySchema>(schema: S, body: unknown, context?: Record<string, unknown>): Promise<InferType<S>> {
  const result = await validate(schema, body ?? {}, { context });
  if (!result.ok) throw invalid(result.issues.map(adminCode));
  return result.value;
}

/** Field `name` of a body the route has not checked yet (any JSON value, or none): undefined when it is not an object holding it. */
export function fieldOf(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? Object.entries(body).find(([key]) => key === name)?.[1] : undefined;
}

/**
 * docs/rules/messages.md admin codes (the mapping shared with the client, src/domain/apiErrors.ts): a missing
 * `active` toggle travels as missingActive ('Ativação pendente'); a missing name stays too_small,
 * which is how docs/rules/messages.md sends missingName.
 */
function adminCode(issue: ValidationIssue): ValidationIssue {
  return adminCodeOf(issue) === 'missingActive' ? { ...issue, code: 'missingActive' } : issue;
}
