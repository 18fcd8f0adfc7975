import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSchema, type AnySchema } from 'yup';
import type { BodyOf, Contract, ParamsOf, QueryOf, ReplyOf } from '../../src/domain/contract';
import { API_BASES } from '../../src/domain/endpointPaths';
import type { StreamedBody } from '../../src/domain/fileBodies';
import type { Answered } from './answered';
import { yupDescribed } from './routeSchemas';
import type { TypedApp } from './schemaTypes';
import { validBody } from './validation';

/**
 * An endpoint's route from its contract (src/domain/contract.ts, docs/architecture.md): method,
 * path and schemas registered as the contract states them, a shared yup body validated before the
 * handler (400 with its Portuguese messages, as the handlers did it themselves), and the handler
 * typed by the contract: it reads the request as its schemas say and must answer exactly the
 * success answer's shape — a missing field, or one the schema lacks, fails the compile.
 */

/** A body carrying a file (src/domain/fileBodies.ts) is the handler's to read and check: unknown to it. */
type ReceivedBody<C extends Contract> = C['body'] extends StreamedBody<unknown> ? unknown : BodyOf<C>;

export type ContractRequest<C extends Contract> = FastifyRequest<{ Params: ParamsOf<C>; Querystring: QueryOf<C>; Body: ReceivedBody<C> }>;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;
type Objects<S> = Exclude<Extract<S, object>, readonly unknown[]>;
type KeysOf<S> = Objects<S> extends infer O ? (O extends unknown ? keyof O : never) : never;
type FieldOf<S, K> = Objects<S> extends infer O ? (O extends unknown ? (K extends keyof O ? O[K] : never) : never) : never;
type ItemOf<S> = Extract<S, readonly unknown[]>[number];

/** The fields of `T`, at any depth, that `Shape` does not declare (the serializer would drop them). */
export type ExtraFields<T, Shape> = T extends Leaf
  ? never
  : T extends readonly (infer Item)[]
    ? ExtraFields<Item, ItemOf<Shape>>
    : { [K in keyof T]-?: K extends KeysOf<Shape> ? ExtraFields<T[K], FieldOf<Shape, K>> : K }[keyof T];

/**
 * What the handler may hand the serializer for an answer of type `T`: a Date where `T` has free
 * text, as fast-json-stringify writes a Date as its ISO text (a stored reading's instant).
 */
export type Sendable<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends readonly unknown[]
    ? { [I in keyof T]: Sendable<T[I]> }
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;

/** What a handler answers: the value the serializer writes, or the reply it sent itself (server/shared/answered.ts). */
export type HandlerAnswer<C extends Contract> = Sendable<ReplyOf<C>> | Answered<ReplyOf<C>>;

/** The value handed to the serializer (a sent reply is checked by its own type). */
type Serialized<R> = Exclude<Awaited<R>, Answered<unknown>>;

/** No argument when the answer has no field beyond its schema; otherwise the compile asks for the extra fields' names. */
export type NoExtraFields<R, C extends Contract> = [ExtraFields<Serialized<R>, ReplyOf<C>>] extends [never] ? [] : [fieldsOutsideTheSchema: ExtraFields<Serialized<R>, ReplyOf<C>>];

export function route<const C extends Contract, R extends HandlerAnswer<C> | Promise<HandlerAnswer<C>>>(
  app: TypedApp,
  contract: C,
  handler: (request: ContractRequest<C>, reply: FastifyReply) => R,
  ...exact: NoExtraFields<R, C>
): void {
  void exact;
  // A contract mounted under another service's plugin would answer at a path no client calls.
  if (app.prefix !== API_BASES[contract.base]) throw new Error(`${contract.path}: contrato de ${API_BASES[contract.base]} montado em ${app.prefix}`);
  const { body } = contract;
  const yupBody = body !== undefined && isSchema(body) ? (body as AnySchema) : undefined;
  app.route({
    method: contract.method,
    url: `/${contract.path}`,
    schema: {
      summary: contract.summary,
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(body !== undefined ? { body: yupBody ? yupDescribed(yupBody) : body } : {}),
      response: contract.responses,
    },
    handler: async (request, reply) => {
      if (yupBody) request.body = await validBody(yupBody, request.body);
      return handler(request as ContractRequest<C>, reply);
    },
  });
}
