import { sql } from 'drizzle-orm';
import { WEBHOOK_FAILING_DAYS, WEBHOOK_MAX_ATTEMPTS, type WebhookDisabledReason } from '../../src/domain/webhooks';
import type { WebhookConfig } from '../config';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { postWebhook, type AttemptResult } from './post';
import { signedHeaders } from './signing';

/**
 * Claiming and delivering the outbox (docs/rules/webhooks.md). A claim is a committed write — the
 * due messages taken FOR UPDATE SKIP LOCKED, their `claimed_until` set — so two instances never take
 * the same message while the claim lasts; an instance that dies mid-delivery leaves a claim that
 * expires, and the message is taken again (at least once, always). The attempt itself runs outside
 * any transaction: a slow receiver holds no lock and no connection.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ClaimedMessage {
  id: string;
  endpoint: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
}

/** How long a claim lasts: the attempt's timeout and room for writing its result. */
export const claimMsOf = (config: WebhookConfig) => config.timeoutMs + 20_000;

export async function claimDue(db: Db, limit: number, claimMs: number): Promise<ClaimedMessage[]> {
  if (limit <= 0) return [];
  return rowsOf<ClaimedMessage>(
    await db.execute(sql`
      update webhook_messages m
      set claimed_until = now() + ${claimMs} * interval '1 millisecond', attempts = m.attempts + 1
      from webhook_endpoints e
      where e.id = m.endpoint_id and m.id in (
        select m2.id from webhook_messages m2 join webhook_endpoints e2 on e2.id = m2.endpoint_id
        where m2.state = 'pending' and m2.next_attempt_at <= now() and e2.active
          and (m2.claimed_until is null or m2.claimed_until < now())
        order by m2.next_attempt_at, m2.id
        limit ${limit}
        for update of m2 skip locked)
      returning m.id, m.endpoint_id as endpoint, m.payload, m.attempts, e.url, e.secret, e.previous_secret, e.previous_secret_until`),
  );
}

/** The wait before the next attempt after `attempts` failed ones: ×6 each time from the base, at most 8 640× it, ±20 % so retries of many messages spread. */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(baseMs * 6 ** Math.max(0, attempts - 1), baseMs * 8640);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** An endpoint the server just turned off, for the e-mail to its risk manager. */
export interface DisabledEndpoint {
  id: string;
  riskManager: string;
  url: string;
  reason: WebhookDisabledReason;
}

/** Writes the attempt and its consequences; answers the endpoint it turned off, if it did. */
export async function recordAttempt(db: Db, message: ClaimedMessage, at: Date, result: AttemptResult, config: WebhookConfig): Promise<DisabledEndpoint | null> {
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into webhook_attempts (id, message_id, at, status, duration_ms, response, error)
      values (${newId()}, ${message.id}, ${at}, ${result.status}, ${result.durationMs}, ${result.response}, ${result.error})`);
    if (delivered) {
      await tx.execute(sql`update webhook_messages set state = 'delivered', delivered_at = now(), next_attempt_at = null, claimed_until = null where id = ${message.id}`);
      await tx.execute(sql`update webhook_endpoints set failing_since = null where id = ${message.endpoint} and failing_since is not null`);
      return null;
    }
    const givenUp = message.attempts >= WEBHOOK_MAX_ATTEMPTS;
    await tx.execute(sql`
      update webhook_messages
      set state = ${givenUp ? 'failed' : 'pending'}, claimed_until = null,
        next_attempt_at = ${givenUp ? null : sql`now() + ${retryDelayMs(message.attempts, config.retryBaseMs)} * interval '1 millisecond'`}
      where id = ${message.id}`);
    const [endpoint] = rowsOf<{ failing: boolean }>(
      await tx.execute(sql`
        update webhook_endpoints set failing_since = coalesce(failing_since, now()) where id = ${message.endpoint}
        returning failing_since < now() - ${WEBHOOK_FAILING_DAYS} * interval '1 day' as failing`),
    );
    const reason: WebhookDisabledReason | null = result.status === 410 ? 'gone' : endpoint?.failing ? 'failing' : null;
    if (!reason) return null;
    const [disabled] = rowsOf<{ risk_manager_id: string; url: string }>(
      await tx.execute(sql`
        update webhook_endpoints set active = false, disabled_reason = ${reason}, disabled_at = now()
        where id = ${message.endpoint} and active returning risk_manager_id, url`),
    );
    return disabled ? { id: message.endpoint, riskManager: disabled.risk_manager_id, url: disabled.url, reason } : null;
  });
}

/** One attempt at a claimed message, signed with its endpoint's secrets (the previous one too while it is valid). */
export async function attempt(message: ClaimedMessage, config: WebhookConfig, now: Date = new Date()): Promise<AttemptResult> {
  const until = message.previous_secret_until === null ? null : new Date(message.previous_secret_until);
  const secrets = message.previous_secret && until && until > now ? [message.secret, message.previous_secret] : [message.secret];
  const body = JSON.stringify(message.payload);
  return postWebhook(message.url, signedHeaders(message.id, now, body, secrets), body, config);
}
