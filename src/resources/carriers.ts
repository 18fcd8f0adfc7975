import LocalShipping from '@mui/icons-material/LocalShipping';
import { carrierSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Transportador (/home/admin/carriers). */
export const carriers = lookupDeclaration({
  name: 'carriers',
  title: 'Transportador',
  entity: 'Transportador',
  nameLabel: 'Nome',
  schema: carrierSchema,
  tileLabel: 'Transportador',
  icon: LocalShipping,
  successMessage: 'Transportadores atualizados com sucesso',
});
