import Security from '@mui/icons-material/Security';
import { serviceProviderInitialValues, serviceProviderSchema } from '../domain/schemas';
import { LATITUDE_BOUNDS, LONGITUDE_BOUNDS } from '../domain/validators/numbers';
import type { ResourceDeclaration } from './framework/types';
import {
  activeField,
  catalogueAccess,
  cepMask,
  cnpjMask,
  idField,
  nameField,
  phoneMask,
  riskManagerField,
  schemaWithRiskManager,
  seenByCatalogueAdmins,
} from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/** Six decimals: about 10 cm, as the proposal form writes coordinates. */
const COORDINATE_STEP = 0.000001;

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
    // The base prefills the provider's proposals (docs/rules/catalogues.md); the proposal form's labels.
    { source: 'base.zipcode', label: 'CEP', type: 'masked', mask: cepMask },
    { source: 'base.address', label: 'Endereço', type: 'text' },
    { source: 'base.number', label: 'Número', type: 'text' },
    { source: 'base.neighborhood', label: 'Bairro', type: 'text' },
    { source: 'base.city', label: 'Cidade', type: 'text' },
    { source: 'base.state', label: 'Estado', type: 'text' },
    { source: 'base.latitude', label: 'Latitude', type: 'number', ...LATITUDE_BOUNDS, step: COORDINATE_STEP },
    { source: 'base.longitude', label: 'Longitude', type: 'number', ...LONGITUDE_BOUNDS, step: COORDINATE_STEP },
    // The Polícia Federal authorisation (docs/rules/agents.md): without a valid one the provider sends no proposal.
    { source: 'pfAuthorization.number', label: 'Número da autorização da Polícia Federal', type: 'text' },
    { source: 'pfAuthorization.validUntil', label: 'Validade da autorização da Polícia Federal', type: 'date' },
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
    {
      title: 'Base',
      fields: ['base.zipcode', 'base.address', 'base.number', 'base.neighborhood', 'base.city', 'base.state', 'base.latitude', 'base.longitude'],
      // The CEP fills the rest, as on the proposal form the base prefills.
      address: {
        zipcode: 'base.zipcode',
        address: 'base.address',
        number: 'base.number',
        neighborhood: 'base.neighborhood',
        city: 'base.city',
        state: 'base.state',
        latitude: 'base.latitude',
        longitude: 'base.longitude',
      },
    },
    { title: 'Autorização da Polícia Federal', fields: ['pfAuthorization.number', 'pfAuthorization.validUntil'] },
  ],
  children: [{ resource: 'providersLogin', label: 'Logins' }],
  access: catalogueAccess('providers'),
  successMessage: 'Prestadores atualizados com sucesso',
  tile: { group: 'advanced', label: 'Prestadora de Serviços', icon: Security, see: seenByCatalogueAdmins },
};
