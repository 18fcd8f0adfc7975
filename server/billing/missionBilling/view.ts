import { eq } from 'drizzle-orm';
import { billingAccess, hasBilling, type BillingAccess } from '../../../src/domain/billing/access';
import type { BillingCalculation, MissionBilling, MissionBillingSide } from '../../../src/domain/billing/api';
import { BILLING_MISSION_NOT_FINISHED } from '../../../src/domain/billing/refusals';
import { statusSeenBy } from '../../../src/domain/missions/competition';
import { MISSION_NOT_FOUND } from '../../../src/domain/missions/messages';
import type { Db } from '../../db/client';
import { missions, serviceProviders, shippers } from '../../db/schema';
import { conflict, notFound } from '../../errors/httpErrors';
import { readableMission } from '../../missions/missionAccess';
import { createdAtDisplay } from '../../missions/rows';
import { priceReferenceOf, sidePlans, type PlanRow } from '../../pricing/plans';
import { sideContext, sidesOf, syncSides, type BillingMission } from '../../pricing/sides';
import { agentBlock, agentsOf, billedCalculation, calculationOf, othersOf, priceSide, type BillingRow, type MissionAgent } from '../../pricing/snapshot';
import type { AuthUser } from '../../shared/session';

/** GET mission/id/{id} and the side every billing write answers, as src/domain/billing/api.ts shapes them. */

export type MissionRow = typeof missions.$inferSelect;

/** The side's figures: live for an open side (today's plan and agents), as billed for a billed one. */
function calculationFor(row: BillingRow, plan: PlanRow | undefined, agents: readonly MissionAgent[]): BillingCalculation | null {
  if (!plan) return null;
  const priced = priceSide(plan, agents, othersOf(row));
  if (!priced) return null;
  return row.status === 'billed' ? billedCalculation(row, priced.breakdown) : calculationOf(priced.breakdown);
}

export async function sideView(
  db: Db,
  mission: BillingMission,
  row: BillingRow,
  access: Exclude<BillingAccess, 'none'>,
  agents: readonly MissionAgent[],
): Promise<MissionBillingSide> {
  const plans = await sidePlans(db, sideContext(mission, row.type, row.company), row.franchisePlan);
  const plan = plans.find((p) => p.id === row.franchisePlan);
  return {
    _id: row.id,
    type: row.type,
    franchise: row.franchisePlan,
    franchiseStatus: row.status,
    others: othersOf(row),
    calculation: calculationFor(row, plan, agents),
    finalCost: row.finalCostCents,
    access,
    priceReferences: plans.map(priceReferenceOf),
    billedAt: row.billedAt?.toISOString() ?? null,
  };
}

const nameOf = async (db: Db, table: typeof shippers | typeof serviceProviders, id: string) => {
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return { _id: id, name: row?.name ?? '' };
};

/**
 * A mission's billing as `user` may see it: 404 for a mission the user may not read (as the
 * missions routes), 409 before the mission is finished; each side null unless billingAccess lets
 * the user see it. A finished mission from before billing existed gets its sides here.
 */
export async function missionBillingView(db: Db, user: AuthUser, id: string, now: Date): Promise<MissionBilling> {
  const readable = await readableMission(db, user, id);
  if (!hasBilling(readable.status)) throw conflict(BILLING_MISSION_NOT_FINISHED);
  const [mission] = await db.select().from(missions).where(eq(missions.id, readable.id));
  if (!mission) throw notFound(MISSION_NOT_FOUND);
  let rows = await sidesOf(db, mission.id);
  if (rows.length < (mission.serviceProvider ? 2 : 1)) {
    await db.transaction((tx) => syncSides(tx, mission, now, { reprice: false }));
    rows = await sidesOf(db, mission.id);
  }
  const agents = await agentsOf(db, mission.id);
  const side = async (type: BillingRow['type']) => {
    const access = billingAccess(user, mission, type);
    const row = rows.find((r) => r.type === type);
    return access === 'none' || !row ? null : sideView(db, mission, row, access, agents);
  };
  return {
    missionId: mission.id,
    missionStatus: statusSeenBy(user, mission.status),
    processNumberDisplay: mission.processNumber ?? '-',
    createdAtDisplay: createdAtDisplay(mission.createdAt),
    shipperInfo: await nameOf(db, shippers, mission.shipper),
    serviceProviderInfo: mission.serviceProvider ? await nameOf(db, serviceProviders, mission.serviceProvider) : null,
    securityAgents: agentBlock(agents),
    shipper: await side('shipper'),
    serviceProvider: await side('serviceProvider'),
  };
}
