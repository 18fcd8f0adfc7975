import Groups from '@mui/icons-material/Groups';
import { leadershipSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Lideranças (/home/admin/leaderships). */
export const leaderships = lookupDeclaration({
  name: 'leaderships',
  title: 'Lideranças',
  entity: 'Liderança',
  nameLabel: 'Nome',
  schema: leadershipSchema,
  tileLabel: 'Lideranças',
  icon: Groups,
  successMessage: 'Lideranças atualizadas com sucesso',
});
