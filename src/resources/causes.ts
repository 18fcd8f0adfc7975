import ReportProblem from '@mui/icons-material/ReportProblem';
import { causeSchema } from '../domain/schemas';
import { lookupDeclaration } from './lookup';

/** Motivo Acionamento (/home/admin/causes). */
export const causes = lookupDeclaration({
  name: 'causes',
  title: 'Motivo Acionamento',
  entity: 'Motivo acionamento',
  nameLabel: 'Motivo',
  schema: causeSchema,
  tileLabel: 'Motivo Acionamento',
  icon: ReportProblem,
  successMessage: 'Motivos acionamento atualizados com sucesso',
});
