/**
 * The error bodies the API answers with, and their normalisation on the client (docs/api.md,
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

// ── Shared codes and strings of the API contract (docs/api.md, docs/rules/messages.md) ──────────────────────

/**
 * The auth service's error strings (server/auth/handlers.ts answers them; the login page and the
 * forgot-password wizard recognise them). Machine strings, never shown to a person.
 */
export const AUTH_ERRORS = {
  invalidCredentials: 'invalid credentials',
  invalidResetCode: 'invalid reset code',
  tooManyAttempts: 'too many attempts',
} as const;

/**
 * The steps a login may ask for after the password, each sent in the login body under its own
 * name (`{ username, password, emailCode, twoFactorCode }`), with the server's strings for "this
 * step is required" and "this step's value is wrong" (both 401): a code e-mailed to an account
 * past its login budget (docs/rules/sign-in.md), and the code of the account's authenticator
 * app or one of its recovery codes (docs/operations/two-factor.md). Both may be asked in
 * one login; each value given is sent again with the next.
 */
export const LOGIN_SECOND_STEPS = {
  emailCode: { required: 'email code required', invalid: 'invalid email code' },
  twoFactorCode: { required: 'two factor code required', invalid: 'invalid two factor code' },
} as const;

export type LoginSecondStep = keyof typeof LOGIN_SECOND_STEPS;

/**
 * 401 of a right password whose account must use a second factor and has none yet (its risk
 * manager requires it for the profile): the login page sets it up (POST /two-factor/enrolment),
 * and the first code of the app, sent as `twoFactorCode`, confirms it and signs in.
 */
export const TWO_FACTOR_SETUP_REQUIRED = 'two factor setup required';

/** docs/rules/messages.md admin codes with their catalogue texts. */
export const ADMIN_CODE_MESSAGES = {
  missingRiskManager: 'Gestora de risco não informada',
  missingName: 'Nomeação não informada',
  missingActive: 'Ativação pendente',
} as const;

/** The admin codes a validation issue can carry. */
export type AdminIssueCode = keyof typeof ADMIN_CODE_MESSAGES;
export type AdminCode = AdminIssueCode | 'invalidAdminSub';

/** invalidAdminSub: the admin service's answer to an unknown {type} (docs/api.md: a local 400 'invalid admin sub'). */
export const INVALID_ADMIN_SUB = 'invalid admin sub';

/** A catalogue created by a caller without a risk manager of its own that named none (or an unknown one). */
export const MISSING_RISK_MANAGER_ISSUE: ValidationIssue = {
  code: 'missingRiskManager',
  path: 'riskManager',
  message: ADMIN_CODE_MESSAGES.missingRiskManager,
};

/**
 * The admin code a validation issue stands for, or undefined. One mapping for both sides: the
 * server sends a missing `active` as missingActive (and keeps too_small on `name`, which docs/rules/messages.md
 * calls missingName), the client picks the catalogue text of whichever code it receives.
 */
export function adminCodeOf(issue: ValidationIssue): AdminIssueCode | undefined {
  if (Object.hasOwn(ADMIN_CODE_MESSAGES, issue.code)) return issue.code as AdminIssueCode;
  if (issue.code === 'too_small' && issue.path === 'name') return 'missingName';
  if (issue.code === 'too_small' && issue.path === 'active') return 'missingActive';
  return undefined;
}
