/**
 * LGPD on the admin side (Administração → Privacidade; docs/rules/privacy.md): who may act, the
 * kinds of request, the retention's rules and limits, the 15-day answer deadline. Shared by the
 * server (server/privacy) and the screen.
 */
import type { Role } from '../roles';

/**
 * Who answers data subjects, sets retention and keeps the incidents register: a risk manager's
 * Administrador for its tenant, the platform admin for any tenant. Operacional, TI and every provider
 * user are refused (a provider is an operator of the risk manager's data, not its controller).
 */
export const canManagePrivacy = (role: Role | undefined): boolean =>
  role !== undefined && role.perfil === 'admin' && (role.type === 'admin' || role.type === 'risk_manager');

export const PRIVACY_REQUEST_KINDS = ['access', 'anonymisation'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Acesso aos dados',
  anonymisation: 'Anonimização',
};

/** LGPD art. 19 II: a full access answer within 15 days of the request. */
export const ACCESS_ANSWER_DAYS = 15;

/** The last day to answer a request received on `receivedOn` (YYYY-MM-DD), as YYYY-MM-DD. */
export function answerDeadline(receivedOn: string): string {
  const day = new Date(`${receivedOn}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + ACCESS_ANSWER_DAYS);
  return day.toISOString().slice(0, 10);
}

/**
 * Retention limits (docs/rules/privacy.md). Positions: at least 7 days (a mission's dispute is raised
 * within the week), at most a year. People on finished missions: at least 1 year (the period in
 * which the shipper or insurer may still claim on the mission; the billing itself keeps no person),
 * at most 20 (the longest civil limitation, CC art. 205, is 10; beyond 20 is a typing mistake).
 */
export const RETENTION_LIMITS = {
  positionDays: { min: 7, max: 365, default: 90 },
  missionPeopleYears: { min: 1, max: 20, default: 5 },
} as const;

/** The retention a tenant without settings has. */
export const DEFAULT_RETENTION = {
  positionDays: RETENTION_LIMITS.positionDays.default,
  missionPeopleYears: RETENTION_LIMITS.missionPeopleYears.default,
} as const;

/** The marker the anonymised e-mail of a user account takes (unique per account; never deliverable). */
export const anonymisedEmail = (id: string): string => `anonimizado-${id}@titular.invalid`;

/** Incidents are kept at least five years (ANPD Res. 15/2024 art. 10). */
export const INCIDENT_KEPT_YEARS = 5;

export const PRIVACY_PATHS = {
  search: 'privacy/search',
  exportPdf: 'privacy/export/pdf',
  anonymise: 'privacy/anonymise',
  requests: 'privacy/requests',
  request: 'privacy/requests/:id',
  retention: 'privacy/retention',
  incidents: 'privacy/incidents',
  incident: 'privacy/incidents/:id',
} as const;

export const PRIVACY_MESSAGES = {
  subjectRequired: 'Informe o CPF, o e-mail ou o nome do titular',
  subjectTooShort: 'Informe ao menos 3 letras do nome',
  kindRequired: 'Informe o tipo da solicitação',
  requesterRequired: 'Informe quem fez a solicitação',
  channelRequired: 'Informe o canal da solicitação',
  receivedOnRequired: 'Informe a data de recebimento',
  receivedInFuture: 'A data de recebimento não pode ser futura',
  answerRequired: 'Informe a resposta dada ao titular',
  alreadyAnswered: 'Esta solicitação já foi respondida',
  requestNotFound: 'Solicitação não encontrada',
  positionDays: `Informe de ${RETENTION_LIMITS.positionDays.min} a ${RETENTION_LIMITS.positionDays.max} dias para as posições`,
  missionPeopleYears: `Informe de ${RETENTION_LIMITS.missionPeopleYears.min} a ${RETENTION_LIMITS.missionPeopleYears.max} anos para os dados de pessoas das missões finalizadas`,
  occurredOnRequired: 'Informe a data do incidente',
  natureRequired: 'Descreva a natureza do incidente',
  categoriesRequired: 'Informe as categorias de dados afetados',
  peopleAffected: 'Informe quantas pessoas foram afetadas (0 ou mais)',
  measuresRequired: 'Descreva as medidas adotadas',
  notifiedBeforeIncident: 'A comunicação não pode ser anterior ao incidente',
  dateInFuture: 'A data não pode ser futura',
  incidentNotFound: 'Incidente não encontrado',
  incidentKept: `O registro de incidente é mantido por ${INCIDENT_KEPT_YEARS} anos e não pode ser excluído antes disso`,
} as const;
