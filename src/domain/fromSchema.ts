/**
 * The value a JSON Schema accepts, as a TypeScript type (docs/decisions/one-contract-per-endpoint.md):
 * every request and answer of the API is declared once as JSON Schema (or a shared yup schema) in
 * src/domain, and the handler's, the client's and the screens' types are read from it, so no
 * interface stated beside a schema can say something else. Types only: the browser uses it too.
 *
 * Covers what the API declares (`as const` objects of strings, numbers, booleans, enums, arrays,
 * nested objects, maps of one value type (`additionalProperties`), `anyOf`, nullable types); a list of exactly N items (`minItems` = `maxItems`) is a
 * tuple. A schema known only as a wide JsonSchema stays `unknown`, and a part marked
 * CHECKED_IN_HANDLER is an object whose fields are still to be checked (`unknown` each).
 */

/**
 * Marks a body or query schema as a description only: the route validates it itself — with the
 * shared yup schema, for its Portuguese messages (value 'yup') — so Fastify checks no more than its
 * top-level type (server/http/schemaValidators.ts) while the document shows every field.
 */
export const CHECKED_IN_HANDLER = 'x-validado-na-rota';

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequiredKeys<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

type ObjectOf<S> = S extends { readonly properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P as K extends RequiredKeys<S> ? K : never]: FromSchema<P[K]> } & {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? never : K]?: FromSchema<P[K]>;
      }
    >
  : S extends { readonly additionalProperties: infer A extends object }
    ? Record<string, FromSchema<A>>
    : Record<string, unknown>;

type TupleOf<T, N extends number, Built extends T[] = []> = Built['length'] extends N ? Built : TupleOf<T, N, [...Built, T]>;

/** A list of `I`; of exactly N of them when the schema says so (the billing table's two rows). */
type ListOf<S, I> = S extends { readonly minItems: infer N extends number; readonly maxItems: infer M extends number }
  ? [N, M] extends [M, N]
    ? number extends N
      ? FromSchema<I>[]
      : TupleOf<FromSchema<I>, N>
    : FromSchema<I>[]
  : FromSchema<I>[];

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
            ? ListOf<S, I>
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
