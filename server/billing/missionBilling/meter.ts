import { eq } from 'drizzle-orm';
import { meterAt, type CostMeter } from '../../../src/domain/billing/meter';
import type { Sendable } from '../../shared/route';
import { MISSION_NOT_FOUND } from '../../../src/domain/missions/messages';
import type { Db } from '../../db/client';
import { missions } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors/httpErrors';
import { readableMission } from '../../missions/missionAccess';
import { billingPlanOf, defaultPlan, planById } from '../../pricing/plans';
import { companyOf, sideContext, sidesOf } from '../../pricing/sides';
import { agentsOf } from '../../pricing/snapshot';
import type { AuthUser } from '../../shared/session';

/** Ours: the meter exists only while the mission runs. */
export const METER_NOT_RUNNING = 'O custo em andamento só pode ser visto numa missão em andamento.';
/** Ours: platform admins have no side of their own to see. */
export const METER_NO_SIDE = 'Somente a gerenciadora e a prestadora da missão acompanham o custo em andamento.';

/**
 * GET mission/:id/meter: the running mission's cost on the caller's own side (src/domain/billing/meter.ts).
 * The risk manager's users see the shipper side, the holder its provider side, priced with the plan
 * the side will be billed by (the one a reopened mission's side already has, else the default plan
 * the finish will give it: pricing/plans.ts). Anyone who may not read the mission (another tenant, a
 * provider that lost or never bid) gets 404 as for a mission that does not exist.
 */
export async function costMeter(db: Db, user: AuthUser, id: string, now: Date): Promise<Sendable<CostMeter>> {
  const access = await readableMission(db, user, id);
  const side = access.actor === 'riskManager' ? 'shipper' : access.actor === 'holder' ? 'serviceProvider' : null;
  if (side === null) throw forbidden(METER_NO_SIDE);
  if (access.status !== 'started') throw conflict(METER_NOT_RUNNING);
  const [mission] = await db.select().from(missions).where(eq(missions.id, access.id));
  const company = mission ? companyOf(mission, side) : null;
  if (!mission || company === null) throw notFound(MISSION_NOT_FOUND);

  const existing = (await sidesOf(db, mission.id)).find((row) => row.type === side);
  const planId = existing?.franchisePlan ?? (await defaultPlan(db, sideContext(mission, side, company)));
  const planRow = planId === null ? null : await planById(db, mission.riskManager, planId);
  const agents = (await agentsOf(db, mission.id)).map((a) => ({ odometer: a.odometer }));
  const plan = planRow ? billingPlanOf(planRow) : null;
  return {
    mission: mission.id,
    side,
    at: now.toISOString(),
    planName: planRow?.name ?? null,
    plan,
    agents,
    reading: plan ? meterAt(plan, agents, now) : null,
  };
}
