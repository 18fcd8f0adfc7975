import Place from '@mui/icons-material/Place';
import { placeSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Locais (/home/admin/places). */
export const places = lookupDeclaration({
  name: 'places',
  title: 'Locais',
  entity: 'Local',
  nameLabel: 'Nome',
  schema: placeSchema,
  tileLabel: 'Locais',
  icon: Place,
  successMessage: 'Locais atualizados com sucesso',
});
