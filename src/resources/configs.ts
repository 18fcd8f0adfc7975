import Tune from '@mui/icons-material/Tune';
import { missionConfigSchema } from '../domain/schemas';
import type { FormValues, ResourceDeclaration } from './framework/types';
import { catalogueAccess, seenByCatalogueAdmins } from './shared';
import { ENDPOINTS } from '../domain/endpoints';

const write = catalogueAccess('configs');

/**
 * Parâmetros da missão (/home/admin/configs): one record per risk manager, edited in place; the
 * four flags say which of cause/carrier/place/leadership a new mission must have.
 */
export const configs: ResourceDeclaration = {
  name: 'configs',
  title: 'Parâmetros da missão',
  entity: 'Parâmetros da missão',
  endpoint: {
    ...ENDPOINTS.configs,
    // PUT /mission/configs/:id takes only the flags.
    toUpdateBody: (values: FormValues) => ({ required: values.required }),
  },
  schema: missionConfigSchema,
  fields: [
    { source: 'required.cause', label: 'Motivo acionamento obrigatório', type: 'boolean' },
    { source: 'required.carrier', label: 'Transportador obrigatório', type: 'boolean' },
    { source: 'required.place', label: 'Local obrigatório', type: 'boolean' },
    { source: 'required.leadership', label: 'Liderança obrigatória', type: 'boolean' },
  ],
  columns: [
    { source: 'required.cause' },
    { source: 'required.carrier' },
    { source: 'required.place' },
    { source: 'required.leadership' },
  ],
  sections: [
    {
      title: 'Campos obrigatórios na criação da missão',
      fields: ['required.cause', 'required.carrier', 'required.place', 'required.leadership'],
    },
  ],
  // The server creates each risk manager's record; it is never created or deleted here.
  access: { create: () => false, edit: write.edit, delete: () => false },
  successMessage: 'Parâmetros atualizados com sucesso',
  tile: { group: 'simple', label: 'Parâmetros da missão', icon: Tune, see: seenByCatalogueAdmins },
  single: {
    pickerLabel: 'Gestora de risco',
    pickerSource: 'riskManager',
    pickerReference: { resource: 'riskManagers', optionLabel: 'name' },
  },
};
