import { normalizeApiError, type NormalizedApiError } from '../domain/apiErrors';
import { TOO_MANY_ATTEMPTS } from '../domain/messages';

/** Shown when a request never got an answer (after its retries). */
export const NETWORK_ERROR_MESSAGE = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';
/** Ours, for an answer with no usable message (the "unexpected_error" kind of docs/api.md#erros). */
export const UNEXPECTED_ERROR_MESSAGE = 'Ocorreu um erro inesperado, tente novamente mais tarde';

/**
 * The server's default texts are machine strings in English ('invalid token', 'forbidden',
 * 'Unknown error'…); a person is shown these instead.
 * `apiError` and `raw` keep the server's words for code that maps them (login, wizard).
 */
const STATUS_MESSAGES: Record<number, string> = {
  401: 'Sua sessão não é mais válida. Faça o login novamente.',
  403: 'Você não tem permissão para realizar esta ação.',
  404: 'Registro não encontrado.',
  429: TOO_MANY_ATTEMPTS,
  500: UNEXPECTED_ERROR_MESSAGE,
};
const MACHINE_TEXT = /^(invalid token|missing token|token expired|forbidden|not found|unknown error|too many (requests|attempts)|route \w+ .* not found)$/i;

/**
 * A failed request. `status` is the HTTP status (0 when the server never answered), `apiError`
 * the normalised body (docs/api.md#erros), `raw` the body as received.
 * `body` follows react-admin's convention: for a validation answer it is `{ errors: { path: message } }`
 * so create/edit forms put each message under its field; otherwise it is the raw body.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly apiError: NormalizedApiError;
  readonly raw: unknown;
  readonly body: unknown;

  constructor(status: number, raw: unknown, message?: string) {
    const apiError = normalizeApiError(raw);
    super(message ?? messageOf(status, apiError));
    this.name = 'HttpError';
    this.status = status;
    this.apiError = apiError;
    this.raw = raw;
    this.body =
      apiError.kind === 'validation'
        ? { errors: Object.fromEntries(apiError.issues.map((i) => [i.path || 'root', i.message])) }
        : raw;
  }
}

function messageOf(status: number, apiError: NormalizedApiError): string {
  switch (apiError.kind) {
    case 'generic_error':
      // An HTML page (a proxy's error page) is no message for a person either.
      return MACHINE_TEXT.test(apiError.message.trim()) || apiError.message.trimStart().startsWith('<')
        ? (STATUS_MESSAGES[status] ?? UNEXPECTED_ERROR_MESSAGE)
        : apiError.message;
    case 'validation':
      return apiError.issues.map((i) => i.message).filter(Boolean).join(' ') || UNEXPECTED_ERROR_MESSAGE;
    default:
      return STATUS_MESSAGES[status] ?? UNEXPECTED_ERROR_MESSAGE;
  }
}

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;
