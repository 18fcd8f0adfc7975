import type { AnySchema } from 'yup';
import { CHECKED_IN_HANDLER } from './fromSchema';
import { jsonSchemaOf, type JsonSchema } from './jsonSchemaOf';

/**
 * The body or query a shared yup schema accepts, described from that schema (one declaration): the
 * document shows every field while the route validates with yup itself, for its Portuguese messages.
 */
export const yupDescribed = (schema: AnySchema): JsonSchema => ({ ...jsonSchemaOf(schema), [CHECKED_IN_HANDLER]: 'yup' });
