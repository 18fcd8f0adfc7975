import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, refColumn } from './columns';
import { users } from './users';

/**
 * Tickets for the live stream (docs/operations/several-instances.md): an EventSource cannot send the
 * x-access-token header, and
 * the long-lived token must not travel in a URL that lands in access logs. A signed-in client
 * trades its token for one of these (random, stored as its SHA-256, ~60 s) and the stream consumes
 * it with one DELETE … RETURNING, so it works once, on whichever instance the balancer picks.
 */
export const liveTickets = pgTable(
  'live_tickets',
  {
    hash: text('hash').primaryKey(),
    user: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_tickets_expires_idx').on(t.expiresAt)],
);
