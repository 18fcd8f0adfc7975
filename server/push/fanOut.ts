import { sql } from 'drizzle-orm';
import { pushKindsFor, type PushKind } from '../../src/domain/push';
import { chatPushNotice, pushNoticeOf, type PushNotice } from '../../src/domain/push/notices';
import { statusSeenBy } from '../../src/domain/missions';
import type { Perfil, RoleType } from '../../src/domain/roles';
import type { StoredMissionStatus } from '../../src/domain/missions';
import type { Db } from '../db/client';
import { mayHearChat } from '../live/chat';
import { eventsByIds } from '../live/events';
import { liveEventFor } from '../live/visibility';
import type { AuthUser } from '../shared/session';

/**
 * Fans a batch of the outbox (migration 0039) out to the devices that may hear it, in one
 * transaction: the batch is taken FOR UPDATE SKIP LOCKED (another instance takes another batch),
 * one push_deliveries row is written per device and event (ON CONFLICT DO NOTHING), and the batch
 * is deleted — all or nothing, so an instance stopped half-way leaves the batch to the next one.
 * Who may hear what is the live stream's rule (server/live/visibility.ts, chat.ts) applied to each
 * device's user, so a push tells that user only what its own screen would.
 */

const BATCH = 100;

interface Subscriber {
  id: string;
  kinds: PushKind[];
  user: AuthUser;
}

interface MessageRow {
  id: string;
  mission: string;
  sender: string | null;
  riskManager: string;
  serviceProvider: string | null;
  processNumber: string | null;
  status: StoredMissionStatus;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const idList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

async function subscribersOf(tx: Db, riskManagers: string[]): Promise<Subscriber[]> {
  if (riskManagers.length === 0) return [];
  const rows = rowsOf<{ id: string; kinds: PushKind[]; user_id: string; name: string; email: string; role_type: RoleType; perfil: Perfil; risk_manager_id: string; service_provider_id: string | null }>(
    await tx.execute(sql`
      select s.id, s.kinds, u.id as user_id, u.name, u.email, u.role_type, u.perfil, u.risk_manager_id, u.service_provider_id
      from push_subscriptions s join users u on u.id = s.user_id
      where u.active and u.risk_manager_id in (${idList(riskManagers)})`),
  );
  return rows.map((r) => ({
    id: r.id,
    kinds: r.kinds,
    user: { id: r.user_id, name: r.name, email: r.email, role: { type: r.role_type, perfil: r.perfil }, riskManager: r.risk_manager_id, serviceProvider: r.service_provider_id },
  }));
}

async function messagesOf(tx: Db, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return rowsOf<MessageRow>(
    await tx.execute(sql`
      select m.id, m.mission_id as mission, m.sender_user_id as sender, mi.risk_manager_id as "riskManager",
        mi.service_provider_id as "serviceProvider", mi.process_number as "processNumber", mi.status
      from mission_messages m join missions mi on mi.id = m.mission_id
      where m.id in (${idList(ids)})`),
  );
}

/** The notice `subscriber` gets, when one of its chosen kinds rings for it (a kind its role lost since rings no more). */
const chosen = (subscriber: Subscriber, notice: PushNotice | null): notice is PushNotice =>
  notice !== null && subscriber.kinds.includes(notice.kind) && pushKindsFor(subscriber.user).includes(notice.kind);

/** Fans out one batch; the number of outbox rows it took (0: the outbox is empty or every row is being taken by another instance). */
export async function fanOutBatch(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = rowsOf<{ id: string; source: 'event' | 'message' }>(
      await tx.execute(sql`
        delete from push_outbox where id in (select id from push_outbox order by created_at, id limit ${BATCH} for update skip locked)
        returning id, source`),
    );
    if (taken.length === 0) return 0;
    const eventIds = taken.filter((t) => t.source === 'event').map((t) => t.id);
    const events = eventIds.length > 0 ? await eventsByIds(tx, eventIds) : [];
    // Who made each event: a user's own act rings none of its devices.
    const actors = new Map(
      eventIds.length > 0
        ? rowsOf<{ id: string; user: string | null; role: RoleType }>(
            await tx.execute(sql`select id, actor_user_id as user, role_type as role from mission_events where id in (${idList(eventIds)})`),
          ).map((r) => [r.id, r])
        : [],
    );
    const messages = await messagesOf(tx, taken.filter((t) => t.source === 'message').map((t) => t.id));
    const subscribers = await subscribersOf(tx, [...new Set([...events.map((e) => e.riskManager), ...messages.map((m) => m.riskManager)])]);

    const deliveries: { event: string; subscription: string; notice: PushNotice }[] = [];
    for (const row of events) {
      for (const subscriber of subscribers) {
        const actor = actors.get(row.id);
        if (actor?.user === subscriber.user.id) continue;
        const event = liveEventFor(subscriber.user, row);
        const notice = event && pushNoticeOf(event, subscriber.user.role.type, actor?.role ?? null);
        if (chosen(subscriber, notice)) deliveries.push({ event: row.id, subscription: subscriber.id, notice });
      }
    }
    for (const message of messages) {
      for (const subscriber of subscribers) {
        if (message.sender === subscriber.user.id || !mayHearChat(subscriber.user, message)) continue;
        const status = statusSeenBy(subscriber.user, message.status);
        const notice = chatPushNotice({ id: message.id, mission: message.mission, processNumber: message.processNumber, status });
        if (chosen(subscriber, notice)) deliveries.push({ event: message.id, subscription: subscriber.id, notice });
      }
    }
    if (deliveries.length > 0) {
      const values = sql.join(
        deliveries.map((d) => sql`(${d.event}, ${d.subscription}, ${JSON.stringify(d.notice.payload)}::jsonb, clock_timestamp())`),
        sql`, `,
      );
      await tx.execute(sql`insert into push_deliveries (event_id, subscription_id, payload, next_attempt_at) values ${values} on conflict do nothing`);
    }
    return taken.length;
  });
}
