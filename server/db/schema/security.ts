import { doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Failure counters for login and forget rate limits, kept in the database so every server
 * instance sees the same counts (docs/operations/several-instances.md: the server is stateless).
 */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The login budget of each account (server/auth/loginBudget.ts): a token bucket of password guesses shared
 * by every address, refilled continuously. `tokens` is the content at `refilledAt`; below zero the
 * account is past its budget. `noticedAt`/`noticedBy` record the last e-mail telling the owner so,
 * and which attempt sent it (the one attempt whose own id comes back sends it).
 */
export const loginBudgets = pgTable('login_budgets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'date' }).notNull(),
  noticedAt: timestamp('noticed_at', { withTimezone: true, mode: 'date' }),
  noticedBy: text('noticed_by'),
});

/** Stored responses of mutating requests sent with an Idempotency-Key, replayed on retry. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. Null on rows
     * stored before it existed. */
    requestHash: text('request_hash'),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
