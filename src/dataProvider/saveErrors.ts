/**
 * What a failed save shows (docs/api.md, docs/rules/messages.md): validation issues go under their fields, the
 * admin codes get their catalogue texts, a refusal (any other 4xx: 403, 404, 409, 422…) shows the
 * server's message, which says why (e.g. 'Não é possível excluir o próprio usuário'), and a server
 * failure or lost connection the generic save error.
 */
import { ADMIN_CODE_MESSAGES, adminCodeOf, normalizeApiError } from '../domain/apiErrors';
import { isHttpError } from './HttpError';

export const GENERIC_SAVE_ERROR = 'Não foi possível salvar no momento, tente novamente mais tarde';

export interface SaveErrorView {
  /** Messages to show under fields, by dotted path. */
  fieldErrors: { path: string; message: string }[];
  /** The error toast. */
  toast: string;
}

/**
 * The status and answer body of a data-provider error. The app's HttpError keeps the body as
 * received in `raw` (its `body` is reshaped for react-admin forms); other errors follow
 * react-admin's HttpError, whose `body` is the answer.
 */
function statusAndBody(error: unknown): { status?: number; body?: unknown } {
  if (typeof error !== 'object' || error === null) return {};
  const { status, body, raw } = error as { status?: unknown; body?: unknown; raw?: unknown };
  return { status: typeof status === 'number' ? status : undefined, body: 'raw' in error ? raw : body };
}

export function describeSaveError(error: unknown): SaveErrorView {
  const { status, body } = statusAndBody(error);
  const normalized = normalizeApiError(body);
  const refused = status !== undefined && status >= 400 && status < 500;
  if (refused && normalized.kind !== 'validation') {
    // HttpError's message is the server's text, or a Portuguese one for its machine strings.
    if (isHttpError(error)) return { fieldErrors: [], toast: error.message };
    if (normalized.kind === 'generic_error') return { fieldErrors: [], toast: normalized.message };
  }
  if (status === 400 && normalized.kind === 'validation') {
    const fieldErrors = normalized.issues.map((issue) => {
      const code = adminCodeOf(issue);
      return { path: issue.path, message: code ? ADMIN_CODE_MESSAGES[code] : issue.message };
    });
    const firstAdmin = normalized.issues.map(adminCodeOf).find((code) => code !== undefined);
    return { fieldErrors, toast: firstAdmin ? ADMIN_CODE_MESSAGES[firstAdmin] : (fieldErrors[0]?.message ?? GENERIC_SAVE_ERROR) };
  }
  return { fieldErrors: [], toast: GENERIC_SAVE_ERROR };
}
