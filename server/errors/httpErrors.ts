import type { ValidationIssue } from '../../src/domain/apiErrors';

/** An error that knows its HTTP status, the body to answer with (docs/api.md#erros) and extra headers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { error: string } | { errors: ValidationIssue[] },
    readonly headers: Record<string, string> = {},
  ) {
    super('error' in body ? body.error : body.errors.map((e) => `${e.path}: ${e.code}`).join(', '));
  }
}

/**
 * The default texts of the refusals below, as a person reads them (401,
 * 403 and 404 read as the browser words those statuses, src/dataProvider/HttpError.ts).
 * Contract strings the browser matches on (AUTH_ERRORS) are passed explicitly and stay as they are.
 */
export const HTTP_MESSAGES = {
  missingToken: 'Sessão não informada. Faça o login.',
  invalidToken: 'Sua sessão não é mais válida. Faça o login novamente.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  notFound: 'Registro não encontrado.',
  tooManyRequests: 'Muitas requisições. Aguarde e tente novamente.',
} as const;

/** No route answers this method and path. */
export const ROUTE_NOT_FOUND = 'Recurso não encontrado.';

export const badRequest = (message: string) => new HttpError(400, { error: message });
export const invalid = (errors: ValidationIssue[]) => new HttpError(400, { errors });
export const unauthorized = (message: string = HTTP_MESSAGES.invalidToken) => new HttpError(401, { error: message });
export const forbidden = (message: string = HTTP_MESSAGES.forbidden) => new HttpError(403, { error: message });
export const notFound = (message: string = HTTP_MESSAGES.notFound) => new HttpError(404, { error: message });
export const conflict = (message: string) => new HttpError(409, { error: message });
/** 429 with Retry-After (RFC 9110 10.2.3): the whole seconds until the blocking window ends. */
export const tooManyRequests = (message: string = HTTP_MESSAGES.tooManyRequests, retryAfterSeconds = 60) =>
  new HttpError(429, { error: message }, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A service the answer depends on could not be reached (an address upstream): nothing about the input. */
export const serviceUnavailable = (message: string) => new HttpError(503, { error: message });
