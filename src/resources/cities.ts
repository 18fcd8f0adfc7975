import LocationCity from '@mui/icons-material/LocationCity';
import { citySchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import { activeField, catalogueAccess, idField, nameField, seenByPlatformAdmins } from './shared';
import { WRITTEN_ENDPOINTS } from './endpoints';

/** Cidades (/home/admin/cities): global; the state is chosen from the states catalogue. */
export const cities: ResourceDeclaration = {
  name: 'cities',
  title: 'Cidades',
  entity: 'Cidade',
  // Grows with the tenant: paged, sorted and filtered by the server (src/domain/schemas/listPage.ts).
  endpoint: WRITTEN_ENDPOINTS.cities,
  schema: citySchema,
  fields: [
    idField,
    nameField(),
    {
      source: 'state',
      label: 'Estado',
      type: 'select',
      reference: { resource: 'states', optionLabel: 'name' },
      displaySource: 'stateName',
    },
    activeField,
  ],
  columns: [
    { source: 'name' },
    { source: 'stateName' },
    { source: 'active' },
  ],
  sections: [{ title: 'Informações', fields: ['id', 'name', 'state', 'active'] }],
  access: catalogueAccess('cities'),
  successMessage: 'Cidades atualizadas com sucesso',
  tile: { group: 'simple', label: 'Cidade', icon: LocationCity, see: seenByPlatformAdmins },
  perPage: 20,
};
