import { bigint, char, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from './columns';
import { users } from './users';

/**
 * A user's TOTP secret (server/auth/twoFactor.ts), encrypted with a key derived from the server
 * secret: never answered after setup. Without `confirmedAt` it is a setup in progress, not yet
 * asked at login. `lastTimeStep` is the TOTP time step of the last code accepted: a code of that
 * step or an earlier one is refused, so a used code cannot be replayed within its window.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: char('user_id', { length: 24 })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCipher: text('secret_cipher').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** The single-use recovery codes of a user's second factor, stored as HMACs; a used one is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: idColumn(),
    userId: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);
