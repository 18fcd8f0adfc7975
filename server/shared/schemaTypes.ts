import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { CHECKED_IN_HANDLER } from './routeSchemas';

/**
 * A route's request typed from the JSON Schema it declares (docs/architecture.md): Fastify checks params,
 * querystring and body against the route's schema before the handler runs, so the handler reads them
 * as the schema's type, without an interface stated beside it that could say something else. Covers
 * what the routes declare (`as const` objects of strings, numbers, booleans, enums, arrays and
 * nested objects); a schema known only as a wide JsonSchema (a body described from a shared yup
 * schema, which the handler validates itself with validBody) stays `unknown`, and a part marked
 * CHECKED_IN_HANDLER is an object whose fields are still to be checked (`unknown` each).
 */

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequiredKeys<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

type ObjectOf<S> = S extends { readonly properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P as K extends RequiredKeys<S> ? K : never]: FromSchema<P[K]> } & {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? never : K]?: FromSchema<P[K]>;
      }
    >
  : Record<string, unknown>;

type OfType<T, S> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { readonly items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? ObjectOf<S>
            : unknown;

/** Fastify checks only the top-level type of such a part (server/http/schemaValidators.ts). */
type UncheckedFields<S> = S extends { readonly type: 'object'; readonly properties: infer P } ? { -readonly [K in keyof P]?: unknown } : unknown;

/** The value a JSON Schema accepts, when the schema's type is known to the compiler (`as const`). */
export type FromSchema<S> = S extends { readonly [CHECKED_IN_HANDLER]: unknown }
  ? UncheckedFields<S>
  : S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly anyOf: readonly (infer A)[] }
      ? FromSchema<A>
      : S extends { readonly type: infer T }
        ? string extends T
          ? unknown
          : T extends readonly (infer U)[]
            ? OfType<U, S>
            : OfType<T, S>
        : unknown;

/** Fastify's type provider over FromSchema: requests typed from their route schemas. */
export interface SchemaTypes extends FastifyTypeProvider {
  readonly validator: FromSchema<this['schema']>;
  /** Answers are checked (and serialized) by their response schemas at run time. */
  readonly serializer: unknown;
}

/** The app as every route plugin receives it: its routes' requests typed from their schemas. */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, SchemaTypes>;
