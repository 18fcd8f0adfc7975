/**
 * Which webhook events a mission's timeline event is (docs/rules/webhooks.md): every change that
 * matters to a risk manager's other systems is already a timeline event, so the outbox is written
 * where the timeline is, once, for all of them.
 */
import type { MissionEventAction, StoredMissionStatus } from '../missions';
import type { WebhookEvent } from './index';

const BY_ACTION: Partial<Record<MissionEventAction, WebhookEvent>> = {
  created: 'mission.created',
  proposal_completed: 'proposal.created',
  accepted: 'mission.accepted',
  finish_asked: 'mission.finish_requested',
  team_arrived: 'mission.arrived',
  sos_raised: 'sos.raised',
  sla_breached_proposal: 'sla.breached',
  sla_breached_accept: 'sla.breached',
  sla_breached_arrival: 'sla.breached',
  sla_breached_execution: 'sla.breached',
  sla_breached_billing: 'sla.breached',
  billed_shipper: 'billing.closed',
  billed_provider: 'billing.closed',
};

/** The webhook events of one timeline event: its own, and 'mission.status_changed' when it moved the mission. */
export function webhookEventsOf(action: MissionEventAction, from: StoredMissionStatus | null, to: StoredMissionStatus | null): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const own = BY_ACTION[action];
  if (own) events.push(own);
  if (from !== null && to !== null && from !== to) events.push('mission.status_changed');
  return events;
}
