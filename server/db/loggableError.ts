import { DrizzleQueryError } from 'drizzle-orm';
import { pgErrorCode } from './errors';

/**
 * What the log may keep of a failed request's error. A database error is reduced to what
 * identifies the failure — SQLSTATE, constraint, table, column — because Drizzle's message and
 * `params` carry the statement's values (a user INSERT carries the scrypt hash), and PostgreSQL's
 * `detail` repeats the offending value. Other errors are logged as they are.
 */
export function loggableError(error: unknown): unknown {
  const code = pgErrorCode(error);
  if (code === undefined && !(error instanceof DrizzleQueryError)) return error;
  const fields: Record<string, unknown> = { type: 'DatabaseError', code };
  const source = databaseSource(error);
  for (const key of ['severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine'] as const) {
    const value = source?.[key];
    if (typeof value === 'string' && value !== '') fields[key] = value;
  }
  if (error instanceof Error && error.stack) {
    // The stack's first lines repeat the message (SQL and params): keep only the frames.
    fields.stack = error.stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n');
  }
  return fields;
}

/** The driver's error (PGlite's or pg's DatabaseError), which Drizzle keeps as `cause`. */
function databaseSource(error: unknown): Record<string, unknown> | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
