/**
 * Webhooks of a risk manager (docs/rules/webhooks.md): the events an endpoint may subscribe to,
 * their labels on the screen, who manages them and the refusals in Portuguese. Shared by the server
 * (server/webhooks) and the screen (src/custom/integrations/WebhooksPanel.tsx).
 */
import type { Role } from '../roles';

export const WEBHOOK_EVENTS = [
  'mission.created',
  'mission.status_changed',
  'proposal.created',
  'mission.accepted',
  'mission.finish_requested',
  'mission.arrived',
  'sos.raised',
  'sla.breached',
  'billing.closed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'mission.created': 'Missão criada',
  'mission.status_changed': 'Status da missão alterado',
  'proposal.created': 'Proposta enviada',
  'mission.accepted': 'Proposta aceita; missão iniciada',
  'mission.finish_requested': 'Finalização solicitada',
  'mission.arrived': 'Equipe chegou ao local',
  'sos.raised': 'SOS acionado pela equipe',
  'sla.breached': 'Prazo estourado',
  'billing.closed': 'Faturamento concluído',
};

/** What a message may carry: an event, or the 'Enviar teste' of the screen. */
export const WEBHOOK_MESSAGE_EVENTS = [...WEBHOOK_EVENTS, 'webhook.test'] as const;
export type WebhookMessageEvent = (typeof WEBHOOK_MESSAGE_EVENTS)[number];

/** The envelope's version: a receiver reads `version` before `data` (docs/rules/webhooks.md). */
export const WEBHOOK_PAYLOAD_VERSION = 1;

/** Where a message stands: waiting for its next attempt, delivered, or given up (the endpoint was disabled). */
export const WEBHOOK_MESSAGE_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookMessageState = (typeof WEBHOOK_MESSAGE_STATES)[number];

export const WEBHOOK_MESSAGE_STATE_LABELS: Record<WebhookMessageState, string> = {
  pending: 'Pendente',
  delivered: 'Entregue',
  failed: 'Falhou',
};

/** Why the server turned an endpoint off. */
export const WEBHOOK_DISABLED_REASONS = ['gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const WEBHOOK_DISABLED_LABELS: Record<WebhookDisabledReason, string> = {
  gone: 'Desativado: o endereço respondeu 410 (não existe mais)',
  failing: 'Desativado: falhas seguidas por 3 dias',
};

/** Attempts before a message is given up, and how long a failing endpoint stays on (docs/rules/webhooks.md). */
export const WEBHOOK_MAX_ATTEMPTS = 12;
export const WEBHOOK_FAILING_DAYS = 3;
/** Both secrets sign for this long after 'Rotacionar segredo'. */
export const WEBHOOK_ROTATION_HOURS = 24;
/** Endpoints of one risk manager. */
export const MAX_WEBHOOK_ENDPOINTS = 20;
/** Room for a URL: longer is not an address a receiver publishes. */
export const MAX_WEBHOOK_URL = 2000;

export const WEBHOOK_MESSAGES = {
  notAllowed: 'Somente os perfis Administrador e TI da gerenciadora gerenciam webhooks',
  urlRequired: 'Informe o endereço (URL) do webhook',
  urlInvalid: 'Endereço inválido: use uma URL completa, como https://exemplo.com.br/webhooks',
  urlNotHttps: 'O endereço do webhook deve começar com https://',
  urlPrivate: 'Este endereço é de uma rede interna e não pode receber webhooks',
  urlCredentials: 'O endereço do webhook não pode conter usuário ou senha',
  eventsRequired: 'Escolha ao menos um evento',
  tooMany: `Limite de ${MAX_WEBHOOK_ENDPOINTS} webhooks por gerenciadora atingido`,
  notFound: 'Webhook não encontrado',
  messageNotFound: 'Entrega não encontrada',
  riskManagerRequired: 'Escolha a gerenciadora do webhook',
} as const;

/** The 'Integrações' screens: perfil Administrador or TI of a risk manager, or a platform admin (for any tenant). */
export const canManageWebhooks = (role: Role | null | undefined): boolean =>
  !!role && (role.perfil === 'admin' || role.perfil === 'ti') && role.type !== 'service_provider';

/** The paths under the integrations base (/api/v1/integrations). */
export const WEBHOOK_PATHS = {
  endpoints: 'webhooks',
  endpoint: 'webhooks/:id',
  rotate: 'webhooks/:id/rotate',
  test: 'webhooks/:id/test',
  deliveries: 'webhooks/:id/deliveries',
  resend: 'webhooks/messages/:id/resend',
} as const;
