import { detailChange, detailEventAction } from '../../src/domain/missionDetails/changes';
import { isEditableStatus, MISSION_NOT_EDITABLE, type DetailsOperation, type SubCollection } from '../../src/domain/missionDetails';
import type { AuditEntity } from '../../src/domain/audit';
import { recordAudit, type AuditSource } from '../audit/record';
import type { Db } from '../db/client';
import { conflict } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { recordEvent } from './events';
import { lockMission } from './lock';
import type { DetailWrite } from './detailsStore';
import type { MissionAccess } from './missionAccess';
import { viewerOf } from './viewer';

/**
 * Every write to a mission's vehicles, occurrences, agents and attachments leaves its trace in the
 * same transaction: an event on the mission's timeline (hash-chained, seen by whoever may read the
 * mission: competition.ts) naming the item and what changed, and an entry in the audit trail with
 * the item before and after. A write that is refused or rolled back leaves neither.
 */

/** Who writes: the user and, for the audit trail, from where. */
export interface DetailWriter {
  user: AuthUser;
  source: AuditSource;
}

const AUDIT_ENTITY: Record<SubCollection, AuditEntity> = {
  vehicles: 'missionVehicles',
  ocurrencies: 'missionOccurrences',
  securityagents: 'missionAgents',
  attachments: 'missionAttachments',
};

const AUDIT_ACTION = { add: 'create', update: 'update', delete: 'delete' } as const;

/**
 * Runs `write` in a transaction holding the mission's row lock (the lock every mission writer takes
 * first, so the timeline's chain has one writer at a time and a status change cannot slip in
 * between: the mission must still be running), then records it. Answers null when `write` found
 * no item to change.
 */
export function writeDetail<W extends DetailWrite>(
  db: Db,
  writer: DetailWriter,
  mission: MissionAccess,
  collection: SubCollection,
  operation: DetailsOperation,
  now: Date,
  write: (tx: Db) => Promise<W | null>,
): Promise<W | null> {
  return db.transaction(async (tx) => {
    const locked = await lockMission(tx, viewerOf(writer.user), mission.id);
    if (!isEditableStatus(locked.status)) throw conflict(MISSION_NOT_EDITABLE);
    const written = await write(tx);
    if (!written) return null;
    const change = detailChange(collection, written.before, written.after);
    // An update that changed nothing is no event, as it is no audit entry (record.ts).
    if (operation === 'update' && change.fields.length === 0) return written;
    await recordEvent(tx, writer.user, { mission: mission.id, action: detailEventAction(collection, operation), from: null, to: null, details: { ...change } }, now);
    await recordAudit(tx, writer.source, {
      entity: AUDIT_ENTITY[collection],
      action: AUDIT_ACTION[operation],
      record: written.record,
      tenant: mission.riskManager,
      before: written.before,
      after: written.after,
    });
    return written;
  });
}
