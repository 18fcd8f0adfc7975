/**
 * The audit trail (Administração → Auditoria): what a person wrote, by whom, when and from where.
 * Shared by the server (what it records and answers) and the screen (labels, filters).
 */
import type { Role } from '../roles';

/** Who reads the trail: the administrators of a risk manager (their tenant), the platform admin (every tenant). */
export const canReadAudit = (role: Role | undefined): boolean =>
  role !== undefined && role.perfil === 'admin' && (role.type === 'admin' || role.type === 'risk_manager');

/** What an entry is about, with the label the screen and the Excel show (the product's screen names). */
export const AUDIT_ENTITY_LABELS = {
  causes: 'Motivo Acionamento',
  carriers: 'Transportador',
  places: 'Locais',
  leaderships: 'Liderança',
  requesters: 'Solicitantes',
  states: 'Estados',
  cities: 'Cidades',
  shippers: 'Embarcador',
  providers: 'Prestadores',
  franchises: 'Serviços e Franquias',
  shipperPlans: 'Franquias (cliente)',
  providerPlans: 'Prestadores de Serviço (franquias)',
  providerLogins: 'Logins',
  users: 'Usuários',
  configs: 'Parâmetros da missão',
  themes: 'Tema',
  billing: 'Faturamento',
  missionVehicles: 'Veículos da missão',
  missionOccurrences: 'Ocorrências da missão',
  missionAgents: 'Prestadores da missão',
  missionAttachments: 'Anexos da missão',
  missionFiscalKeys: 'Chaves fiscais da missão',
  session: 'Acesso ao sistema',
  twoFactor: 'Verificação em duas etapas',
  trackerDevices: 'Dispositivos',
  webhooks: 'Webhooks',
  apiKeys: 'Chaves de API',
  rosterAgents: 'Agentes de segurança',
  privacySubjects: 'Titulares de dados',
  privacyRequests: 'Solicitações de titulares',
  privacySettings: 'Retenção de dados',
  privacyRetention: 'Retenção LGPD (rotina diária)',
  privacyIncidents: 'Incidentes de segurança',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];

export const AUDIT_ACTION_LABELS = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  billed: 'Faturamento concluído',
  signIn: 'Login',
  signInFailed: 'Login recusado',
  passwordReset: 'Senha redefinida',
  twoFactorEnabled: 'Ativação',
  twoFactorDisabled: 'Desativação',
  twoFactorRecoveryUsed: 'Código de recuperação usado',
  twoFactorReset: 'Redefinição por administrador',
  apiCall: 'Chamada pela API',
  anonymised: 'Anonimização',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The changed fields only: a field's value before and after (absent on the side where the record did not exist). */
export type AuditValues = Record<string, unknown>;

export const AUDIT_SORTS = ['at', 'userName', 'entity', 'action'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];
export const AUDIT_DEFAULT_PER_PAGE = 25;
export const AUDIT_MAX_PER_PAGE = 100;

export const AUDIT_PATHS = { list: 'audit', excel: 'audit/excel' } as const;

/** The Excel's file name. */
export const AUDIT_FILE_NAME = 'auditoria.xlsx';
