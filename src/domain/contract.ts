/**
 * One contract per endpoint (docs/decisions/one-contract-per-endpoint.md): its method, its service
 * base and path, its summary in the API's description, and the schemas of its params, query, body
 * and every answer. From it come the server's route (server/shared/route.ts: registration, request
 * validation, the handler's request and reply types), the OpenAPI document, and the client's call
 * (src/dataProvider/call.ts: the path filled, the answer typed) — nothing restated by hand.
 *
 * A body or query is either a shared yup schema — validated by yup on the server for its Portuguese
 * messages (docs/rules/messages.md), described from it for the document, typed by yup's InferType
 * for the handler and by its input (yupInput.ts: a field with a default may be left out) for the
 * caller — or an `as const` JSON Schema, checked by Fastify and typed by FromSchema.
 */
import type { AnySchema, InferType } from 'yup';
import type { ServiceBase } from './endpointPaths';
import type { SentBody, StreamedBody } from './fileBodies';
import { CHECKED_IN_HANDLER, type FromSchema } from './fromSchema';
import type { AnswerOf } from './fileAnswer';
import type { YupInput } from './yupInput';

export type ContractMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON Schema as the contracts write it (`as const`, so FromSchema can read it). */
export type ContractSchema = { readonly [keyword: string]: unknown };

export interface Contract {
  readonly method: ContractMethod;
  readonly base: ServiceBase;
  /** Below the base, with Fastify's `:name` segments (the client fills them from `params`). */
  readonly path: string;
  /** The operation's Portuguese summary in the API's description. */
  readonly summary: string;
  readonly params?: ContractSchema;
  readonly query?: ContractSchema | AnySchema;
  readonly body?: ContractSchema | AnySchema;
  /** Each answer by status; the 2xx one is what the handler returns and the client receives. */
  readonly responses: { readonly [status: number]: ContractSchema };
}

/**
 * The body of a write that carries no field: the interface sends `{}` and the server reads nothing
 * of it. Described, not checked (its marker without a type: server/http/schemaValidators.ts), so a
 * call without a body is still accepted as it always was.
 */
export const EMPTY_BODY = { description: 'Nenhum campo: a interface envia {}.', [CHECKED_IN_HANDLER]: 'vazio' } as const;

/** A contract, its literal types kept (`const`), so its parts can be read by the types below. */
export const defineContract = <const C extends Contract>(contract: C): C => contract;

/** A part's value as the handler reads it: yup's output for a shared yup schema, FromSchema's for a JSON Schema. */
type PartOf<S> = S extends AnySchema ? InferType<S> : FromSchema<S>;

export type ParamsOf<C extends Contract> = C['params'] extends ContractSchema ? FromSchema<C['params']> : undefined;
export type QueryOf<C extends Contract> = C['query'] extends ContractSchema | AnySchema ? PartOf<C['query']> : undefined;
export type BodyOf<C extends Contract> = C['body'] extends StreamedBody<unknown>
  ? SentBody<C['body']>
  : C['body'] extends typeof EMPTY_BODY
  ? Record<string, never>
  : C['body'] extends ContractSchema | AnySchema
    ? PartOf<C['body']>
    : undefined;

/**
 * The body as the caller sends it (call(), src/dataProvider/call.ts): for a yup body, its input —
 * a field the schema fills with a default may be left out —, otherwise what the handler reads.
 */
export type SentBodyOf<C extends Contract> = C['body'] extends AnySchema ? YupInput<C['body']> : BodyOf<C>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The success answer (2xx) as its schema says (a file's body for a file answer: fileAnswer.ts). */
export type ReplyOf<C extends Contract> = {
  [Status in keyof C['responses']]: Status extends SuccessStatus ? AnswerOf<C['responses'][Status]> : never;
}[keyof C['responses']];
