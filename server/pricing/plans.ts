import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { BillingTarget } from '../../src/domain/billing/access';
import type { PriceReference } from '../../src/domain/billing/api';
import type { BillingPlan } from '../../src/domain/billing/types';
import type { Db } from '../db/client';
import { franchisePlans } from '../db/schema';

/**
 * The franchise plans a billing side may be priced with (its price references), and the plan a
 * new side starts with. Only active plans are offered; a side keeps showing the plan it was saved
 * with even after that plan is deactivated, so a billed side still names what billed it.
 */

export type PlanRow = typeof franchisePlans.$inferSelect;

export const priceReferenceOf = (row: PlanRow): PriceReference => ({
  franchiseId: row.id,
  franchiseName: row.name,
  limitCalcType: row.intervalType,
  hourIntervalCalcType: row.hourIntervalType,
  price: row.priceCents,
});

export const billingPlanOf = (row: PlanRow): BillingPlan => ({
  price: row.priceCents,
  limits: { distance: row.distanceKm, intervalType: row.intervalType, hourIntervalType: row.hourIntervalType, time: row.time },
  overages: { chargeType: row.chargeType, distancePrice: row.distancePriceCents, hourPrice: row.hourPriceCents },
  toll: { price: row.tollPriceCents, toCharge: row.tollToCharge },
});

const activePlans = (db: Db, where: SQL | undefined) =>
  db
    .select()
    .from(franchisePlans)
    .where(and(eq(franchisePlans.active, true), where))
    .orderBy(asc(franchisePlans.name), asc(franchisePlans.id));

/** A shipper's active plans (what the client may be charged by). */
export const shipperPlans = (db: Db, riskManager: string, shipper: string) =>
  activePlans(db, and(eq(franchisePlans.target, 'shipper'), eq(franchisePlans.riskManager, riskManager), eq(franchisePlans.shipper, shipper)));

/**
 * A tenant's active provider plans: those of `provider` and those for every provider ('Todos',
 * no provider), or every provider plan of the tenant when `provider` is null.
 */
export const providerPlans = (db: Db, riskManager: string, provider: string | null) =>
  activePlans(
    db,
    and(
      eq(franchisePlans.target, 'service_provider'),
      eq(franchisePlans.riskManager, riskManager),
      provider === null ? undefined : or(eq(franchisePlans.serviceProvider, provider), isNull(franchisePlans.serviceProvider)),
    ),
  );

export async function planById(db: Db, riskManager: string, id: string): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(franchisePlans)
    .where(and(eq(franchisePlans.id, id), eq(franchisePlans.riskManager, riskManager)));
  return row ?? null;
}

/** What a side bills: the mission's tenant, its shipper plan and the company of the side. */
export interface SidePlanContext {
  riskManager: string;
  /** The shipper plan chosen when the mission was created. */
  franchisePlan: string;
  type: BillingTarget;
  company: string;
}

/** The plans the side's price reference select offers, the side's current plan included. */
export async function sidePlans(db: Db, side: SidePlanContext, current: string | null): Promise<PlanRow[]> {
  const rows = side.type === 'shipper' ? await shipperPlans(db, side.riskManager, side.company) : await providerPlans(db, side.riskManager, side.company);
  if (current === null || rows.some((r) => r.id === current)) return rows;
  const kept = await planById(db, side.riskManager, current);
  return kept ? [kept, ...rows] : rows;
}

/**
 * The plan a new side starts with. The shipper side: the plan chosen when the mission was created.
 * The provider side: the provider plan of the same service (the shipper plan's franchise) that
 * applies to the holder — its own plan when it has exactly one, else the tenant's 'Todos' plan
 * when there is exactly one; a provider's own table overrides the general one, and with two
 * candidates of a kind nobody can tell which was agreed, so the side waits for a person (null).
 */
export async function defaultPlan(db: Db, side: SidePlanContext): Promise<string | null> {
  if (side.type === 'shipper') return side.franchisePlan;
  const [shipperPlan] = await db
    .select({ service: franchisePlans.franchise })
    .from(franchisePlans)
    .where(eq(franchisePlans.id, side.franchisePlan));
  if (!shipperPlan?.service) return null;
  const candidates = await activePlans(
    db,
    and(
      eq(franchisePlans.target, 'service_provider'),
      eq(franchisePlans.riskManager, side.riskManager),
      eq(franchisePlans.franchise, shipperPlan.service),
      or(eq(franchisePlans.serviceProvider, side.company), isNull(franchisePlans.serviceProvider)),
    ),
  );
  const own = candidates.filter((p) => p.serviceProvider === side.company);
  const general = candidates.filter((p) => p.serviceProvider === null);
  const chosen = own.length > 0 ? own : general;
  return chosen.length === 1 && chosen[0] ? chosen[0].id : null;
}
