/**
 * The record calls (getOne, create, update, delete) that fit ra-data-simple-rest's conventions go
 * through it: GET/PUT/DELETE {prefix}/{id} and POST {prefix}, where {prefix} is the operation's
 * path without its trailing ':id' (parent already filled in). simple-rest speaks in URLs and
 * fetchJson answers; the bridge below turns its URL back into (service base, path) for the app's
 * http client, so the token, retries, Idempotency-Key and error normalisation stay the same.
 *
 * Each call gets its own simple-rest instance (a plain object, cheap to build) because the call's
 * Idempotency-Key lives in react-admin's `meta`, which simple-rest does not forward.
 */
import type { DataProvider, fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';
import type { ServiceBase } from './endpoints';
import type { HttpClient, HttpMethod } from './httpClient';

/** The simple-rest resource of a record path ('shipper/plan/:id' → 'shipper/plan'); undefined when ':id' is not last. */
export function restPrefix(path: string): string | undefined {
  const segments = path.split('/');
  return segments.at(-1) === ':id' && !segments.slice(0, -1).includes(':id') ? segments.slice(0, -1).join('/') : undefined;
}

export interface RestCallOptions {
  idempotencyKey?: string;
}

/**
 * A simple-rest provider whose "API URL" is the service base's name: simple-rest builds
 * `{base}/{prefix}/{id}`, the bridge splits the first segment off again.
 */
export function simpleRestFor(httpClient: HttpClient, base: ServiceBase, { idempotencyKey }: RestCallOptions = {}): DataProvider {
  const bridge = async (url: string, options: fetchUtils.Options = {}) => {
    const path = url.slice(base.length + 1);
    const body = typeof options.body === 'string' ? (JSON.parse(options.body) as unknown) : undefined;
    const method = (options.method ?? 'GET') as HttpMethod;
    const { status, headers, data } = await httpClient(base, path, {
      method,
      body,
      idempotencyKey,
      signal: options.signal ?? undefined,
    });
    // simple-rest reads `json` only; `body` (the raw text) is part of fetchJson's answer type.
    return { status, headers, body: '', json: data };
  };
  return simpleRestProvider(base, bridge);
}
