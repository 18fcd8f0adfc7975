/**
 * Who keeps a roster of security agents and the roster screen's words (docs/rules/agents.md), apart
 * from the contracts so the menu does not load the schemas. A provider's users read their own roster
 * (the Operacional picks agents for missions), its Administrador writes it. The risk manager reads
 * none: it sees on each mission whether its agents were licensed that day.
 */
import type { Role } from '../roles';

export const canReadRoster = (role: Role | null | undefined): boolean => role?.type === 'service_provider' && role.perfil !== 'ti';
export const canWriteRoster = (role: Role | null | undefined): boolean => role?.type === 'service_provider' && role.perfil === 'admin';

export const ROSTER_TEXTS = {
  menu: 'Agentes',
  title: 'Agentes de segurança',
  intro:
    'Só um agente deste cadastro, com a CNV válida no dia, pode ser colocado em uma missão. Enquanto o cadastro estiver vazio, o nome do agente é digitado na missão e aparece como "sem cadastro".',
  add: 'Novo agente',
  edit: 'Editar',
  save: 'Salvar',
  cancel: 'Cancelar',
  empty: 'Nenhum agente cadastrado.',
  name: 'Nome',
  cpf: 'CPF',
  cnvNumber: 'Número da CNV',
  cnvValidUntil: 'Validade da CNV',
  refresherOn: 'Última reciclagem',
  active: 'Ativo',
  inactive: 'Inativo',
  cnvExpired: 'CNV vencida',
  cnvValid: 'CNV válida',
  pfTitle: 'Autorização da Polícia Federal',
  pfNone: 'não cadastrada',
  readOnly: 'Só o perfil Administrador da prestadora altera este cadastro.',
  saved: 'Agente salvo',
} as const;
