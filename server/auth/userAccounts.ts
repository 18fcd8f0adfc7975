import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Perfil, RoleType } from '../../src/domain/roles';
import type { Db } from '../db/client';
import { userColumns, users } from '../db/schema';
import { hashPassword } from './passwords';
import { badRequest, conflict, forbidden, notFound } from '../errors/httpErrors';
import type { ApiRecord } from '../../src/domain/apiRecord';
import type { FromSchema } from '../../src/domain/fromSchema';
import type { providerLoginAnswer, userAnswer } from '../../src/domain/recordAnswers';
import { deleteOrConflict, pgErrorCode } from '../db/errors';
import { canAssignPerfil, USER_CHANGE_REFUSALS, userChangeRefusal } from '../../src/domain/permissions';
import type { AuthUser } from '../shared/session';
import { recordAudit, type AuditSource } from '../audit/record';

/**
 * What the users screen (/api/risk-managers/login) and the provider logins
 * (/api/service-providers/login) share: the record shape, e-mail uniqueness, password hashing,
 * the 'ti' rule and token revocation on deactivation.
 */

export const EMAIL_TAKEN = 'E-mail já cadastrado';

type UserRow = typeof users.$inferSelect;

export type UserView = Pick<UserRow, keyof typeof userColumns>;

/** A user as /home/users answers it (never its password nor its sessions). */
export function userAnswerOf(row: UserView): FromSchema<typeof userAnswer> {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: { type: row.roleType, perfil: row.perfil },
    active: row.active,
    riskManager: row.riskManager,
  };
}

/** A provider login also names its provider. */
export const providerLoginAnswerOf = (row: UserView): FromSchema<typeof providerLoginAnswer> => ({ ...userAnswerOf(row), serviceProvider: row.serviceProvider });

/** Either, by the account's role type (the users list, the audit trail's before and after). */
export const userApi = (row: UserView): ApiRecord => (row.roleType === 'service_provider' ? providerLoginAnswerOf(row) : userAnswerOf(row));

/** 403 unless the caller may give (or take away) this perfil: 'ti' only by ti or admin-type users. */
export function assertPerfilAllowed(caller: AuthUser, perfil: Perfil): void {
  if (!canAssignPerfil(caller.role, perfil)) throw forbidden(USER_CHANGE_REFUSALS.perfilNotAllowed);
}

/**
 * 403 with the shared rule's message unless the caller may give `existing` (null: a new user) this
 * perfil and active flag — never one's own perfil or deactivation (src/domain/permissions.ts).
 */
export function assertUserChangeAllowed(caller: AuthUser, existing: UserView | null, change: { perfil: Perfil; active?: boolean }): void {
  const refusal = userChangeRefusal(caller, existing, change);
  if (refusal) throw forbidden(refusal);
}

/** How a change of a user is told to the audit trail: who made it, and which screen's records these are. */
export interface UserAudit {
  source: AuditSource;
  entity: 'users' | 'providerLogins';
}

/** Creates a user; the e-mail is unique case-insensitively (users_email_lower_idx) → 409. */
export async function createUser(
  db: Db,
  audit: UserAudit,
  values: {
    name: string;
    email: string;
    password: string;
    roleType: RoleType;
    perfil: Perfil;
    active: boolean;
    riskManager: string | null;
    serviceProvider: string | null;
  },
): Promise<UserView> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, values.email.toLowerCase()));
  if (taken) throw conflict(EMAIL_TAKEN);
  const { password, ...rest } = values;
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...rest, passwordHash })
        .returning(userColumns);
      if (!row) throw new Error('INSERT … RETURNING answered no row');
      await recordAudit(tx, audit.source, { entity: audit.entity, action: 'create', record: row.id, tenant: row.riskManager, after: userApi(row) });
      return row;
    });
  } catch (error) {
    // Two concurrent creations of one address: the index decides, the loser gets the same 409.
    if (pgErrorCode(error) === '23505') throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** The user `id` if `visible` (the caller's scope) matches it, else 404. */
export async function findVisibleUser(db: Db, id: string, visible: SQL | undefined): Promise<UserView> {
  const [row] = await db.select(userColumns).from(users).where(and(eq(users.id, id), visible));
  if (!row) throw notFound();
  return row;
}

/**
 * Updates perfil (and name and active when given; absent, they keep their stored values).
 * Deactivation bumps token_version, so the user's open sessions stop working at their next request.
 */
export async function updateUser(
  db: Db,
  audit: UserAudit,
  existing: UserView,
  changes: { name?: string; perfil: Perfil; active?: boolean },
): Promise<UserView> {
  const active = changes.active ?? existing.active;
  const deactivating = existing.active && !active;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        perfil: changes.perfil,
        active,
        ...(deactivating ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, existing.id))
      .returning(userColumns);
    if (!row) throw notFound();
    const record = { entity: audit.entity, action: 'update', record: row.id, tenant: row.riskManager } as const;
    await recordAudit(tx, audit.source, { ...record, before: userApi(existing), after: userApi(row) });
    return row;
  });
}

/** Deletes a user other than the caller; still referenced elsewhere → 409. */
export async function deleteUser(db: Db, audit: UserAudit, caller: AuthUser, existing: UserView): Promise<void> {
  if (existing.id === caller.id) throw badRequest('Não é possível excluir o próprio usuário');
  await db.transaction(async (tx) => {
    const deleted = await deleteOrConflict(() =>
      tx.delete(users).where(and(eq(users.id, existing.id), ne(users.id, caller.id))).returning({ id: users.id }),
    );
    if (deleted.length === 0) throw notFound();
    await recordAudit(tx, audit.source, { entity: audit.entity, action: 'delete', record: existing.id, tenant: existing.riskManager, before: userApi(existing) });
  });
}

/** The account of an e-mail, case-insensitively (through users_email_lower_idx), or null. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row ?? null;
}
