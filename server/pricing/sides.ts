import { eq } from 'drizzle-orm';
import { BILLING_TARGETS, isBilledFor, type BillingTarget } from '../../src/domain/billing/access';
import type { Db } from '../db/client';
import { missionBillings, type missions } from '../db/schema';
import { defaultPlan, planById, type SidePlanContext } from './plans';
import { agentsOf, EMPTY_SNAPSHOT, NO_OTHERS, othersOf, priceSide, type BillingRow, type MissionAgent } from './snapshot';

/**
 * The two billing sides of a finished mission (one row per mission and side). They are created
 * when the mission is finished, in the finishing transaction, so the billing report sees a
 * finished mission at once; older missions get theirs on their first billing read. `mission`
 * carries the status the mission has (or is about to have) in the caller's transaction.
 */

export type BillingMission = Pick<
  typeof missions.$inferSelect,
  'id' | 'riskManager' | 'shipper' | 'franchisePlan' | 'serviceProvider' | 'createdAt' | 'status'
>;

/** The company a side bills: the shipper, or the provider holding the mission (none: no side). */
export const companyOf = (mission: BillingMission, type: BillingTarget): string | null =>
  type === 'shipper' ? mission.shipper : mission.serviceProvider;

export const sideContext = (mission: BillingMission, type: BillingTarget, company: string): SidePlanContext => ({
  riskManager: mission.riskManager,
  franchisePlan: mission.franchisePlan,
  type,
  company,
});

export const sidesOf = (db: Db, mission: string): Promise<BillingRow[]> =>
  db.select().from(missionBillings).where(eq(missionBillings.mission, mission));

/** The plan and the snapshot a side gets from `plan` (null: unpriced) over the current agents. */
async function pricing(db: Db, mission: BillingMission, plan: string | null, agents: readonly MissionAgent[], row: BillingRow | undefined) {
  const planRow = plan === null ? null : await planById(db, mission.riskManager, plan);
  const priced = planRow ? priceSide(planRow, agents, row ? othersOf(row) : NO_OTHERS) : null;
  return priced
    ? { franchisePlan: plan, status: 'priced' as const, ...priced.columns }
    : { franchisePlan: null, status: 'created' as const, ...EMPTY_SNAPSHOT };
}

/**
 * Creates the missing sides of `mission` with their default plans, priced over the current agents.
 * With `reprice`, the sides not billed yet are priced again (their plan and others kept): a
 * mission finished again after a reopen may have new odometers. Runs in the caller's transaction;
 * a concurrent creator of the same side loses quietly on the unique (mission, type) index.
 */
export async function syncSides(db: Db, mission: BillingMission, now: Date, { reprice }: { reprice: boolean }): Promise<void> {
  const existing = await sidesOf(db, mission.id);
  const pending = BILLING_TARGETS.flatMap((type) => {
    const company = companyOf(mission, type);
    const row = existing.find((r) => r.type === type);
    return company !== null && (!row || (reprice && row.status !== 'billed')) ? [{ type, company, row }] : [];
  });
  if (pending.length === 0) return;
  const agents = await agentsOf(db, mission.id);
  for (const { type, company, row } of pending) {
    const plan = row?.franchisePlan ?? (await defaultPlan(db, sideContext(mission, type, company)));
    const columns = await pricing(db, mission, plan, agents, row);
    if (row) {
      await db.update(missionBillings).set({ ...columns, company, updatedAt: now }).where(eq(missionBillings.id, row.id));
    } else {
      // A mission billed before its sides were stored: the side is final as its status says
      // (who billed it and when are unknown), so the report counts it and no one edits it.
      const status = columns.status === 'priced' && isBilledFor(mission.status, type) ? 'billed' : columns.status;
      await db
        .insert(missionBillings)
        .values({ mission: mission.id, riskManager: mission.riskManager, type, company, missionCreatedAt: mission.createdAt, ...columns, status, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [missionBillings.mission, missionBillings.type] });
    }
  }
}
