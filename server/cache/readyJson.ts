import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare const ANSWER: unique symbol;

/**
 * A reply the handler has already sent itself, for an answer of type `T`: bytes serialised ahead
 * (below) or a 204 without a body (server/shared/answered.ts). route() (server/shared/route.ts)
 * accepts it only where `T` is the contract's success answer, so a handler cannot send another
 * shape this way.
 */
export type Answered<T> = FastifyReply & { readonly [ANSWER]: T };

/** Marks a sent reply as the answer of type `T` (the caller vouches for the bytes). */
export const answered = <T>(reply: FastifyReply): Answered<T> => reply as Answered<T>;

/**
 * A JSON answer kept as the bytes that go on the wire: serialised once when it is computed and
 * gzipped once, the first time a client that accepts gzip asks for it. A cached answer served
 * again costs a write of those bytes, not a JSON.stringify of a 15 kB monitoring page or a 600 kB
 * city list per request (serialising the cached page was 28% of the CPU of a poll).
 */
export class ReadyJson<T = unknown> {
  readonly json: Buffer;
  /** The answer's type, for the contract the bytes are sent under (server/shared/route.ts). */
  declare readonly answer?: T;
  private gzip: Buffer | null = null;
  private tag: string | null = null;

  constructor(value: T) {
    this.json = Buffer.from(JSON.stringify(value));
  }

  gzipped(): Buffer {
    this.gzip ??= gzipSync(this.json);
    return this.gzip;
  }

  /** An ETag drawn from the bytes themselves: the same on every instance and after a restart. */
  etag(): string {
    this.tag ??= `"${createHash('sha256').update(this.json).digest('base64url').slice(0, 27)}"`;
    return this.tag;
  }
}

/** Below this a gzip frame saves nothing worth its CPU. */
const GZIP_FROM_BYTES = 1024;

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));

/**
 * Sends `ready` as it is: gzipped when the client accepts it and the body is big enough.
 * `revalidate`: the browser may keep it and ask again with If-None-Match (304 when unchanged); only
 * for data every signed-in user reads alike (the city list), never a tenant's records.
 */
export function sendReady<T>(request: FastifyRequest, reply: FastifyReply, ready: ReadyJson<T>, { revalidate = false } = {}): Answered<T> {
  if (revalidate) {
    reply.header('etag', ready.etag()).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === ready.etag()) return answered<T>(reply.status(304).send());
  }
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (ready.json.length >= GZIP_FROM_BYTES && acceptsGzip(request)) return answered<T>(reply.header('content-encoding', 'gzip').send(ready.gzipped()));
  return answered<T>(reply.send(ready.json));
}
