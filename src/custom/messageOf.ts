import { isHttpError } from '../dataProvider/HttpError';

const FAILED = 'Não foi possível concluir. Tente novamente.';

/** The server's Portuguese refusal (its message, or the first field's), or the generic failure. */
export function messageOf(error: unknown): string {
  if (!isHttpError(error)) return FAILED;
  const api = error.apiError;
  if (api.kind === 'generic_error') return api.message;
  if (api.kind === 'validation') return api.issues[0]?.message ?? FAILED;
  return FAILED;
}
