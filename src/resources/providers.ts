import Security from '@mui/icons-material/Security';
import { serviceProviderInitialValues, serviceProviderSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import {
  activeField,
  catalogueAccess,
  cnpjMask,
  idField,
  nameField,
  phoneMask,
  riskManagerField,
  schemaWithRiskManager,
  seenByCatalogueAdmins,
} from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/** Prestadora de Serviços (/home/admin/advanced/providers), with its logins (providersLogin). */
export const providers: ResourceDeclaration = {
  name: 'providers',
  // The product's tile label, also the list's title and the dialog's ('Consultar | Prestadora de Serviços').
  title: 'Prestadora de Serviços',
  entity: 'Prestadora de Serviços',
  // Grows with the tenant: paged, sorted and filtered by the server (src/domain/schemas/listPage.ts).
  endpoint: WRITTEN_ENDPOINTS.providers,
  schema: schemaWithRiskManager(serviceProviderSchema),
  createDefaults: () => structuredClone(serviceProviderInitialValues),
  fields: [
    idField,
    nameField(),
    { source: 'legalName', label: 'Razão social', type: 'text' },
    { source: 'cnpj', label: 'CNPJ', type: 'masked', mask: cnpjMask },
    { source: 'contacts.phone1', label: 'Contato principal', type: 'masked', mask: phoneMask },
    { source: 'contacts.phone2', label: 'Contato 2', type: 'masked', mask: phoneMask },
    { source: 'contacts.phone3', label: 'Contato 3', type: 'masked', mask: phoneMask },
    activeField,
    riskManagerField(),
  ],
  columns: [
    { source: 'name' },
    { source: 'legalName' },
    { source: 'cnpj' },
    { source: 'contacts.phone1' },
    { source: 'contacts.phone2' },
    { source: 'contacts.phone3' },
    { source: 'active' },
  ],
  sections: [
    { title: 'Informações', fields: ['id', 'name', 'legalName', 'cnpj', 'active', 'riskManager'] },
    { title: 'Contatos', fields: ['contacts.phone1', 'contacts.phone2', 'contacts.phone3'] },
  ],
  children: [{ resource: 'providersLogin', label: 'Logins' }],
  access: catalogueAccess('providers'),
  successMessage: 'Prestadores atualizados com sucesso',
  tile: { group: 'advanced', label: 'Prestadora de Serviços', icon: Security, see: seenByCatalogueAdmins },
};
