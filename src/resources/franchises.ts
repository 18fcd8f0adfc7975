import RequestQuote from '@mui/icons-material/RequestQuote';
import { FRANCHISE_TYPE_FORM_OPTIONS, FRANCHISE_TYPE_OPTIONS } from '../domain/enums';
import { franchiseSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import {
  activeField,
  catalogueAccess,
  idField,
  nameField,
  riskManagerField,
  schemaWithRiskManager,
  seenByCatalogueAdmins,
} from './shared';
import { ENDPOINTS } from '../domain/endpoints';

/**
 * Serviços e Franquias (/home/admin/advanced/franchises), with the providers' plans of each service
 * (franchiseProviders). The form offers only 'Prestadora de Serviços' as modalidade (spec 3); a
 * record of another modalidade still shows its label.
 */
export const franchises: ResourceDeclaration = {
  name: 'franchises',
  title: 'Serviços e Franquias',
  entity: 'Serviço',
  endpoint: ENDPOINTS.franchises,
  schema: schemaWithRiskManager(franchiseSchema),
  fields: [
    idField,
    nameField(),
    {
      source: 'type',
      label: 'Modalidade',
      type: 'select',
      defaultValue: 'service_provider',
      options: (ctx) => (ctx.record?.type === 'shipper' ? FRANCHISE_TYPE_OPTIONS : FRANCHISE_TYPE_FORM_OPTIONS),
    },
    activeField,
    riskManagerField(),
  ],
  columns: [
    { source: 'name' },
    { source: 'type' },
    { source: 'active' },
  ],
  sections: [{ title: 'Informações', fields: ['id', 'name', 'type', 'active', 'riskManager'] }],
  children: [{ resource: 'franchiseProviders', label: 'Prestadores' }],
  access: catalogueAccess('franchises'),
  successMessage: 'Serviços e franquias atualizados com sucesso',
  tile: { group: 'advanced', label: 'Serviços e Franquias', icon: RequestQuote, see: seenByCatalogueAdmins },
};
