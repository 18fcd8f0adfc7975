/**
 * A shared yup schema as JSON Schema, for the OpenAPI document: the body or query a route validates
 * with that yup schema is described from it, so the form, the server's check and the API's
 * description are one declaration. Only the description comes from here: validation stays with
 * yup (its Portuguese messages, its casts and cross-field tests, which JSON Schema cannot say).
 *
 * Two readings of one schema:
 * - `request`: what a caller sends — yup's required fields without a default are required, a
 *   nullable field accepts null, an unknown key is dropped;
 * - `response`: what the server answers for a stored record — every field is present (rows have
 *   every column), and one the form may leave empty comes back as null.
 */
import type { AnySchema, SchemaDescription, SchemaFieldDescription } from 'yup';
import { CHECKED_IN_HANDLER } from './fromSchema';

export type JsonSchema = { [key: string]: unknown };
export type SchemaReading = 'request' | 'response';

type Described = SchemaDescription & {
  fields?: Record<string, SchemaFieldDescription>;
  innerType?: SchemaFieldDescription;
};

const JSON_TYPES: Record<string, string> = { string: 'string', number: 'number', boolean: 'boolean', date: 'string', object: 'object', array: 'array' };

const testParam = (description: Described, name: string, param: string): number | undefined => {
  const value = description.tests.find((test) => test.name === name)?.params?.[param];
  return typeof value === 'number' ? value : undefined;
};

/** The keywords of one field's own rules: lengths, bounds, integer, choices. */
function keywordsOf(description: Described): JsonSchema {
  const schema: JsonSchema = {};
  const min = testParam(description, 'min', 'min');
  const max = testParam(description, 'max', 'max');
  if (description.type === 'string') {
    if (min !== undefined) schema.minLength = min;
    if (max !== undefined) schema.maxLength = max;
  } else if (description.type === 'number') {
    if (min !== undefined) schema.minimum = min;
    if (max !== undefined) schema.maximum = max;
  } else if (description.type === 'array') {
    if (min !== undefined) schema.minItems = min;
    if (max !== undefined) schema.maxItems = max;
  }
  if (description.type === 'date') schema.format = 'date-time';
  const choices = description.oneOf.filter((choice) => choice !== undefined && choice !== null);
  if (choices.length > 0) schema.enum = description.nullable ? [...choices, null] : choices;
  if (description.label) schema.title = description.label;
  return schema;
}

function describe(description: Described, reading: SchemaReading): JsonSchema {
  const base = JSON_TYPES[description.type];
  const isInteger = description.tests.some((test) => test.name === 'integer');
  const type = base === 'number' && isInteger ? 'integer' : base;
  // A stored field the form may leave out comes back as null.
  const nullable = description.nullable || (reading === 'response' && description.optional && type !== 'object');
  const schema: JsonSchema = { ...(type ? { type: nullable ? [type, 'null'] : type } : {}), ...keywordsOf(description) };
  if (description.fields) {
    const fields = Object.entries(description.fields) as [string, Described][];
    // A request's unknown keys are dropped by yup (stripUnknown), not refused; an answer has no others.
    if (reading === 'response') schema.additionalProperties = false;
    schema.properties = Object.fromEntries(fields.map(([name, field]) => [name, describe(field, reading)]));
    // A required field with a default (a plan's `active`) is filled in by yup when left out.
    const required = reading === 'response' ? fields : fields.filter(([, field]) => !field.optional && !('default' in field && field.default !== undefined));
    schema.required = required.map(([name]) => name);
  }
  if (description.innerType) schema.items = describe(description.innerType as Described, reading);
  return schema;
}

/** The JSON Schema of a yup schema, read as a request or as a stored record's answer. */
export const jsonSchemaOf = (schema: AnySchema, reading: SchemaReading = 'request'): JsonSchema =>
  describe(schema.describe(), reading);

/** The body or query a shared yup schema accepts, described from that schema (one declaration). */
export const yupDescribed = (schema: AnySchema): JsonSchema => ({ ...jsonSchemaOf(schema), [CHECKED_IN_HANDLER]: 'yup' });
