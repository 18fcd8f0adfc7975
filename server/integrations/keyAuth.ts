import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_KEY_MESSAGES, API_KEY_PREFIX, isApiKeyScope, type ApiKeyScope } from '../../src/domain/integrations/apiKeys';
import { recordAudit } from '../audit/record';
import { isOver, reserve, secondsLeft, type Limit } from '../auth/authLimits';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { forbidden, tooManyRequests, unauthorized } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { hashApiKeySecret } from './keySecrets';

/**
 * `Authorization: Bearer prk_…` (docs/rules/integrations.md): the key acts for its tenant with
 * exactly its scopes. Every call reads the key's row, so a revocation or an expiry refuses the very
 * next call on every instance (no copy is kept in memory to go stale); the same statement notes
 * when the key was last used, at most once a minute so a busy key does not rewrite its row on
 * every call. The calls are counted per key in the shared limits table (429 with Retry-After,
 * whatever instance answers) and each one is written to the audit trail under the key's name.
 */

export interface KeyCaller {
  id: string;
  name: string;
  riskManager: string;
  scopes: ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope that lets an API key call the route; none: keys are refused (server/http/routeTable.ts). */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The API key the request authenticated with; null for a person's session. */
    apiKey: KeyCaller | null;
  }
}

/** How often the last use is written: the list shows a day, not a second. */
const LAST_USED_EVERY = "interval '1 minute'";

const callLimit = (key: string, perMinute: number): Limit => ({ key: `apikey:${key}`, max: perMinute, windowMs: 60_000 });

/** The key as a caller of the missions and reports services: its tenant's operator, named after the key. */
const userOf = (key: KeyCaller): AuthUser => ({
  id: key.id,
  name: key.name,
  email: '',
  role: { type: 'risk_manager', perfil: 'operational' },
  riskManager: key.riskManager,
  serviceProvider: null,
  apiKeyScopes: key.scopes,
});

/** The bearer secret of an `Authorization` header, or null when the header is not a key's. */
export function bearerKey(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : null;
}

export function apiKeyAuthenticator({ db, now, callsPerMinute }: { db: Db; now: () => Date; callsPerMinute: number }) {
  async function keyBySecret(secret: string, at: Date): Promise<KeyCaller | null> {
    const result = await db.execute(sql`
      with found as (
        select ${apiKeys.id} as id, ${apiKeys.name} as name, ${apiKeys.riskManager} as risk_manager, ${apiKeys.scopes} as scopes
        from ${apiKeys}
        where ${apiKeys.secretHash} = ${hashApiKeySecret(secret)} and ${apiKeys.revokedAt} is null
          and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > ${at.toISOString()}::timestamptz)
      ), used as (
        update ${apiKeys} set last_used_at = ${at.toISOString()}::timestamptz
        from found where ${apiKeys.id} = found.id
          and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${at.toISOString()}::timestamptz - ${sql.raw(LAST_USED_EVERY)})
      )
      select id, name, risk_manager, scopes from found`);
    const [row] = (result as { rows: { id: string; name: string; risk_manager: string; scopes: unknown }[] }).rows;
    if (!row) return null;
    const scopes = Array.isArray(row.scopes) ? row.scopes.filter(isApiKeyScope) : [];
    return { id: row.id, name: row.name, riskManager: row.risk_manager, scopes };
  }

  return {
    /** Authenticates the request as the key, or refuses it: 401 unknown/revoked/expired, 429 over the limit, 403 outside its scopes. */
    async authenticate(request: FastifyRequest, secret: string): Promise<void> {
      const at = now();
      const key = await keyBySecret(secret, at);
      if (!key) throw unauthorized(API_KEY_MESSAGES.missingOrInvalid);
      request.apiKey = key;
      request.user = userOf(key);
      const [hit] = await reserve(db, [callLimit(key.id, callsPerMinute)], at);
      if (isOver(hit)) throw tooManyRequests(API_KEY_MESSAGES.tooManyCalls, Math.max(1, Math.ceil(secondsLeft(hit, at))));
      const scope = request.routeOptions.config?.apiKeyScope;
      if (!scope) throw forbidden(API_KEY_MESSAGES.endpointRefusesKeys);
      if (!key.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.scopeMissing(scope));
    },

    /** One audit entry per call a key made, refused ones included (onResponse: the status is known). */
    async recordCall(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const key = request.apiKey;
      if (!key) return;
      try {
        await recordAudit(
          db,
          { actor: { id: key.id, name: key.name, email: '' }, ip: request.ip },
          {
            entity: 'apiKeys',
            action: 'apiCall',
            record: key.id,
            tenant: key.riskManager,
            after: { method: request.method, path: request.url.split('?')[0] ?? request.url, status: reply.statusCode },
          },
        );
      } catch (err) {
        request.log.error({ err }, 'api key: could not record the call in the audit trail');
      }
    },
  };
}
