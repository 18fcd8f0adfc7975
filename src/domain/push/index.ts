/**
 * Notifications that ring with the app closed (docs/rules/notifications.md): Web Push to the devices
 * a provider's or a risk manager's user turned them on for, each device with the kinds it chose.
 * Paths are relative to the auth base (/api/auth): a device belongs to the signed-in account.
 */
import { canUseMissions } from '../permissions';
import type { Role } from '../roles';

export const PUSH_PATHS = {
  /** GET: the server's VAPID public key, the `applicationServerKey` of PushManager.subscribe. */
  key: 'push/key',
  /** GET: my devices; POST: subscribe this device. */
  devices: 'push/devices',
  /** PUT: change a device's kinds; DELETE: remove it. */
  device: 'push/devices/:id',
} as const;

/** What a provider's devices may ring for. */
export const PROVIDER_PUSH_KINDS = ['missionOffered', 'proposalAccepted', 'proposalLost', 'chatMessage', 'finishAnswered'] as const;
/** What a risk manager's devices may ring for. */
export const RISK_MANAGER_PUSH_KINDS = ['proposalReceived', 'finishRequested', 'slaBreached', 'sos', 'teamArrived'] as const;
export const PUSH_KINDS = [...PROVIDER_PUSH_KINDS, ...RISK_MANAGER_PUSH_KINDS] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The checkboxes of the 'Notificações' section, and each notification's title. */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  missionOffered: 'Missão recebida',
  proposalAccepted: 'Proposta aceita',
  proposalLost: 'Outro fornecedor definido',
  chatMessage: 'Nova mensagem no chat',
  finishAnswered: 'Solicitação de finalização respondida',
  proposalReceived: 'Nova proposta',
  finishRequested: 'Solicitação de finalização',
  slaBreached: 'SLA estourado',
  sos: 'SOS e equipe sem sinal',
  teamArrived: 'Equipe chegou ao local',
};

/** The kinds a role may choose; none for a platform admin (no tenant) nor for the tech profile (no missions area). */
export function pushKindsFor(user: { role: Role; riskManager: string | null }): readonly PushKind[] {
  if (!user.riskManager || !canUseMissions(user.role)) return [];
  return user.role.type === 'service_provider' ? PROVIDER_PUSH_KINDS : RISK_MANAGER_PUSH_KINDS;
}

/** At most this many devices per account: a person's phones and computers stay far below it. */
export const MAX_PUSH_DEVICES = 20;

export const PUSH_MESSAGES = {
  tooManyDevices: `Limite de ${MAX_PUSH_DEVICES} dispositivos atingido. Remova um dispositivo antes de adicionar outro.`,
  kindNotAllowed: 'Tipo de notificação não disponível para este perfil',
  notAvailable: 'Notificações não estão disponíveis para este perfil',
  endpointNotHttps: 'O endereço do serviço de notificação deve usar https',
  unsupported: 'Este navegador não permite notificações com o aplicativo fechado.',
  denied: 'O navegador bloqueou as notificações deste site. Libere-as nas configurações do navegador e tente de novo.',
  enabled: 'Notificações ativadas neste dispositivo',
  removed: 'Dispositivo removido',
  saved: 'Preferências salvas',
  failed: 'Não foi possível ativar as notificações. Tente novamente.',
} as const;

/**
 * What a push carries (encrypted for the device, RFC 8291): the title and body shown, the tag (the
 * event's id: a retried duplicate replaces the one on screen) and the screen its click opens.
 */
export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}
