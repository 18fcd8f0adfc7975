import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { FromSchema } from '../../src/domain/fromSchema';

/**
 * A route's request typed from the JSON Schema it declares (docs/architecture.md): Fastify checks params,
 * querystring and body against the route's schema before the handler runs, so the handler reads them
 * as the schema's type (src/domain/fromSchema.ts), without an interface stated beside it that could
 * say something else. Fastify's type provider over FromSchema.
 */
export interface SchemaTypes extends FastifyTypeProvider {
  readonly validator: FromSchema<this['schema']>;
  /** Answers are checked (and serialized) by their response schemas at run time. */
  readonly serializer: unknown;
}

/** The app as every route plugin receives it: its routes' requests typed from their schemas. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, SchemaTypes>;
