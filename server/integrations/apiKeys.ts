import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { API_KEY_MESSAGES, canManageApiKeys, MAX_API_KEYS } from '../../src/domain/integrations/apiKeys';
import type { ApiKey, CreatedApiKey } from '../../src/domain/integrations/contracts';
import type { NewApiKeyValues } from '../../src/domain/integrations/schemas';
import { MISSING_RISK_MANAGER_ISSUE } from '../../src/domain/apiErrors';
import { recordAudit, type AuditSource } from '../audit/record';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../errors/httpErrors';
import type { Sendable } from '../shared/route';
import type { AuthUser } from '../shared/session';
import { inScope, resolveOwner, scopeOf, tenantWhere } from '../shared/tenancy';
import { newApiKeySecret } from './keySecrets';

/**
 * A tenant's API keys as the 'Integrações' screen manages them (docs/rules/integrations.md): its
 * Administrador and TI users for their own tenant, the platform admin for any (the tenant named in
 * the body, as the other admin screens do). Created and revoked in the audit trail, never with the
 * secret or its hash.
 */

const columns = {
  _id: apiKeys.id,
  riskManager: apiKeys.riskManager,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
};

type KeyRow = Sendable<ApiKey>;

function manager(user: AuthUser) {
  if (!canManageApiKeys(user.role)) throw forbidden(API_KEY_MESSAGES.notAllowed);
  return scopeOf(user);
}

/** What the trail keeps of a key: never its secret nor its hash. */
const audited = (key: { name: string; prefix: string; scopes: string[]; expiresAt: Date | null; revokedAt: Date | null }) => ({
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes.join(', '),
  expiresAt: key.expiresAt,
  revokedAt: key.revokedAt,
});

/** The caller's tenant's keys (a platform admin: one tenant's when named, else every tenant's), oldest first. */
export async function listApiKeys(db: Db, user: AuthUser, riskManager: string | undefined): Promise<KeyRow[]> {
  const scope = manager(user);
  const tenant = scope.all && riskManager ? eq(apiKeys.riskManager, riskManager) : tenantWhere(scope, apiKeys.riskManager);
  return db.select(columns).from(apiKeys).where(tenant).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function createApiKey(db: Db, user: AuthUser, value: NewApiKeyValues, source: AuditSource): Promise<Sendable<CreatedApiKey>> {
  manager(user);
  const owner = await resolveOwner(db, user, value);
  if (owner === null) throw invalid([{ ...MISSING_RISK_MANAGER_ISSUE }]);
  const { secret, prefix, hash } = newApiKeySecret();
  const key = await db.transaction(async (tx) => {
    const [live] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.riskManager, owner), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= MAX_API_KEYS) throw conflict(API_KEY_MESSAGES.tooManyKeys);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        riskManager: owner,
        name: value.name,
        prefix,
        secretHash: hash,
        scopes: [...new Set(value.scopes)],
        createdBy: user.name,
        expiresAt: value.expiresAt ? new Date(value.expiresAt) : null,
      })
      .returning(columns);
    if (!created) throw new Error('api key insert returned no row');
    await recordAudit(tx, source, { entity: 'apiKeys', action: 'create', record: created._id, tenant: owner, after: audited(created) });
    return created;
  });
  return { key, secret };
}

/** Revokes a key of the caller's tenant: its next call is a 401, on every instance (the row is read on each call). */
export async function revokeApiKey(db: Db, user: AuthUser, id: string, now: Date, source: AuditSource): Promise<void> {
  const scope = manager(user);
  await db.transaction(async (tx) => {
    const [key] = await tx.select(columns).from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!key || !inScope(scope, key.riskManager)) throw notFound();
    if (key.revokedAt) throw conflict(API_KEY_MESSAGES.alreadyRevoked);
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
    const before = audited(key);
    await recordAudit(tx, source, { entity: 'apiKeys', action: 'update', record: id, tenant: key.riskManager, before, after: { ...before, revokedAt: now } });
  });
}
