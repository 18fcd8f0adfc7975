import { asc, eq, inArray } from 'drizzle-orm';
import { FISCAL_KEYS_LOCKED } from '../../src/domain/missions';
import type { MissionFiscalKeys } from '../../src/domain/missions/fiscalKeyContracts';
import { fiscalKeysEditable } from '../../src/domain/missions/fiscalKeys';
import { FISCAL_KINDS } from '../../src/domain/validators/fiscalKey';
import { recordAudit, type AuditSource } from '../audit/record';
import type { Db } from '../db/client';
import { missionFiscalKeys } from '../db/schema';
import { conflict, forbidden } from '../errors/httpErrors';
import type { AuthUser } from '../shared/session';
import { recordEvent } from './events';
import { lockMission } from './lock';
import type { MissionAccess } from './missionAccess';
import { viewerOf } from './viewer';

/**
 * The access keys of a mission's cargo documents (docs/rules/fiscal-documents.md), one row per key
 * (mission_fiscal_keys). Read by whoever reads the mission — its risk manager's users, the provider
 * holding it, platform admins (readableMission) — and written by the risk manager's users only.
 */

const none = (): MissionFiscalKeys => ({ nfe: [], cte: [], mdfe: [] });

/** The keys of each mission of `ids`, in the order they were typed; a mission with none has empty lists. */
export async function fiscalKeysOf(db: Db, ids: readonly string[]): Promise<Map<string, MissionFiscalKeys>> {
  const found = new Map(ids.map((id) => [id, none()]));
  if (ids.length === 0) return found;
  const rows = await db
    .select()
    .from(missionFiscalKeys)
    .where(inArray(missionFiscalKeys.mission, [...ids]))
    .orderBy(asc(missionFiscalKeys.mission), asc(missionFiscalKeys.position));
  for (const row of rows) found.get(row.mission)?.[row.kind].push(row.key);
  return found;
}

export async function missionFiscalKeysOf(db: Db, id: string): Promise<MissionFiscalKeys> {
  return (await fiscalKeysOf(db, [id])).get(id) ?? none();
}

/** Replaces the mission's keys with `keys` inside the writer's transaction. */
export async function storeFiscalKeys(tx: Db, mission: string, keys: MissionFiscalKeys): Promise<void> {
  await tx.delete(missionFiscalKeys).where(eq(missionFiscalKeys.mission, mission));
  const rows = FISCAL_KINDS.flatMap((kind) => keys[kind].map((key, position) => ({ mission, kind, key, position })));
  if (rows.length > 0) await tx.insert(missionFiscalKeys).values(rows);
}

const sameKeys = (a: MissionFiscalKeys, b: MissionFiscalKeys) => FISCAL_KINDS.every((kind) => a[kind].join() === b[kind].join());

/**
 * PUT request/{id}/fiscal-keys by a user of the mission's risk manager (anyone else who reads the
 * mission: 403), while the mission is not billed nor canceled (409). Under the mission's lock, so a
 * billing cannot slip in between; the change goes on the mission's timeline (seen by its holder,
 * never by a competitor) and into the audit trail, in the same transaction.
 */
export async function replaceFiscalKeys(db: Db, user: AuthUser, source: AuditSource, mission: MissionAccess, keys: MissionFiscalKeys, now: Date): Promise<MissionFiscalKeys> {
  if (mission.actor !== 'riskManager') throw forbidden();
  return db.transaction(async (tx) => {
    const locked = await lockMission(tx, viewerOf(user), mission.id);
    if (!fiscalKeysEditable(locked.status)) throw conflict(FISCAL_KEYS_LOCKED);
    const before = await missionFiscalKeysOf(tx, mission.id);
    if (sameKeys(before, keys)) return before;
    await storeFiscalKeys(tx, mission.id, keys);
    await recordEvent(tx, user, { mission: mission.id, action: 'fiscal_keys_changed', from: null, to: null }, now);
    await recordAudit(tx, source, { entity: 'missionFiscalKeys', action: 'update', record: mission.id, tenant: mission.riskManager, before, after: keys });
    return keys;
  });
}
