import PersonSearch from '@mui/icons-material/PersonSearch';
import { requesterSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Solicitante (/home/admin/requesters). */
export const requesters = lookupDeclaration({
  name: 'requesters',
  title: 'Solicitantes',
  entity: 'Solicitante',
  nameLabel: 'Nome',
  schema: requesterSchema,
  tileLabel: 'Solicitante',
  icon: PersonSearch,
  successMessage: 'Solicitantes atualizados com sucesso',
});
