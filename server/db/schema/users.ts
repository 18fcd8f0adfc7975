import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Perfil, RoleType } from '../../../src/domain/roles';
import { createdAt, idColumn, refColumn, updatedAt } from './columns';
import { riskManagers, serviceProviders } from './companies';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** Stored as typed; uniqueness is case-insensitive through the lower(email) index. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleType: text('role_type').$type<RoleType>().notNull(),
    perfil: text('perfil').$type<Perfil>().notNull(),
    active: boolean('active').notNull().default(true),
    riskManager: refColumn('risk_manager_id').references(() => riskManagers.id, { onDelete: 'restrict' }),
    serviceProvider: refColumn('service_provider_id').references(() => serviceProviders.id, {
      onDelete: 'restrict',
    }),
    /** Bumped on password reset and deactivation: tokens carrying an older `ver` stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_risk_manager_idx').on(t.riskManager),
    index('users_service_provider_idx').on(t.serviceProvider),
  ],
);

/**
 * A table of one-time codes mailed to a person (server/auth/oneTimeCodes.ts): one live code per user (a
 * new one replaces it), stored hashed, with its expiry and its count of wrong tries.
 */
const oneTimeCodeTable = (name: string) =>
  pgTable(name, {
    id: idColumn(),
    userId: refColumn('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
  });
export type OneTimeCodeTable = ReturnType<typeof oneTimeCodeTable>;

/** Password-reset codes ("Esqueci a senha"). */
export const passwordResets = oneTimeCodeTable('password_resets');
/** Codes that, with the password, sign in to an account past its login budget (server/auth/loginBudget.ts). */
export const loginCodes = oneTimeCodeTable('login_codes');

/** The columns that make a user's identity (SessionUser), selected by auth and the users screen alike. */
export const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  roleType: users.roleType,
  perfil: users.perfil,
  active: users.active,
  riskManager: users.riskManager,
  serviceProvider: users.serviceProvider,
};
