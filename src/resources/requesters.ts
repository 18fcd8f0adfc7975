import { requesterSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Solicitante (/home/admin/requesters). */
export const requesters = lookupDeclaration({
  name: 'requesters',
  title: 'Solicitantes',
  entity: 'Solicitante',
  nameLabel: 'Nome',
  schema: requesterSchema,
  successMessage: 'Solicitantes atualizados com sucesso',
});
