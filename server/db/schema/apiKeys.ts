import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '../../../src/domain/integrations/apiKeys';
import { createdAt, idColumn, refColumn } from './columns';
import { riskManagers } from './companies';

/**
 * A tenant's API keys (docs/rules/integrations.md): only the SHA-256 of the secret is kept (the
 * secret has 256 random bits, so no slow hash is needed), with the first characters shown in the
 * list. Revoked rather than deleted, so the audit trail's entries keep naming a key that existed.
 * `created_by` is a name, not a reference: the key outlives the person who made it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash), index('api_keys_risk_manager_idx').on(t.riskManager, t.createdAt)],
);
