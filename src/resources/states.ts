import MapIcon from '@mui/icons-material/Map';
import { stateSchema } from '../domain/schemas';
import type { ResourceDeclaration } from './framework/types';
import { activeField, catalogueAccess, idField, nameField, seenByPlatformAdmins } from './shared';
import { ENDPOINTS } from '../domain/endpoints';

/** Estados (/home/admin/states): global, written by platform admins only. */
export const states: ResourceDeclaration = {
  name: 'states',
  title: 'Estados',
  entity: 'Estado',
  endpoint: ENDPOINTS.states,
  schema: stateSchema,
  fields: [idField, nameField(), activeField],
  columns: [
    { source: 'name' },
    { source: 'active' },
  ],
  sections: [{ title: 'Informações', fields: ['id', 'name', 'active'] }],
  access: catalogueAccess('states'),
  successMessage: 'Estados atualizados com sucesso',
  tile: { group: 'simple', label: 'Estado', icon: MapIcon, see: seenByPlatformAdmins },
};
