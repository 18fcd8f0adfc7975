/**
 * The pieces every declared answer is built from (the response schemas beside each feature's types
 * in src/domain): one definition of a text, a count, an instant and a closed object, so that an
 * answer's shape reads the same everywhere and a field it does not declare never leaves the server.
 */
import { ID_PATTERN } from './ids';

export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const number = { type: 'number' } as const;
export const nullableNumber = { type: ['number', 'null'] } as const;
export const count = { type: 'integer', minimum: 0 } as const;
export const instant = { type: 'string', format: 'date-time' } as const;
export const nullableInstant = { type: ['string', 'null'], format: 'date-time' } as const;

/** `/:id` with a 24-hex id: a malformed id is a 400 without a database round trip. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN.source } },
} as const;

/**
 * `/:id` that the handler looks up itself (a mission's, a chat message's): any text, as the
 * document has always shown it; an id that names nothing is the handler's 404.
 */
export const textIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

/** exactObject's schema: `extra`'s keywords replace the defaults, so a literal type survives for FromSchema. */
export type ExactObject<P, E> = Omit<{ type: 'object'; additionalProperties: false; required: (keyof P & string)[]; properties: P }, keyof E> & E;

/**
 * An object with exactly `properties`, all required. `extra` adds keywords or replaces the type
 * (`{ type: ['object', 'null'] }` for an optional part, `{ description }` for the document).
 */
export const exactObject = <const P extends Record<string, unknown>, const E extends Record<string, unknown> = Record<never, never>>(
  properties: P,
  extra?: E,
): ExactObject<P, NoInfer<E>> =>
  // NoInfer: nested in another schema, the call must not take its `extra` from the outer one's type.
  ({
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
    ...extra,
  }) as unknown as ExactObject<P, E>;

/**
 * A list that pages on the server (src/domain/schemas/listPage.ts): one page of `item` with its
 * position, or — asked without page and perPage — the whole list as before.
 */
export const pageOf = <const I extends Record<string, unknown>>(item: I) =>
  exactObject(
    { data: { type: 'array', items: item }, page: { type: 'integer', minimum: 1 }, perPage: { type: 'integer', minimum: 1 }, total: count, totalPages: { type: 'integer', minimum: 1 } },
    { description: 'Uma página da lista (pedida com page/perPage).' },
  );

export const pagedListOf = <const I extends Record<string, unknown>>(item: I) =>
  ({
    anyOf: [{ type: 'array', items: item, description: 'A lista inteira (pedida sem page/perPage).' }, pageOf(item)],
  }) as const;

/** `?riskManager=` (admins narrow a list to one tenant; an invalid id is ignored by the handler). */
export const tenantQuery = {
  type: 'object',
  properties: { riskManager: { type: 'string' } },
} as const;
