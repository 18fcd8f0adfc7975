import type { FastifyBaseLogger } from 'fastify';

/**
 * Security-relevant changes to an account's sign-in (README, "Verificação em duas etapas"): who did
 * what to whose second factor. Every one goes through recordSecurityEvent, the single place to route
 * them into an audit trail; today they are written to the structured log, marked `securityEvent`.
 */
export type SecurityEventType =
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_recovery_code_used'
  /** By another user (an administrator), for a person who lost the phone and the recovery codes. */
  | 'two_factor_reset'
  | 'two_factor_policy_changed';

export interface SecurityEvent {
  type: SecurityEventType;
  /** Who acted. */
  actorId: string;
  /** Whose account (for the policy: the risk manager's id). */
  subjectId: string;
  at: Date;
  details?: Record<string, string | number | boolean>;
}

export async function recordSecurityEvent(log: FastifyBaseLogger, event: SecurityEvent): Promise<void> {
  log.info({ securityEvent: { ...event, at: event.at.toISOString() } }, 'security event');
  await Promise.resolve();
}
