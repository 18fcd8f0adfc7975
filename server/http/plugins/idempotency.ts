import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../errors/httpErrors';
import { IDEMPOTENCY_ERRORS } from '../../../src/domain/idempotency';

/**
 * Idempotency-Key (docs/architecture.md, API conventions): the browser retries a mutating request only
 * with this
 * header, and the server answers a retry with the stored response instead of running it twice.
 * Keys are scoped by caller (user id, or client address when anonymous) and kept 24 hours.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route ignores Idempotency-Key (e.g. login, whose answer is a secret). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request owns a placeholder row and must store its response. */
    idempotency: { scope: string; key: string } | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_KEY_LENGTH = 200;
/**
 * How long a key is answered again: a week, because the phone's outbox replays with the key of the
 * first attempt, and a team can be out of signal for more than a day (docs/rules/field-app.md).
 */
export const RETENTION_MS = 7 * 24 * 3600 * 1000;
/** A placeholder this old belongs to a request that died with its server: a retry takes it over. */
const ABANDONED_MS = 5 * 60 * 1000;
const PURGE_EVERY = 100;

export interface IdempotencyOptions {
  db: Db;
  now?: () => Date;
}

/** Marker: the payload cannot be replayed faithfully (not JSON), so nothing is stored. */
const UNSTORABLE = Symbol('unstorable');

function storableBody(payload: unknown, contentType: unknown): unknown {
  if (payload === undefined || payload === null || payload === '') return null;
  if (typeof payload === 'string' && typeof contentType === 'string' && contentType.includes('json')) {
    try {
      return JSON.parse(payload) as unknown;
    } catch {
      return UNSTORABLE;
    }
  }
  return UNSTORABLE;
}

/**
 * What makes two requests "the same" for a key: method, path and body. A retry sends the same
 * bytes, so the parsed body serialises the same way.
 */
function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

export default fp<IdempotencyOptions>(async function idempotencyPlugin(app, { db, now = () => new Date() }) {
  app.decorateRequest('idempotency', null);
  let claimsSincePurge = 0;

  const where = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

  async function claim(request: FastifyRequest, scope: string, key: string, hash: string, at: Date): Promise<boolean> {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ scope, key, method: request.method, path: request.url, requestHash: hash, createdAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) return false;
    if (++claimsSincePurge >= PURGE_EVERY) {
      claimsSincePurge = 0;
      await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(at.getTime() - RETENTION_MS)));
    }
    return true;
  }

  // A global preHandler runs after the route's onRequest `authenticate`, so request.user is known here.
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!MUTATING.has(request.method) || request.routeOptions.config?.idempotency === false) return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw badRequest(IDEMPOTENCY_ERRORS.invalidKey);
    }
    const scope = request.user?.id ?? `anon:${request.ip}`;
    const at = now();
    const hash = requestHash(request);

    // Two rounds: an expired or failed (5xx) row may vanish between our insert and our read.
    for (let round = 0; round < 2; round++) {
      if (await claim(request, scope, key, hash, at)) {
        request.idempotency = { scope, key };
        return;
      }
      const [row] = await db.select().from(idempotencyKeys).where(where(scope, key)).limit(1);
      if (!row) continue;
      if (row.createdAt.getTime() <= at.getTime() - RETENTION_MS) {
        await db.delete(idempotencyKeys).where(and(where(scope, key), eq(idempotencyKeys.createdAt, row.createdAt)));
        continue;
      }
      // Another request under the same key (IETF draft-ietf-httpapi-idempotency-key-header: 422).
      const hashDiffers = row.requestHash !== null && row.requestHash !== hash;
      if (row.method !== request.method || row.path !== request.url || hashDiffers) {
        throw new HttpError(422, { error: IDEMPOTENCY_ERRORS.reused });
      }
      if (row.statusCode === null) {
        if (row.createdAt.getTime() > at.getTime() - ABANDONED_MS) throw conflict(IDEMPOTENCY_ERRORS.inProgress);
        // The conditional update lets exactly one retry take the abandoned placeholder over.
        const taken = await db
          .update(idempotencyKeys)
          .set({ createdAt: at })
          .where(and(where(scope, key), isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, row.createdAt)))
          .returning({ key: idempotencyKeys.key });
        if (taken.length === 0) throw conflict(IDEMPOTENCY_ERRORS.inProgress);
        request.idempotency = { scope, key };
        return;
      }
      reply.header('idempotent-replayed', 'true').code(row.statusCode);
      if (row.body === null) return reply.send();
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(row.body));
    }
    throw conflict(IDEMPOTENCY_ERRORS.inProgress);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = request.idempotency;
    if (!owned) return payload;
    request.idempotency = null;
    try {
      const body = reply.statusCode < 500 ? storableBody(payload, reply.getHeader('content-type')) : UNSTORABLE;
      if (body === UNSTORABLE) {
        // 5xx (or a body we cannot replay): forget the key so that a retry runs the request again.
        await db.delete(idempotencyKeys).where(where(owned.scope, owned.key));
      } else {
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, body })
          .where(where(owned.scope, owned.key));
      }
    } catch (err) {
      request.log.error({ err }, 'idempotency: could not store the response');
    }
    return payload;
  });

  // Safety net: a request that ended without onSend (aborted, hijacked) must not block its key.
  app.addHook('onResponse', async (request) => {
    const owned = request.idempotency;
    if (!owned) return;
    request.idempotency = null;
    await db.delete(idempotencyKeys).where(and(where(owned.scope, owned.key), isNull(idempotencyKeys.statusCode)));
  });
});
