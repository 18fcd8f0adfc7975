import Inventory2 from '@mui/icons-material/Inventory2';
import { shipperSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import {
  activeField,
  catalogueAccess,
  cnpjMask,
  idField,
  nameField,
  riskManagerField,
  schemaWithRiskManager,
  seenByCatalogueAdmins,
} from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/** Embarcador (/home/admin/advanced/shippers), with its franchise plans (shippersFranchise). */
export const shippers: ResourceDeclaration = {
  name: 'shippers',
  title: 'Embarcadores',
  entity: 'Embarcador',
  // Grows with the tenant: paged, sorted and filtered by the server (src/domain/schemas/listPage.ts).
  endpoint: WRITTEN_ENDPOINTS.shippers,
  schema: schemaWithRiskManager(shipperSchema),
  fields: [
    idField,
    nameField(),
    { source: 'legalName', label: 'Razão social', type: 'text' },
    { source: 'cnpj', label: 'CNPJ', type: 'masked', mask: cnpjMask },
    activeField,
    riskManagerField(),
  ],
  columns: [
    { source: 'name' },
    { source: 'legalName' },
    { source: 'cnpj' },
    { source: 'active' },
  ],
  sections: [{ title: 'Informações', fields: ['id', 'name', 'legalName', 'cnpj', 'active', 'riskManager'] }],
  children: [{ resource: 'shippersFranchise', label: 'Franquias' }],
  access: catalogueAccess('shippers'),
  successMessage: 'Embarcadores atualizados com sucesso',
  tile: { group: 'advanced', label: 'Embarcador', icon: Inventory2, see: seenByCatalogueAdmins },
};
