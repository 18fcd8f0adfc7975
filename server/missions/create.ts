import { eq, sql } from 'drizzle-orm';
import { MISSING_RISK_MANAGER_ISSUE, type ValidationIssue } from '../../src/domain/apiErrors';
import { MISSION_REQUESTER_REQUIRED, MISSION_SERVICE_REQUIRED, MISSION_SHIPPER_REQUIRED } from '../../src/domain/messages';
import {
  MISSION_CARRIER_REQUIRED,
  MISSION_CAUSE_REQUIRED,
  MISSION_LEADERSHIP_REQUIRED,
  MISSION_PLACE_REQUIRED,
  type MissionDetail,
} from '../../src/domain/missions';
import { newMissionSchema, type NewMissionValues } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import {
  carriers,
  causes,
  franchisePlans,
  leaderships,
  missionConfigs,
  missions,
  places,
  requesters,
  shippers,
} from '../db/schema';
import { forbidden, invalid, notFound } from '../errors/httpErrors';
import { recordEvent } from './events';
import { storeFiscalKeys } from './fiscalKeys';
import { loadMission } from './rows';
import { rowsOf, type Viewer } from './viewer';
import { resolveOwner } from '../shared/tenancy';
import { validBody } from '../shared/validation';

/**
 * POST request (docs/rules/missions.md#nova-missão): validated with the shared schema, whose optional
 * references
 * are required per the tenant's mission parameters; every reference must belong to the mission's
 * risk manager (another tenant's shipper, plan or lookup → 400 on that field, nothing created).
 * Only risk-manager users create missions; a platform admin names the tenant in `riskManager`.
 */

const REF_MESSAGES = {
  shipper: MISSION_SHIPPER_REQUIRED,
  franchise_plan: MISSION_SERVICE_REQUIRED,
  requester: MISSION_REQUESTER_REQUIRED,
  cause: MISSION_CAUSE_REQUIRED,
  carrier: MISSION_CARRIER_REQUIRED,
  place: MISSION_PLACE_REQUIRED,
  leadership: MISSION_LEADERSHIP_REQUIRED,
} as const;
type RefField = keyof typeof REF_MESSAGES;

/** The fields whose id is not a row of the tenant (the plan must also be one of THAT shipper's). */
async function foreignRefs(db: Db, owner: string, value: NewMissionValues): Promise<RefField[]> {
  const mine = (table: typeof causes | typeof shippers, id: string | null | undefined) =>
    id ? sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${table.riskManager} = ${owner})` : sql`true`;
  const [row] = await rowsOf<Record<RefField, boolean>>(
    db,
    sql`select ${mine(shippers, value.shipper)} as shipper,
      exists (select 1 from ${franchisePlans} where ${franchisePlans.id} = ${value.franchise_plan}
        and ${franchisePlans.riskManager} = ${owner} and ${franchisePlans.target} = 'shipper'
        and ${franchisePlans.shipper} = ${value.shipper}) as franchise_plan,
      ${mine(requesters, value.requester)} as requester, ${mine(causes, value.cause)} as cause,
      ${mine(carriers, value.carrier)} as carrier, ${mine(places, value.place)} as place,
      ${mine(leaderships, value.leadership)} as leadership`,
  );
  return (Object.keys(REF_MESSAGES) as RefField[]).filter((field) => row?.[field] !== true);
}

/** Where a mission came from when another system opened it (docs/rules/integrations.md): its own reference. */
export interface MissionOrigin {
  externalReference: string;
}

export async function createMission(db: Db, viewer: Viewer, body: unknown, now: Date, origin?: MissionOrigin): Promise<MissionDetail> {
  if (viewer.kind === 'provider') throw forbidden();
  const owner = await resolveOwner(db, viewer.user, body);
  if (owner === null) throw invalid([{ ...MISSING_RISK_MANAGER_ISSUE }]);
  const [config] = await db.select().from(missionConfigs).where(eq(missionConfigs.riskManager, owner));
  const value = await validBody(
    newMissionSchema({
      cause: config?.requiredCause ?? false,
      carrier: config?.requiredCarrier ?? false,
      place: config?.requiredPlace ?? false,
      leadership: config?.requiredLeadership ?? false,
    }),
    body,
  );
  const foreign = await foreignRefs(db, owner, value);
  if (foreign.length > 0) {
    throw invalid(foreign.map((path): ValidationIssue => ({ code: 'invalid_reference', path, message: REF_MESSAGES[path] })));
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(missions)
      .values({
        riskManager: owner,
        processNumber: value.processNumber ?? null,
        shipper: value.shipper,
        franchisePlan: value.franchise_plan,
        requester: value.requester,
        cause: value.cause ?? null,
        carrier: value.carrier ?? null,
        place: value.place ?? null,
        leadership: value.leadership ?? null,
        ...value.location,
        status: 'open',
        externalReference: origin?.externalReference ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: missions.id });
    if (!row) throw new Error('mission insert returned no row');
    await storeFiscalKeys(tx, row.id, value.fiscalKeys);
    await recordEvent(tx, viewer.user, { mission: row.id, action: 'created', from: null, to: 'open' }, now);
    return row.id;
  });
  const detail = await loadMission(db, viewer, id);
  if (!detail) throw notFound();
  return detail;
}

