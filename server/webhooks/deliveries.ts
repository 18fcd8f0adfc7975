import { and, desc, eq, inArray, asc, sql } from 'drizzle-orm';
import { WEBHOOK_MESSAGES } from '../../src/domain/webhooks';
import type { WebhookMessage } from '../../src/domain/webhooks/contracts';
import type { Db } from '../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../db/schema';
import { notFound } from '../errors/httpErrors';
import type { Sendable } from '../shared/route';
import type { AuthUser } from '../shared/session';
import { tenantWhere } from '../shared/tenancy';
import { managerScope, visibleEndpoint } from './endpoints';
import { envelope } from './enqueue';

/**
 * The delivery log of an endpoint (docs/rules/webhooks.md): its latest messages with every attempt,
 * 'Reenviar' (the same message, so the same webhook-id, due again now) and 'Enviar teste'.
 */

/** Messages shown per endpoint: the screen's log, newest first. */
export const DELIVERY_LOG_SIZE = 50;

type MessageRow = Sendable<WebhookMessage>;

const messageColumns = {
  _id: webhookMessages.id,
  event: webhookMessages.event,
  state: webhookMessages.state,
  attempts: webhookMessages.attempts,
  createdAt: webhookMessages.createdAt,
  nextAttemptAt: webhookMessages.nextAttemptAt,
  deliveredAt: webhookMessages.deliveredAt,
};

async function withLog<M extends { _id: string }>(db: Db, messages: M[]): Promise<(M & { log: MessageRow['log'] })[]> {
  if (messages.length === 0) return [];
  const attempts = await db
    .select({ message: webhookAttempts.message, at: webhookAttempts.at, status: webhookAttempts.status, durationMs: webhookAttempts.durationMs, response: webhookAttempts.response, error: webhookAttempts.error })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.message, messages.map((m) => m._id)))
    .orderBy(asc(webhookAttempts.at), asc(webhookAttempts.id));
  return messages.map((message) => ({
    ...message,
    log: attempts.filter((a) => a.message === message._id).map(({ message: _message, ...attempt }) => attempt),
  }));
}

export async function listDeliveries(db: Db, user: AuthUser, endpoint: string): Promise<MessageRow[]> {
  await visibleEndpoint(db, user, endpoint);
  const messages = await db
    .select(messageColumns)
    .from(webhookMessages)
    .where(eq(webhookMessages.endpoint, endpoint))
    .orderBy(desc(webhookMessages.createdAt), desc(webhookMessages.id))
    .limit(DELIVERY_LOG_SIZE);
  return withLog(db, messages);
}

/** Due again now, attempts counted from zero (a message given up gets its whole schedule back); its id, and so its webhook-id, unchanged. */
export async function resendMessage(db: Db, user: AuthUser, id: string): Promise<MessageRow> {
  const scope = managerScope(user);
  const [row] = await db
    .update(webhookMessages)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(
      and(
        eq(webhookMessages.id, id),
        inArray(webhookMessages.endpoint, db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(tenantWhere(scope, webhookEndpoints.riskManager))),
      ),
    )
    .returning(messageColumns);
  if (!row) throw notFound(WEBHOOK_MESSAGES.messageNotFound);
  const [shown] = await withLog(db, [row]);
  if (!shown) throw notFound(WEBHOOK_MESSAGES.messageNotFound);
  return shown;
}

/** A 'webhook.test' message to this endpoint only, delivered like any other. */
export async function sendTest(db: Db, user: AuthUser, endpoint: string, now: Date): Promise<MessageRow> {
  const target = await visibleEndpoint(db, user, endpoint);
  const [row] = await db
    .insert(webhookMessages)
    .values({
      endpoint: target._id,
      event: 'webhook.test',
      payload: envelope('webhook.test', now, { endpointId: target._id, message: 'Mensagem de teste enviada pela tela Integrações.' }),
      nextAttemptAt: sql`now()`,
    })
    .returning(messageColumns);
  if (!row) throw new Error('webhook test write returned no row');
  return { ...row, log: [] };
}
