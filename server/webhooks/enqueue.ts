import { sql } from 'drizzle-orm';
import type { MissionEventAction, StoredMissionStatus } from '../../src/domain/missions';
import { WEBHOOK_PAYLOAD_VERSION, type WebhookEvent, type WebhookMessageEvent } from '../../src/domain/webhooks';
import { webhookEventsOf } from '../../src/domain/webhooks/events';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { webhookMessages } from '../db/schema';

/**
 * The webhook outbox's writer (docs/rules/webhooks.md): called by the mission timeline's only
 * writer (server/missions/events.ts) with the same transaction handle, so a message exists exactly
 * when its change committed. One message per active endpoint of the mission's risk manager that
 * subscribed to the event; nothing is sent here — the worker (worker.ts) does it after the commit.
 * The payload is what the risk manager reads of its own mission: endpoints belong to the risk
 * manager, never to a provider, so a competitor's data never leaves through them.
 */

export interface TimelineEvent {
  id: string;
  mission: string;
  action: MissionEventAction;
  from: StoredMissionStatus | null;
  to: StoredMissionStatus | null;
  provider: { id: string; name: string } | null;
  details: Record<string, unknown> | null;
  at: Date;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The event's own data beyond the mission's: which deadline, which side, where the SOS was. */
function extraOf(event: TimelineEvent): Record<string, unknown> {
  if (event.action.startsWith('sla_breached_')) return { deadline: event.action.slice('sla_breached_'.length) };
  if (event.action === 'billed_shipper') return { side: 'shipper' };
  if (event.action === 'billed_provider') return { side: 'provider' };
  if (event.action === 'sos_raised' || event.action === 'team_arrived') {
    const { latitude, longitude } = event.details ?? {};
    return typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : {};
  }
  return {};
}

/** The versioned envelope a receiver gets as the body. */
export const envelope = (type: WebhookMessageEvent, at: Date, data: Record<string, unknown>) => ({
  type,
  version: WEBHOOK_PAYLOAD_VERSION,
  timestamp: at.toISOString(),
  data,
});

export async function enqueueWebhooks(tx: Db, event: TimelineEvent): Promise<void> {
  const types = webhookEventsOf(event.action, event.from, event.to);
  if (types.length === 0) return;
  const endpoints = rowsOf<{ id: string; events: WebhookEvent[]; process_number: string | null; status: StoredMissionStatus }>(
    await tx.execute(sql`
      select e.id, e.events, m.process_number, m.status
      from missions m join webhook_endpoints e on e.risk_manager_id = m.risk_manager_id
      where m.id = ${event.mission} and e.active`),
  );
  const values = endpoints.flatMap((endpoint) =>
    types
      .filter((type) => endpoint.events.includes(type))
      .map((type) => ({
        id: newId(),
        endpoint: endpoint.id,
        event: type,
        payload: envelope(type, event.at, {
          eventId: event.id,
          action: event.action,
          missionId: event.mission,
          processNumber: endpoint.process_number,
          status: event.to ?? endpoint.status,
          previousStatus: event.from,
          serviceProvider: event.provider,
          occurredAt: event.at.toISOString(),
          ...extraOf(event),
        }),
        nextAttemptAt: sql`now()`,
      })),
  );
  if (values.length > 0) await tx.insert(webhookMessages).values(values);
}
