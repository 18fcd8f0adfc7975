import { asc, eq } from 'drizzle-orm';
import { isDetailEventAction } from '../../src/domain/missionDetails/changes';
import { holderStatusText, providerSeesEvent, type CompetitionEvent, type DetailChange, type MissionEvent, type MissionEventAction, type StoredMissionStatus } from '../../src/domain/missions';
import { isPresenceAction, type EventPosition } from '../../src/domain/positions/presence';
import { canonicalEvent } from '../../src/domain/reports/chain';
import { isAlarmRaise } from '../../src/domain/alarms';
import { splitPersonal } from '../../src/domain/privacy/eventPersonal';
import type { Db } from '../db/client';
import { chainHead, lockChain, newPersonalKey, personalDigest, personalOf, readablePersonal, sha256Hex } from '../db/eventChain';
import { newId } from '../db/ids';
import { missionEventPersonal, missionEvents } from '../db/schema';
import { enqueueWebhooks } from '../webhooks/enqueue';
import type { MissionSeen } from './rows';
import type { Viewer } from './viewer';
import type { AuthUser } from '../shared/session';

/**
 * The mission timeline: every change writes one row here with the same transaction handle (`tx`)
 * as the change itself, so a change and its event commit or vanish together. Rows are never
 * updated or deleted (trigger of migration 0008). This is the only writer of events (the demo seed
 * aside): each one chains to the mission's previous event (src/domain/reports/chain.ts) under the
 * mission's chain lock, so two concurrent events of one mission never name the same predecessor.
 * Callers: create.ts (a mission not yet committed: no one else can write its events), status.ts,
 * proposals.ts and detailWrites.ts (mission row locked by lockMission before this runs). It also
 * writes the webhook outbox (server/webhooks/enqueue.ts), so every change that is an event is one.
 */
export interface EventInput {
  mission: string;
  action: MissionEventAction;
  from: StoredMissionStatus | null;
  to: StoredMissionStatus | null;
  provider?: { id: string; name: string } | null;
  details?: Record<string, unknown> | null;
}

/** Who writes an event: a signed-in user, or the server itself (SYSTEM_ACTOR, no user id). */
export type EventActor = Pick<AuthUser, 'name' | 'role'> & { id: string | null };

/**
 * Written in chain form v2 (docs/rules/privacy.md): the people's names and CPFs go to
 * mission_event_personal with a fresh key, the row keeps placeholders and the values' HMAC.
 */
export async function recordEvent(tx: Db, user: EventActor, event: EventInput, at: Date): Promise<void> {
  await lockChain(tx, event.mission);
  const prevHash = await chainHead(tx, event.mission);
  const personal = splitPersonal(event.action, user.name, event.details ?? null);
  const key = newPersonalKey();
  const row = {
    id: newId(),
    mission: event.mission,
    actorUser: user.id,
    actorName: personal.actorName,
    roleType: user.role.type,
    action: event.action,
    fromStatus: event.from,
    toStatus: event.to,
    serviceProvider: event.provider?.id ?? null,
    serviceProviderName: event.provider?.name ?? null,
    details: personal.details,
    createdAt: at,
    chainVersion: 2,
    personalDigest: personalDigest(key, personal.values),
  };
  await tx.insert(missionEvents).values({ ...row, prevHash, hash: sha256Hex(canonicalEvent(row, prevHash)) });
  await tx.insert(missionEventPersonal).values({ event: row.id, mission: event.mission, key, values: personal.values });
  // The risk manager's webhooks, in this same transaction (docs/rules/webhooks.md).
  await enqueueWebhooks(tx, { id: row.id, mission: event.mission, action: event.action, from: event.from, to: event.to, provider: event.provider ?? null, details: row.details, at });
}

/**
 * The events of one mission the viewer may see: all of them for the risk manager's users and
 * admins; for a provider, what its standing on the mission allows (src/domain/missions/competition.ts).
 * The timeline, the PDF dossier and its chain check all read events through here.
 */
export function eventsSeenBy<T extends CompetitionEvent & { fromStatus: string | null; toStatus: string | null }>(
  events: T[],
  viewer: Viewer,
  standing: MissionSeen['standing'],
): T[] {
  if (viewer.kind !== 'provider' || standing === null) return events;
  return events
    .filter((event) => providerSeesEvent(event, standing, viewer.provider))
    .map((event) => ({ ...event, fromStatus: holderStatusText(event.fromStatus), toStatus: holderStatusText(event.toStatus) }));
}

/**
 * What a sub-collection event changed (detailWrites.ts wrote a DetailChange as its details); null
 * for every other event, whose details stay on the server.
 */
export const detailChangeOf = (event: { action: string; details: unknown }): DetailChange | null =>
  // Written only by detailWrites.ts from a DetailChange, and append-only since.
  isDetailEventAction(event.action) && event.details ? (event.details as DetailChange) : null;

/** Where the team was, for the events the positions (server/positions/presence.ts) and the alarms (server/alarms) wrote; null for every other. */
export const eventPositionOf = (event: { action: string; details: unknown }): EventPosition | null => {
  // Written only by presence.ts, with these three fields, and append-only since.
  if (isPresenceAction(event.action)) return event.details ? (event.details as EventPosition) : null;
  // Written only by server/alarms/store.ts: the position, when the team had one.
  const details = event.details as Partial<EventPosition> | null;
  return isAlarmRaise(event.action) && typeof details?.latitude === 'number' && typeof details.longitude === 'number' && typeof details.fixedAt === 'string'
    ? { fixedAt: details.fixedAt, latitude: details.latitude, longitude: details.longitude }
    : null;
};

/**
 * GET {id}/events: oldest first, as `seen` lets the caller see them (the caller has already
 * checked the mission is visible): a provider only the events its standing allows (competition.ts).
 */
export async function listEvents(db: Db, mission: string, viewer: Viewer, standing: MissionSeen['standing']): Promise<MissionEvent[]> {
  const [stored, personal] = await Promise.all([
    db.select().from(missionEvents).where(eq(missionEvents.mission, mission)).orderBy(asc(missionEvents.seq)),
    personalOf(db, mission),
  ]);
  const rows = readablePersonal(stored, personal);
  return eventsSeenBy(rows, viewer, standing).map((row) => ({
    _id: row.id,
    missionRequest: row.mission,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    actor: { id: row.actorUser ?? '', name: row.actorName, roleType: row.roleType },
    serviceProviderName: row.serviceProviderName,
    change: detailChangeOf(row),
    position: eventPositionOf(row),
    createdAt: row.createdAt.toISOString(),
  }));
}
