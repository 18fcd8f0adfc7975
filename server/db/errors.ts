import { DUPLICATE_NAME, NUMBER_OUT_OF_RANGE } from '../../src/domain/messages';
import { NAME_UNIQUE_SUFFIX } from './schema/columns';
import { badRequest, conflict, HttpError } from '../errors/httpErrors';

/** PostgreSQL constraint errors as honest HTTP answers (docs/api.md: 400 invalid, 409 conflict). */

export const IN_USE_MESSAGE = 'Registro em uso por outros cadastros. Desative-o em vez de excluir.';

/** The PostgreSQL error of a failed query, also when Drizzle wraps it (DrizzleQueryError.cause). */
function pgError(error: unknown): { code: string; constraint?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as { code: string; constraint?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The PostgreSQL error code of a failed query. */
export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code;

/** The constraint (or unique index) a failed query violated, when the driver names it. */
export function pgConstraint(error: unknown): string | undefined {
  const constraint = pgError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/**
 * Still referenced: foreign_key_violation (23503), or restrict_violation (23001), which is what
 * PostgreSQL raises for our ON DELETE RESTRICT keys.
 */
const IN_USE_CODES = new Set(['23503', '23001']);

/** Runs a delete; a row still referenced elsewhere → 409 with a message the user can act on. */
export async function deleteOrConflict(run: () => Promise<unknown[]>): Promise<unknown[]> {
  try {
    return await run();
  } catch (error) {
    if (IN_USE_CODES.has(pgErrorCode(error) ?? '')) throw conflict(IN_USE_MESSAGE);
    throw error;
  }
}

/**
 * A value the database cannot hold: numeric_value_out_of_range (22003), e.g. an integer above
 * 2147483647 that got past the schemas. The client's mistake, so 400 rather than 500.
 */
export function outOfRangeAnswer(error: unknown): HttpError | undefined {
  return pgErrorCode(error) === '22003' ? badRequest(NUMBER_OUT_OF_RANGE) : undefined;
}

/**
 * Runs an insert/update, turning constraint violations into honest 4xx answers. A duplicate
 * catalogue name (any `<table>_name_unique` index) is 409 DUPLICATE_NAME; another unique
 * violation (a CNPJ, an e-mail) is 409 `uniqueMessage`.
 */
export async function writeOrReject<T>(run: () => Promise<T>, uniqueMessage: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23505') throw conflict(pgConstraint(error)?.endsWith(NAME_UNIQUE_SUFFIX) ? DUPLICATE_NAME : uniqueMessage);
    if (code === '23503' || code === '23001' || code === '23514') throw badRequest('Referência inválida');
    throw outOfRangeAnswer(error) ?? error;
  }
}

/**
 * Two transactions that waited on each other (deadlock_detected, 40P01) or a serialisation failure
 * (40001): PostgreSQL rolled this one back, so nothing was written and the same request can simply
 * be sent again — 503 with Retry-After, which the field app's queue retries (docs/api.md), instead
 * of a 500 that reads as a fault in the product.
 */
const CONTENTION_CODES = new Set(['40P01', '40001']);

export const CONTENTION_MESSAGE = 'Outra alteração do mesmo registro estava sendo gravada ao mesmo tempo; nada foi gravado. Tente novamente.';

export function contentionAnswer(error: unknown): HttpError | undefined {
  return CONTENTION_CODES.has(pgErrorCode(error) ?? '') ? new HttpError(503, { error: CONTENTION_MESSAGE }, { 'retry-after': '1' }) : undefined;
}
