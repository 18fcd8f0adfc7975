import type { API_ANSWERS } from './apiAnswers';
import type { FromSchema } from './fromSchema';
import type { Role } from './roles';

/**
 * Two-factor sign-in ("Verificação em duas etapas", docs/operations/two-factor.md): a TOTP authenticator
 * app, plus 10
 * single-use recovery codes for a lost phone. Shared by the server (which checks) and the screens
 * (which check the typing before sending).
 */

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes avoid look-alike characters (0/O, 1/I/L): they are copied by hand from paper. */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Ten characters (about 50 bits), shown as two groups of five: 'ABCDE-23456'. */
export const RECOVERY_CODE_LENGTH = 10;

/** The code as typed by a person: spaces and dashes dropped, upper case. */
export const normaliseRecoveryCode = (input: string): string => input.replace(/[\s-]/g, '').toUpperCase();

export const isTotpCode = (input: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(input.trim());

export const isRecoveryCode = (input: string): boolean =>
  new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`).test(normaliseRecoveryCode(input));

export const formatRecoveryCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/**
 * Whose login a risk manager's setting may require a second factor of: its own Administrador and
 * TI users (the profiles that manage users and integrations).
 */
export const isTwoFactorPolicyProfile = (role: Role): boolean =>
  role.type === 'risk_manager' && (role.perfil === 'admin' || role.perfil === 'ti');

/** Who may change its risk manager's setting: its own Administrador and TI users. */
export const canSetTwoFactorPolicy = (role: Role, riskManager: string | null): boolean =>
  isTwoFactorPolicyProfile(role) && riskManager !== null;

export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Digite os 6 dígitos do aplicativo autenticador',
  recoveryCodeFormat: 'Digite o código de recuperação (10 letras e números)',
  invalidCode: 'Código inválido. Confira o aplicativo autenticador e tente de novo.',
  alreadyEnabled: 'A verificação em duas etapas já está ativa nesta conta',
  notEnabled: 'A verificação em duas etapas não está ativa nesta conta',
  noSetup: 'Comece a configuração novamente: gere um novo QR code',
  notRequiredHere: 'Esta conta não precisa configurar a verificação em duas etapas agora',
  adminCannotDisable: 'Administradores da plataforma não podem desativar a verificação em duas etapas',
  requiredByPolicy: 'A sua gerenciadora exige a verificação em duas etapas para o seu perfil',
  ownReset: 'Não é possível redefinir a verificação em duas etapas do próprio usuário',
  adminResetOnlyByAdmin: 'Somente um administrador da plataforma pode redefinir a de outro administrador',
} as const;

/**
 * What GET /two-factor answers about the signed-in user's own account: whether it is on, whether
 * the login demands it (the risk manager's setting for the profile, or a platform admin who has
 * it), the recovery codes left, and the risk manager's setting when the caller may change it
 * (null otherwise).
 */
export type TwoFactorStatus = FromSchema<(typeof API_ANSWERS.twoFactorStatus)[200]>;

/** A setup in progress: the QR code (SVG made on the server) and the same secret as a manual key. */
export type TwoFactorSetup = FromSchema<(typeof API_ANSWERS.twoFactorSetup)[200]>;
