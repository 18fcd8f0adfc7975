import { sql } from 'drizzle-orm';
import { char, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PushKind, PushPayload } from '../../../src/domain/push';
import { createdAt, idColumn, refColumn } from './columns';
import { users } from './users';

/**
 * The devices that ring with the app closed (docs/rules/notifications.md): the browser's
 * PushSubscription (endpoint and keys, RFC 8291) of one user, the label it reads in its list and
 * the kinds it chose. One row per endpoint: the same browser subscribing again, even under another
 * login, takes the row over, so a device never rings for an account no longer signed in there.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    user: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    kinds: text('kinds').array().$type<PushKind[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.user)],
);

/**
 * Mission events and chat messages not yet fanned out to the devices (migration 0039's trigger
 * writes them in the writer's transaction): deleted by the instance that writes their deliveries.
 */
export const pushOutbox = pgTable('push_outbox', {
  id: char('id', { length: 24 }).primaryKey(),
  source: text('source').$type<'event' | 'message'>().notNull(),
  createdAt: createdAt(),
});

/**
 * The sent-log (docs/operations/notifications.md): one row per event and device, the payload fixed
 * when it was fanned out, so a retry sends the same notification (its tag the event's id).
 * `claimedUntil`: an instance is sending it; `sentAt`/`failedAt`: done.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    event: char('event_id', { length: 24 }).notNull(),
    subscription: refColumn('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'push_deliveries_pk', columns: [t.event, t.subscription] }),
    index('push_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);
