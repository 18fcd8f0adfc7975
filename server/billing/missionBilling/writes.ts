import { eq } from 'drizzle-orm';
import {
  BILLED_STATUS_OF,
  billingAccess,
  hasBilling,
  isBilledFor,
  statusAfterBilling,
  type BillingAccess,
  type BillingTarget,
} from '../../../src/domain/billing/access';
import { discountProblem } from '../../../src/domain/billing/calculus';
import { statusSeenBy } from '../../../src/domain/missions/competition';
import type { BillingCalculation, FinalizeAnswer, MissionBillingSide } from '../../../src/domain/billing/api';
import {
  BILLING_ALREADY_BILLED,
  BILLING_MISSION_NOT_FINISHED,
  BILLING_NOT_FOUND,
  BILLING_PLAN_NOT_OFFERED,
  BILLING_TOTAL_TOO_LARGE,
} from '../../../src/domain/billing/refusals';
import type { BillingValues } from '../../../src/domain/schemas/billing';
import type { Db } from '../../db/client';
import { missionBillings, missions } from '../../db/schema';
import { conflict, forbidden, invalid, notFound } from '../../errors/httpErrors';
import { recordEvent } from '../../missions/events';
import { lockMission, providerName } from '../../missions/lock';
import { viewerOf } from '../../missions/viewer';
import { sidePlans } from '../../pricing/plans';
import { sideContext } from '../../pricing/sides';
import { agentsOf, calculationOf, othersColumns, priceSide, type BillingRow, type PricedSide } from '../../pricing/snapshot';
import { sideView, type MissionRow } from './view';
import type { AuthUser } from '../../shared/session';
import { recordAudit, type AuditSource } from '../../audit/record';

/**
 * POST mission/{missionBillingId}/calculus, PUT mission/{missionBillingId} and POST
 * mission/{missionBillingId}/finalize. Writes lock the mission row first (lockMission, as status
 * changes do), so a save, a finalisation of the other side and a status change of the same
 * mission run one after the other and each decides on the previous one's result: two sides
 * finalised at once end in 'billed', never in one party's status.
 */

const byId = async (db: Db, id: string): Promise<BillingRow | null> => {
  const [row] = await db.select().from(missionBillings).where(eq(missionBillings.id, id));
  return row ?? null;
};

/**
 * What the caller may do with a side whatever the mission's status: 'none' answers 404 (someone
 * who may not know the side exists learns nothing), 'view' 403 on a write. The status is judged
 * apart (409), so billing twice reads "already billed" rather than "not allowed".
 */
const rightsOn = (user: AuthUser, mission: MissionRow, type: BillingTarget): BillingAccess =>
  billingAccess(user, { ...mission, status: 'finished' }, type);

/** The side's plan among its price references, priced with `values` over the current agents; 400 otherwise. */
async function priceWith(db: Db, mission: MissionRow, row: BillingRow, values: BillingValues): Promise<PricedSide & { plan: string }> {
  const plans = await sidePlans(db, sideContext(mission, row.type, row.company), row.franchisePlan);
  const plan = plans.find((p) => p.id === values.franchise);
  if (!plan) throw invalid([{ code: 'invalid_franchise', path: 'franchise', message: BILLING_PLAN_NOT_OFFERED }]);
  const priced = priceSide(plan, await agentsOf(db, mission.id), values.others);
  if (!priced) throw invalid([{ code: 'too_big', path: 'others', message: BILLING_TOTAL_TOO_LARGE }]);
  return { ...priced, plan: plan.id };
}

/** The calculus for a side the caller may see (values already checked by the shared schema, at the route); nothing is written. */
export async function billingCalculus(db: Db, user: AuthUser, id: string, values: BillingValues): Promise<BillingCalculation> {
  const row = await byId(db, id);
  const [mission] = row ? await db.select().from(missions).where(eq(missions.id, row.mission)) : [];
  if (!row || !mission || rightsOn(user, mission, row.type) === 'none') throw notFound(BILLING_NOT_FOUND);
  if (!hasBilling(mission.status)) throw conflict(BILLING_MISSION_NOT_FINISHED);
  return calculationOf((await priceWith(db, mission, row, values)).breakdown);
}

interface Written {
  side: MissionBillingSide;
  missionStatus: MissionRow['status'];
}

async function writeSide(db: Db, user: AuthUser, source: AuditSource, id: string, values: BillingValues, finalize: boolean, now: Date): Promise<Written> {
  const addressed = await byId(db, id);
  if (!addressed) throw notFound(BILLING_NOT_FOUND);
  return db.transaction(async (tx) => {
    const mission = await lockMission(tx, viewerOf(user), addressed.mission);
    // Read again under the lock: another writer of this mission may have just billed it.
    const row = await byId(tx, id);
    if (!row) throw notFound(BILLING_NOT_FOUND);
    const rights = rightsOn(user, mission, row.type);
    if (rights === 'none') throw notFound(BILLING_NOT_FOUND);
    if (rights !== 'edit') throw forbidden();
    if (!hasBilling(mission.status)) throw conflict(BILLING_MISSION_NOT_FINISHED);
    if (row.status === 'billed' || isBilledFor(mission.status, row.type)) throw conflict(BILLING_ALREADY_BILLED);

    const priced = await priceWith(tx, mission, row, values);
    // Discounts beyond the total are refused, never saved as a silent R$ 0,00 (calculus.ts); the
    // live recomputation above still answers them, so the screen can say why before saving.
    const discountRefusal = discountProblem(priced.breakdown);
    if (discountRefusal) throw invalid([{ code: 'too_big', path: 'others.discounts', message: discountRefusal }]);
    const [saved] = await tx
      .update(missionBillings)
      .set({
        franchisePlan: priced.plan,
        status: finalize ? 'billed' : 'priced',
        ...othersColumns(priced.breakdown.others),
        ...priced.columns,
        ...(finalize ? { billedAt: now, billedBy: user.id } : {}),
        updatedAt: now,
      })
      .where(eq(missionBillings.id, row.id))
      .returning();
    if (!saved) throw notFound(BILLING_NOT_FOUND);
    await recordAudit(tx, source, {
      entity: 'billing',
      action: finalize ? 'billed' : 'update',
      record: row.id,
      tenant: mission.riskManager,
      before: row,
      after: saved,
    });

    let missionStatus = mission.status;
    if (finalize) {
      const next = statusAfterBilling(mission.status, row.type);
      if (!next) throw conflict(BILLING_ALREADY_BILLED);
      // Updating the mission row also replaces the tenant's monitoring token (migration 0008's
      // trigger), exactly as a status change does, so every list shows the new status at once.
      await tx.update(missions).set({ status: next, updatedAt: now }).where(eq(missions.id, mission.id));
      await recordEvent(
        tx,
        user,
        {
          mission: mission.id,
          action: BILLED_STATUS_OF[row.type],
          from: mission.status,
          to: next,
          provider: mission.serviceProvider ? await providerName(tx, mission.serviceProvider) : null,
          details: { missionBilling: row.id, finalCost: saved.finalCostCents },
        },
        now,
      );
      missionStatus = next;
    }
    const access = billingAccess(user, { ...mission, status: missionStatus }, row.type);
    if (access === 'none') throw notFound(BILLING_NOT_FOUND);
    const side = await sideView(tx, mission, saved, access, await agentsOf(tx, mission.id));
    return { side, missionStatus: statusSeenBy(user, missionStatus) };
  });
}

/** PUT: saves the plan and the others of an open side; the side stays open. */
export const saveBilling = async (db: Db, user: AuthUser, source: AuditSource, id: string, values: BillingValues, now: Date): Promise<MissionBillingSide> =>
  (await writeSide(db, user, source, id, values, false, now)).side;

/** POST finalize: saves and bills the side; the mission's status follows (statusAfterBilling). */
export const finalizeBilling = (db: Db, user: AuthUser, source: AuditSource, id: string, values: BillingValues, now: Date): Promise<FinalizeAnswer> =>
  writeSide(db, user, source, id, values, true, now);
