import { leadershipSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Lideranças (/home/admin/leaderships). */
export const leaderships = lookupDeclaration({
  name: 'leaderships',
  title: 'Lideranças',
  entity: 'Liderança',
  nameLabel: 'Nome',
  schema: leadershipSchema,
  successMessage: 'Lideranças atualizadas com sucesso',
});
