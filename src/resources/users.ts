import type { AnyObjectSchema } from 'yup';
import { USER_RISK_MANAGER_REQUIRED } from '../domain/messages';
import { canManageUsers, lockedUserFields } from '../domain/permissions';
import { isPerfil } from '../domain/roles';
import { userCreateSchema, userInitialValues, userUpdateSchema } from '../domain/schemas';
import type { FieldContext, FormValues, ResourceDeclaration } from './framework/types';
import { perfilField, perfilOfRecord, perfilText } from './perfil';
import { activeField, idField, nameField, riskManagerField, schemaWithRiskManager } from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

const manage = (user: FieldContext['user']) => canManageUsers(user.role);

/**
 * One's own account: the server refuses deleting it, changing its perfil and deactivating it, so
 * the screen offers none of these.
 */
const isOwn = (user: FieldContext['user'], record: FormValues | undefined): boolean =>
  record !== undefined && String(record.id) === user.id;

/** Perfil and active of a record the shared rule refuses to change (one's own, above all) are read-only. */
function locked(ctx: FieldContext): { perfil: boolean; active: boolean } {
  const perfil = perfilOfRecord(ctx.record);
  const id = ctx.record?.id;
  if (ctx.mode !== 'edit' || typeof id !== 'string' || !isPerfil(perfil)) return { perfil: false, active: false };
  return lockedUserFields(ctx.user, { id, perfil, active: ctx.record?.active !== false });
}

/** At creation an admin (no risk manager of their own) must pick the new user's risk manager. */
const createSchema = schemaWithRiskManager(userCreateSchema, USER_RISK_MANAGER_REQUIRED);

/**
 * Usuários (/home/users), for ti and admin profiles: e-mail read-only once it exists, perfil
 * without 'TI' unless the current user is ti, password on creation only, and the risk manager
 * chosen by admins at creation ('Preencha a gerenciadora de risco' when missing; the server
 * refuses it too). Risk-manager users create users of their own risk manager.
 */
export const users: ResourceDeclaration = {
  name: 'users',
  title: 'Usuários',
  entity: 'Usuário',
  endpoint: WRITTEN_ENDPOINTS.users,
  schema: (ctx: FieldContext): AnyObjectSchema => (ctx.mode === 'create' ? createSchema(ctx) : (userUpdateSchema as AnyObjectSchema)),
  createDefaults: () => structuredClone(userInitialValues),
  fields: [
    idField,
    nameField(),
    { source: 'email', label: 'E-mail', type: 'email', readOnly: (ctx) => ctx.mode === 'edit' },
    { source: 'password', label: 'Senha', type: 'password', createOnly: true },
    { ...perfilField(), readOnly: (ctx) => locked(ctx).perfil },
    { ...activeField, readOnly: (ctx) => locked(ctx).active },
    riskManagerField('Gerenciadora de risco'),
  ],
  columns: [
    { source: 'name', label: 'Nome' },
    { source: 'email', label: 'E-mail' },
    { source: 'role.perfil', label: 'Perfil', text: perfilText },
    { source: 'active', label: 'Ativo' },
  ],
  sections: [{ title: 'Usuário', fields: ['id', 'name', 'email', 'password', 'role.perfil', 'active', 'riskManager'] }],
  access: { create: manage, edit: manage, delete: (user, record) => manage(user) && !isOwn(user, record) },
  successMessage: 'Usuários atualizados com sucesso',
};

