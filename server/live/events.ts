import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { EventRow } from './visibility';

interface RawRow {
  id: string;
  mission: string;
  action: EventRow['action'];
  from_status: EventRow['fromStatus'];
  to_status: EventRow['toStatus'];
  event_provider: string | null;
  created_at: Date | string;
  risk_manager: string;
  process_number: string | null;
  status: EventRow['status'];
  holder: string | null;
  proposers: string[] | null;
}

/**
 * Committed events with their missions' current tenancy facts, oldest first. Each event's mission
 * is one key lookup (the lateral subquery's LIMIT keeps the planner from turning it into a join):
 * as a plain join, statistics taken while mission_events was small (PGlite never analyzes on its
 * own) had the planner merge-join along the whole missions key for one new event, ~50 ms at
 * 100,000 missions during which PGlite answered nobody else.
 */
async function select(db: Db, where: SQL, limit: number): Promise<EventRow[]> {
  const result = await db.execute(sql`
    select e.id, e.mission_id as mission, e.action, e.from_status, e.to_status, e.service_provider_id as event_provider,
      e.created_at, m.risk_manager_id as risk_manager, m.process_number, m.status, m.service_provider_id as holder,
      (select array_agg(p.service_provider_id) from proposals p
        where p.mission_id = m.id and p.status <> 'canceled') as proposers
    from mission_events e
    cross join lateral (select risk_manager_id, process_number, status, service_provider_id, id from missions where missions.id = e.mission_id limit 1) m
    where ${where}
    order by e.created_at, e.id
    limit ${limit}`);
  return (result as { rows: RawRow[] }).rows.map((r) => ({
    id: r.id,
    mission: r.mission,
    action: r.action,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    eventProvider: r.event_provider,
    createdAt: new Date(r.created_at),
    riskManager: r.risk_manager,
    processNumber: r.process_number,
    status: r.status,
    holder: r.holder,
    proposers: r.proposers ?? [],
  }));
}

export function eventsByIds(db: Db, ids: string[]): Promise<EventRow[]> {
  return select(db, sql`e.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`, ids.length);
}

/**
 * How far back a resumption looks before the last event the client saw. Event times are taken when
 * the writer's transaction starts and transactions commit in any order, so an event stamped a little
 * earlier than the last one seen may have committed after it; re-sending a few is harmless (clients
 * only refetch), missing one is not.
 */
export const REPLAY_OVERLAP_MS = 10_000;
/** A client away longer than this many events refetches everything anyway (it does on every open). */
const REPLAY_LIMIT = 1000;

/**
 * The events after `lastEventId` (Last-Event-ID), for one tenant or all (platform admins); null
 * when that event is unknown, so the caller cannot tell what was missed.
 */
export async function eventsSince(db: Db, lastEventId: string, riskManager: string | null): Promise<EventRow[] | null> {
  const last = await db.execute(sql`select created_at from mission_events where id = ${lastEventId}`);
  const row = (last as { rows: { created_at: Date | string }[] }).rows[0];
  if (!row) return null;
  const from = new Date(new Date(row.created_at).getTime() - REPLAY_OVERLAP_MS);
  const tenant = riskManager === null ? sql`true` : sql`m.risk_manager_id = ${riskManager}`;
  return select(db, sql`e.created_at >= ${from} and e.id <> ${lastEventId} and ${tenant}`, REPLAY_LIMIT);
}
