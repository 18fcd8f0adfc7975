/**
 * API keys (docs/rules/integrations.md): what a risk manager's other systems use instead of a
 * person's login. Shared by the server (authentication, scope check, the keys' endpoints) and the
 * 'Integrações' screen (its checkboxes, labels and who sees it).
 */
import type { Role } from '../roles';

/** What a key may do; each endpoint that takes keys names the one scope that lets them in. */
export const API_KEY_SCOPES = ['missions:read', 'missions:write', 'reports:read', 'webhooks:manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'missions:read': 'Ler missões',
  'missions:write': 'Abrir missões',
  'reports:read': 'Ler relatórios',
  'webhooks:manage': 'Gerenciar webhooks',
};

export const isApiKeyScope = (value: unknown): value is ApiKeyScope =>
  typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);

/** The secret's recognisable start: a leaked key is found by secret scanners and by people. */
export const API_KEY_PREFIX = 'prk_';
/** Random bytes after the prefix (base64url): 256 bits, so a plain SHA-256 of it is a safe stored form. */
export const API_KEY_SECRET_BYTES = 32;
/** Characters of the secret the list shows (prefix included), enough to tell keys apart. */
export const API_KEY_SHOWN_LENGTH = 12;
/** The whole secret's length: the prefix and 32 bytes in base64url (43 characters). */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;

/** Calls one key may make per window; over it, 429 with Retry-After (API_KEY_RATE_LIMIT to change it). */
export const API_KEY_CALLS_PER_MINUTE = 600;

/** Keys a tenant may have that are not revoked: an integration needs a handful, not thousands. */
export const MAX_API_KEYS = 50;

/**
 * Who manages a tenant's keys: its risk manager's Administrador and TI profiles, and the platform
 * admin for any tenant. Providers never (their users are a tenant's competitors).
 */
export const canManageApiKeys = (role: Role | null | undefined): boolean =>
  !!role && ((role.type === 'risk_manager' && (role.perfil === 'admin' || role.perfil === 'ti')) || (role.type === 'admin' && role.perfil === 'admin'));

/** A key's state in the list. */
export type ApiKeyStatus = 'active' | 'expired' | 'revoked';
export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = { active: 'Ativa', expired: 'Expirada', revoked: 'Revogada' };

export function apiKeyStatus(key: { revokedAt: string | null; expiresAt: string | null }, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

export const API_KEY_MESSAGES = {
  missingOrInvalid: 'Chave de API inválida, expirada ou revogada',
  endpointRefusesKeys: 'Esta operação não aceita chave de API; entre com um usuário',
  scopeMissing: (scope: ApiKeyScope) => `Esta chave de API não tem a permissão '${scope}' (${API_KEY_SCOPE_LABELS[scope]})`,
  tooManyCalls: 'Limite de chamadas desta chave de API atingido. Tente novamente em instantes',
  nameRequired: 'Informe o nome da chave',
  scopesRequired: 'Escolha ao menos uma permissão',
  expiryInPast: 'A validade deve ser uma data futura',
  tooManyKeys: `Limite de ${MAX_API_KEYS} chaves ativas atingido; revogue uma antes de criar outra`,
  alreadyRevoked: 'Esta chave já foi revogada',
  notAllowed: 'Seu perfil não gerencia chaves de API',
  tenantRequired: 'Escolha a gerenciadora',
} as const;

/** The 'Integrações' screen (/home/integracoes). */
export const INTEGRATIONS_PATH = '/home/integracoes';

export const INTEGRATION_TEXTS = {
  menu: 'Integrações',
  title: 'Integrações',
  keysTab: 'Chaves de API',
  keysIntro:
    'Chaves para que outros sistemas (plataformas de rastreamento, sistemas do embarcador) chamem a API em nome da gerenciadora, ' +
    'cada uma só com as permissões escolhidas. Envie-a no cabeçalho Authorization: Bearer <chave>.',
  add: 'Nova chave',
  empty: 'Nenhuma chave de API criada.',
  name: 'Nome',
  scopes: 'Permissões',
  expiresAt: 'Validade (opcional)',
  noExpiry: 'Sem validade',
  tenant: 'Gerenciadora',
  createdBy: 'Criada por',
  createdAt: 'Criada em',
  lastUsed: 'Último uso',
  never: 'Nunca usada',
  expires: 'Vence em',
  revoke: 'Revogar',
  revokeConfirm: (name: string) => `Revogar a chave '${name}'? Os sistemas que a usam passam a receber 401 na hora.`,
  cancel: 'Cancelar',
  save: 'Criar chave',
  secretTitle: 'Chave criada',
  secretWarning: 'Copie a chave agora: ela não será mostrada de novo. Guarde-a num cofre de segredos; quem a tiver age pela gerenciadora.',
  copy: 'Copiar',
  copied: 'Chave copiada',
  done: 'Já copiei',
} as const;
