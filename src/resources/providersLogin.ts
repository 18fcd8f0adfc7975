import { providerLoginCreateSchema, providerLoginInitialValues, providerLoginUpdateSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import { perfilField } from './perfil';
import { activeField, catalogueAccess } from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/**
 * Logins of a provider (/home/admin/advanced/providers/{id}/providersLogin). Create sends the form
 * (e-mail, name, password, perfil, active) plus the provider's id and name; the name is the provider's
 * and never editable, the e-mail is read-only after creation, and the update
 * sends only id, role and active (docs/api.md).
 */
export const providersLogin: ResourceDeclaration = {
  name: 'providersLogin',
  title: 'Logins',
  entity: 'Login',
  endpoint: WRITTEN_ENDPOINTS.providersLogin,
  schema: { create: providerLoginCreateSchema, edit: providerLoginUpdateSchema },
  createDefaults: (ctx) => {
    const providerName = typeof ctx.parentRecord?.name === 'string' ? ctx.parentRecord.name : '';
    return {
      ...structuredClone(providerLoginInitialValues),
      // docs/rules/catalogues.md: a login's name is its provider's, never typed.
      name: providerName,
      serviceProvider: ctx.parentId ?? '',
      serviceProviderName: providerName,
    };
  },
  fields: [
    { source: 'email', label: 'E-mail', type: 'email', readOnly: (ctx) => ctx.mode === 'edit' },
    { source: 'name', label: 'Nome', type: 'text', readOnly: true },
    { source: 'password', label: 'Senha', type: 'password', createOnly: true },
    perfilField(),
    activeField,
  ],
  columns: [
    { source: 'name' },
    { source: 'email' },
    { source: 'active' },
  ],
  sections: [{ title: 'Login', fields: ['email', 'name', 'password', 'role.perfil', 'active'] }],
  access: catalogueAccess('providersLogin'),
  parent: { resource: 'providers', labelSource: 'name' },
  successMessage: 'Logins atualizados com sucesso',
};
