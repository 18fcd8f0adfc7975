/**
 * The error bodies the API answers with, and their normalisation on the client (spec section 7,
 * "Response handling"): validation issues come as `{ errors: [{ code, path, message }] }` and are
 * grouped by code; a plain string (`{ error: '…' }` or a bare string) becomes `generic_error`;
 * anything else is `unexpected_error`.
 */

export interface ValidationIssue {
  /** Machine code, e.g. `too_small`, `invalid_string`, `required`, `invalid_cnpj`. */
  code: string;
  /** Dotted path of the field, e.g. `name` or `contacts.phone1`. */
  path: string;
  /** Portuguese message fit to show under the field. */
  message: string;
}

export type ApiErrorBody = { errors: ValidationIssue[] } | { error: string };

export type NormalizedApiError =
  | { kind: 'validation'; byCode: Record<string, ValidationIssue[]>; issues: ValidationIssue[] }
  | { kind: 'generic_error'; message: string }
  | { kind: 'unexpected_error' };

const isIssue = (v: unknown): v is ValidationIssue =>
  typeof v === 'object' && v !== null && typeof (v as ValidationIssue).code === 'string';

export function normalizeApiError(body: unknown): NormalizedApiError {
  if (typeof body === 'string') return { kind: 'generic_error', message: body };
  if (Array.isArray(body) && body.every(isIssue)) return groupIssues(body);
  if (typeof body === 'object' && body !== null) {
    const { errors, error } = body as { errors?: unknown; error?: unknown };
    if (Array.isArray(errors) && errors.every(isIssue)) return groupIssues(errors);
    if (Array.isArray(error) && error.every(isIssue)) return groupIssues(error);
    if (typeof error === 'string') return { kind: 'generic_error', message: error };
  }
  return { kind: 'unexpected_error' };
}

function groupIssues(issues: ValidationIssue[]): NormalizedApiError {
  const byCode: Record<string, ValidationIssue[]> = {};
  for (const issue of issues) (byCode[issue.code] ??= []).push(issue);
  return { kind: 'validation', byCode, issues };
}
