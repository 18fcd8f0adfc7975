import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookDisabledReason, WebhookEvent, WebhookMessageEvent, WebhookMessageState } from '../../../src/domain/webhooks';
import { createdAt, idColumn, refColumn } from './columns';
import { riskManagers } from './companies';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A risk manager's webhook endpoints (docs/rules/webhooks.md): where its events are sent, which
 * ones, and the secret they are signed with (kept to sign: a receiver verifies with the same one).
 * After 'Rotacionar segredo' the previous secret also signs until `previousSecretUntil`.
 * `failingSince`: the first failed attempt since the last delivery; 3 days of it turn the endpoint off.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: moment('previous_secret_until'),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    disabledAt: moment('disabled_at'),
    failingSince: moment('failing_since'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_endpoints_disabled_reason', sql`${t.disabledReason} in ('gone', 'failing')`),
    index('webhook_endpoints_tenant_idx').on(t.riskManager),
  ],
);

/**
 * The outbox (docs/rules/webhooks.md): one message per endpoint and event, written in the
 * transaction of the change that caused it; its id is the `webhook-id` of every attempt.
 * `claimedUntil`: an instance is delivering it; past that moment (the instance died) another takes it.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: idColumn(),
    endpoint: refColumn('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookMessageEvent>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<WebhookMessageState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at'),
    claimedUntil: moment('claimed_until'),
    deliveredAt: moment('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_messages_state', sql`${t.state} in ('pending', 'delivered', 'failed')`),
    // What the worker reads every pass: the few messages still waiting.
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_messages_endpoint_idx').on(t.endpoint, t.createdAt),
  ],
);

/** Each attempt at a message: when, the answer's status, how long it took and the answer's first bytes. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: idColumn(),
    message: refColumn('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    at: moment('at').notNull(),
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.message, t.at)],
);
