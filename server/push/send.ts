import type { Agent } from 'node:https';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../src/domain/push';
import type { VapidKeys } from '../config';
import type { Db } from '../db/client';

/**
 * Sends the due deliveries (docs/operations/notifications.md). Each is claimed first — an UPDATE
 * of rows picked FOR UPDATE SKIP LOCKED, setting a lease — so two instances never send the same
 * one; the claim is committed before the network call, which runs outside any transaction. What
 * the push service answers decides the row: 2xx sent; 404/410 the device is gone (its subscription
 * deleted, its deliveries with it); 429, 5xx or no answer tried again later, doubling the wait; any
 * other refusal given up. An instance stopped between the push service's 2xx and the write of
 * `sent_at` leaves a lease that expires and the delivery is sent again: the notification's tag (and
 * the push service's Topic) is the event's id, so the device replaces it instead of showing two.
 */

export interface SendOptions {
  vapid: VapidKeys;
  /** First retry delay in ms, doubled on each failure up to an hour. */
  retryMs: number;
  /** The TLS agent of the push requests (tests trust their stub's certificate with it). */
  agent?: Agent;
}

/** Tries before a delivery is given up (about a day of doubling waits from 5 s). */
export const MAX_PUSH_ATTEMPTS = 15;
/** How long a claim holds: longer than a push request may take (its timeout below). */
const LEASE_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 15_000;
/** A notification not delivered to the device within a day is of no use any more. */
const TTL_SECONDS = 24 * 3600;
const BATCH = 20;
const MAX_RETRY_MS = 3600_000;

interface Claimed {
  event_id: string;
  subscription_id: string;
  payload: PushPayload;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function claim(db: Db): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    await db.execute(sql`
      update push_deliveries d set claimed_until = clock_timestamp() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
      from push_subscriptions s
      where s.id = d.subscription_id and (d.event_id, d.subscription_id) in (
        select event_id, subscription_id from push_deliveries
        where sent_at is null and failed_at is null and next_attempt_at <= clock_timestamp()
          and (claimed_until is null or claimed_until <= clock_timestamp())
        order by next_attempt_at limit ${BATCH} for update skip locked)
      returning d.event_id, d.subscription_id, d.payload, d.attempts, s.endpoint, s.p256dh, s.auth`),
  );
}

type Outcome = 'sent' | 'gone' | 'retry' | 'refused';

function outcomeOf(error: unknown): Outcome {
  const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
  if (status === undefined) return 'retry';
  if (status === 404 || status === 410) return 'gone';
  return status === 429 || status >= 500 ? 'retry' : 'refused';
}

async function deliver(row: Claimed, options: SendOptions): Promise<Outcome> {
  try {
    await webpush.sendNotification({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(row.payload), {
      vapidDetails: options.vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
      topic: row.payload.tag,
      timeout: REQUEST_TIMEOUT_MS,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return 'sent';
  } catch (error) {
    return outcomeOf(error);
  }
}

async function record(db: Db, row: Claimed, outcome: Outcome, retryMs: number): Promise<void> {
  const key = sql`event_id = ${row.event_id} and subscription_id = ${row.subscription_id}`;
  if (outcome === 'gone') {
    await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}`);
  } else if (outcome === 'sent') {
    await db.execute(sql`update push_deliveries set sent_at = clock_timestamp(), claimed_until = null where ${key}`);
  } else if (outcome === 'refused' || row.attempts >= MAX_PUSH_ATTEMPTS) {
    await db.execute(sql`update push_deliveries set failed_at = clock_timestamp(), claimed_until = null where ${key}`);
  } else {
    const wait = Math.min(MAX_RETRY_MS, retryMs * 2 ** (row.attempts - 1));
    await db.execute(sql`
      update push_deliveries set claimed_until = null, next_attempt_at = clock_timestamp() + make_interval(secs => ${wait / 1000})
      where ${key}`);
  }
}

/** Sends one batch of due deliveries; how many were claimed (0: none due). */
export async function sendDueBatch(db: Db, options: SendOptions): Promise<number> {
  const claimed = await claim(db);
  await Promise.all(claimed.map(async (row) => record(db, row, await deliver(row, options), options.retryMs)));
  return claimed.length;
}

/** Milliseconds until the next delivery waiting for a retry is due, or null when none waits. */
export async function nextRetryInMs(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ ms: number | null }>(
    await db.execute(sql`
      select extract(epoch from (min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - clock_timestamp())) * 1000 as ms
      from push_deliveries where sent_at is null and failed_at is null`),
  );
  return row?.ms === null || row?.ms === undefined ? null : Math.max(0, Number(row.ms));
}

/** Sent and given-up rows older than this are forgotten: the sent-log only has to outlive any retry. */
export async function pruneDeliveries(db: Db): Promise<void> {
  await db.execute(sql`delete from push_deliveries where coalesce(sent_at, failed_at) < clock_timestamp() - interval '7 days'`);
}
