/**
 * A call to the API from its endpoint's contract (src/domain/contract.ts): the method, service and
 * path (filled from `params`) as the contract states them, over the common httpClient (retries,
 * Idempotency-Key, token, server clock unchanged), answering the contract's success answer — the
 * type comes from the schema the server answers with, never stated at the call. A file answer is
 * read as a Blob (fileRequest.ts).
 */
import type { Contract, ParamsOf, QueryOf, ReplyOf, SentBodyOf } from '../domain/contract';
import { fillPath } from '../domain/endpointPaths';
import { fileRequest } from './fileRequest';
import type { HttpClient, RequestOptions } from './httpClient';

/** `{ name: T }`, or `{ name?: T }` when the contract has no such part. */
type Part<Name extends string, T> = undefined extends T ? { readonly [K in Name]?: T } : { readonly [K in Name]: T };

export type CallInput<C extends Contract> = Part<'params', ParamsOf<C>> &
  Part<'query', QueryOf<C>> &
  Part<'body', SentBodyOf<C>> & {
    readonly signal?: AbortSignal;
    /** A write's Idempotency-Key (httpClient.ts): undefined generates one for this call. */
    readonly idempotencyKey?: string | false;
  };

export type Call = <const C extends Contract>(contract: C, input: CallInput<C>) => Promise<ReplyOf<C>>;

export const createCall =
  (httpClient: HttpClient): Call =>
  async (contract, input) => {
    const { params, query, body, signal, idempotencyKey } = input as CallInput<Contract> & { params?: Record<string, string>; query?: RequestOptions['query'] };
    const path = fillPath(contract.path, params ?? {});
    return (await httpClient<ReplyOf<typeof contract>>(contract.base, path, { method: contract.method, body, query, signal, idempotencyKey, ...fileRequest(contract) })).data;
  };
