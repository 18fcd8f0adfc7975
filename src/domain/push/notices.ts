/**
 * What rings on a device for a mission event (docs/rules/notifications.md), read from the event as
 * the live stream tells it to that user (liveEventFor on the server, the competition rule for a
 * provider): a push never says more than that user's own screen would, and a provider that lost
 * hears 'Outro fornecedor definido' and nothing about who won.
 */
import { bidOutcome, type LiveMissionEvent } from '../live';
import { MISSIONS_BASE } from '../navigation';
import type { RoleType } from '../roles';
import { PUSH_KIND_LABELS, type PushKind, type PushPayload } from './index';

export interface PushNotice {
  kind: PushKind;
  payload: PushPayload;
}

type Screen = 'details' | 'chat';

/** The mission's screen to open, or the missions list when the user's view has no status for it. */
const missionUrl = (event: Pick<LiveMissionEvent, 'mission' | 'status'>, screen: Screen | null): string =>
  screen && event.status ? `${MISSIONS_BASE}/${event.mission}/${screen}/${event.status}` : MISSIONS_BASE;

function notice(kind: PushKind, event: LiveMissionEvent, screen: Screen | null, body?: string): PushNotice {
  return {
    kind,
    payload: {
      title: PUSH_KIND_LABELS[kind],
      body: body ?? `Missão #${event.processNumber ?? event.mission}`,
      tag: event.id,
      url: missionUrl(event, screen),
    },
  };
}

/**
 * `by`: the role of whoever made the event. The risk manager answers a finish request by canceling
 * it (docs/rules/missions.md: only the holder finishes); the holder canceling its own is no answer.
 */
function providerNotice(event: LiveMissionEvent, by: RoleType | null): PushNotice | null {
  const outcome = bidOutcome(event);
  if (outcome === 'won') return notice('proposalAccepted', event, 'details');
  if (outcome === 'lost') return notice('proposalLost', event, null);
  // Offered while it is still open for this provider: one given away meanwhile rings no more.
  if (event.action === 'created' && event.status === 'open') return notice('missionOffered', event, null);
  if (event.action === 'finish_request_canceled' && by !== 'service_provider') {
    return notice('finishAnswered', event, 'details', `Solicitação de finalização cancelada pela gerenciadora: Missão #${event.processNumber ?? event.mission}`);
  }
  return null;
}

function riskManagerNotice(event: LiveMissionEvent): PushNotice | null {
  if (event.action === 'proposal_notice' || event.action === 'proposal_completed') return notice('proposalReceived', event, 'details');
  if (event.action === 'finish_asked') return notice('finishRequested', event, 'details');
  if (event.action?.startsWith('sla_breached_')) return notice('slaBreached', event, 'details');
  // The team's alarm (docs/rules/alarms.md): the title says which, the mission's screen has its map.
  if (event.action === 'sos_raised') return notice('sos', event, 'details', `SOS acionado pela equipe — Missão #${event.processNumber ?? event.mission}`);
  if (event.action === 'silence_raised') return notice('sos', event, 'details', `Equipe sem sinal — Missão #${event.processNumber ?? event.mission}`);
  // The arrival the positions detected (docs/rules/positions.md): the risk manager learns it without watching the map.
  if (event.action === 'team_arrived') return notice('teamArrived', event, 'details');
  return null;
}

/**
 * The notice of an event the user hears (`event` as liveEventFor gave it, `by` the role that made
 * it), or null when none of its kinds rings for it.
 */
export const pushNoticeOf = (event: LiveMissionEvent, role: RoleType, by: RoleType | null): PushNotice | null =>
  role === 'service_provider' ? providerNotice(event, by) : riskManagerNotice(event);

/** A new chat message on a mission the provider may read (the chat's own rule): its tag is the message's id. */
export const chatPushNotice = (message: { id: string; mission: string; processNumber: string | null; status: LiveMissionEvent['status'] }): PushNotice => ({
  kind: 'chatMessage',
  payload: {
    title: PUSH_KIND_LABELS.chatMessage,
    body: `Missão #${message.processNumber ?? message.mission}`,
    tag: message.id,
    url: missionUrl(message, 'chat'),
  },
});
