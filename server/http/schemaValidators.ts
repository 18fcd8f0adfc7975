import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { STREAMED } from '../../src/domain/fileBodies';
import { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';

/**
 * Route-schema validation with two Ajv instances. Bodies are JSON and arrive typed, so a value of
 * the wrong type is refused, never coerced: with coercion `"password": ["Demo@123"]` became the
 * string and logged in. Querystring, params and headers arrive as text, so numbers (and single
 * values of repeated parameters) are still coerced there.
 */
const shared: Options = { removeAdditional: false, allErrors: true, useDefaults: true };
const bodyAjv = new Ajv({ ...shared, coerceTypes: false });
const textAjv = new Ajv({ ...shared, coerceTypes: 'array' });
// The formats (date-time, email…) Fastify's own compiler knows, so route schemas mean the same.
for (const ajv of [bodyAjv, textAjv]) addFormats(ajv);

/**
 * A part described from a shared yup schema (CHECKED_IN_HANDLER) is validated by the handler with that
 * schema, for its Portuguese messages: here only its top-level type (a JSON object) is checked, and
 * nothing when it names none (an optional body) or when the handler reads it from the stream (a
 * multipart form, a file: src/domain/fileBodies.ts).
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const described = schema as { type?: unknown; [CHECKED_IN_HANDLER]?: unknown };
  const unchecked = described.type === undefined || described[CHECKED_IN_HANDLER] === STREAMED;
  const checked = described[CHECKED_IN_HANDLER] === undefined ? schema : unchecked ? {} : { type: described.type };
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(checked);
};
