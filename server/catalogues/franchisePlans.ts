import type { FastifyRequest } from 'fastify';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import {
  providerFranchisePlanSchema,
  shipperFranchisePlanSchema,
  type ProviderFranchisePlanValues,
  type ShipperFranchisePlanValues,
} from '../../src/domain/schemas';
import type { CatalogueEntity } from '../../src/domain/permissions';
import { PROVIDER_PLAN_ANSWER, SHIPPER_PLAN_ANSWER } from '../../src/domain/planContracts';
import type { Db } from '../db/client';
import { franchisePlans, franchises, serviceProviders, shippers } from '../db/schema';
import { forbidden, notFound } from '../errors/httpErrors';
import type { ApiRecord } from '../../src/domain/apiRecord';
import { crudHandlers, readRule, writeRule, type WriteContext } from './crudQueries';
import type { CrudHandlers, TenantFilter } from '../shared/crudHandlers';
import { currentUser } from '../shared/session';
import { scopeOf, tenantWhere } from '../shared/tenancy';

/**
 * Franchise plans (docs/rules/billing.md, docs/rules/validation.md): what a shipper pays the tenant and what
 * the tenant pays
 * its providers. Both kinds share one table; the billing service mounts them (billing.ts) and the
 * admin service lists a shipper's plans (admin.ts GET /shippers/:id/franchises).
 */

type PlanRow = typeof franchisePlans.$inferSelect;

function planApi(row: PlanRow, names: { shipperName: string | null; serviceProviderName: string | null }): ApiRecord {
  const parent =
    row.target === 'shipper'
      ? { shipper: row.shipper, shipperName: names.shipperName }
      : // serviceProvider null = every provider of the tenant ('Todos').
        { serviceProvider: row.serviceProvider, serviceProviderName: names.serviceProviderName ?? 'Todos' };
  return {
    _id: row.id,
    riskManager: row.riskManager,
    ...parent,
    franchise_plan: row.franchise,
    name: row.name,
    price: row.priceCents,
    limits: {
      distance: row.distanceKm,
      intervalType: row.intervalType,
      hourIntervalType: row.hourIntervalType,
      time: row.time,
    },
    overages: {
      chargeType: row.chargeType,
      distancePrice: row.distancePriceCents,
      hourPrice: row.hourPriceCents,
    },
    toll: { price: row.tollPriceCents, toCharge: row.tollToCharge },
    active: row.active,
  };
}

/** Plans with their parent's name for display: one query, joined by the parent indexes. */
async function selectPlans(db: Db, where: SQL | undefined): Promise<ApiRecord[]> {
  const rows = await db
    .select({ plan: franchisePlans, shipperName: shippers.name, serviceProviderName: serviceProviders.name })
    .from(franchisePlans)
    .leftJoin(shippers, eq(shippers.id, franchisePlans.shipper))
    .leftJoin(serviceProviders, eq(serviceProviders.id, franchisePlans.serviceProvider))
    .where(where)
    .orderBy(asc(franchisePlans.name));
  return rows.map((r) => planApi(r.plan, r));
}

/** The plan columns shared by both kinds, from a validated body (money already in cents). */
function planColumns(value: ShipperFranchisePlanValues | ProviderFranchisePlanValues) {
  return {
    franchise: value.franchise_plan,
    name: value.name,
    priceCents: value.price,
    distanceKm: value.limits.distance,
    intervalType: value.limits.intervalType,
    hourIntervalType: value.limits.hourIntervalType,
    time: value.limits.time,
    chargeType: value.overages.chargeType,
    distancePriceCents: value.overages.distancePrice,
    hourPriceCents: value.overages.hourPrice,
    // The schema already forces the price to 0 when the toll is not charged; kept explicit here.
    tollToCharge: value.toll.toCharge,
    tollPriceCents: value.toll.toCharge ? (value.toll.price ?? 0) : 0,
    active: true,
  };
}

/** A service of the owner's tenant, or 404. */
async function requireService(ctx: WriteContext, serviceId: string): Promise<void> {
  const [service] = await ctx.db
    .select({ id: franchises.id })
    .from(franchises)
    .where(and(eq(franchises.id, serviceId), eq(franchises.riskManager, String(ctx.owner))));
  if (!service) throw notFound();
}

export interface FranchisePlans {
  shipperPlans: CrudHandlers;
  providerPlans: CrudHandlers;
}

const built = new WeakMap<Db, FranchisePlans>();

/** The plan handlers over `db`, built once per database (billing and admin share them). */
export function franchisePlanHandlers(db: Db): FranchisePlans {
  let plans = built.get(db);
  if (!plans) {
    plans = buildFranchisePlans(db);
    built.set(db, plans);
  }
  return plans;
}

function buildFranchisePlans(db: Db): FranchisePlans {
  const shipperPlans = crudHandlers(db, {
    entity: 'shipperPlans',
    table: franchisePlans,
    tenancy: 'riskManager',
    where: eq(franchisePlans.target, 'shipper'),
    schema: shipperFranchisePlanSchema,
    answer: SHIPPER_PLAN_ANSWER,
    canRead: readRule('shippersFranchise'),
    canWrite: writeRule('shippersFranchise'),
    toApi: (row) => planApi(row, { shipperName: null, serviceProviderName: null }),
    fromApi: (value) => ({
      ...planColumns(value),
      target: 'shipper' as const,
      shipper: value.shipper,
      serviceProvider: null,
    }),
    select: selectPlans,
    // A shipper's plan belongs to the shipper's tenant; a shipper the caller cannot see is 404.
    async ownerFromParent({ db: database, scope }, value) {
      const [shipper] = await database
        .select({ riskManager: shippers.riskManager })
        .from(shippers)
        .where(and(eq(shippers.id, value.shipper), tenantWhere(scope, shippers.riskManager)));
      if (!shipper) throw notFound();
      return shipper.riskManager;
    },
    checkReferences: (ctx, value) => requireService(ctx, value.franchise_plan),
  });

  const providerPlans = crudHandlers(db, {
    entity: 'providerPlans',
    table: franchisePlans,
    tenancy: 'riskManager',
    where: eq(franchisePlans.target, 'service_provider'),
    schema: providerFranchisePlanSchema,
    answer: PROVIDER_PLAN_ANSWER,
    canRead: readRule('franchiseProviders'),
    canWrite: writeRule('franchiseProviders'),
    toApi: (row) => planApi(row, { shipperName: null, serviceProviderName: null }),
    fromApi: (value) => ({
      ...planColumns(value),
      target: 'service_provider' as const,
      shipper: null,
      serviceProvider: value.serviceProvider ?? null,
    }),
    select: selectPlans,
    // A provider plan belongs to its service's tenant.
    async ownerFromParent({ db: database, scope }, value) {
      const [service] = await database
        .select({ riskManager: franchises.riskManager })
        .from(franchises)
        .where(and(eq(franchises.id, value.franchise_plan), tenantWhere(scope, franchises.riskManager)));
      if (!service) throw notFound();
      return service.riskManager;
    },
    async checkReferences(ctx, value) {
      if (!value.serviceProvider) return;
      const [provider] = await ctx.db
        .select({ id: serviceProviders.id })
        .from(serviceProviders)
        .where(and(eq(serviceProviders.id, value.serviceProvider), eq(serviceProviders.riskManager, String(ctx.owner))));
      if (!provider) throw notFound();
    },
  });

  return { shipperPlans, providerPlans };
}

/** 404 unless the row with `id` in `table` is visible to the caller (403 without read rights). */
export async function requireVisible(
  db: Db,
  request: FastifyRequest,
  table: typeof shippers | typeof franchises,
  id: string,
  entity: CatalogueEntity,
): Promise<void> {
  const user = currentUser(request);
  if (!readRule(entity)(user)) throw forbidden();
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), tenantWhere(scopeOf(user), table.riskManager)));
  if (!row) throw notFound();
}

/** The plans of one shipper (billing GET /shipper/:id and admin GET /shippers/:id/franchises). */
export async function shipperPlansOf(
  db: Db,
  request: FastifyRequest,
  shipperId: string,
  filter: TenantFilter,
): Promise<ApiRecord[]> {
  await requireVisible(db, request, shippers, shipperId, 'shippersFranchise');
  return franchisePlanHandlers(db).shipperPlans.list(request, filter, eq(franchisePlans.shipper, shipperId));
}

/** The plans of one service for providers (billing GET /franchise/:id/serviceProviders). */
export async function providerPlansOf(
  db: Db,
  request: FastifyRequest,
  serviceId: string,
  filter: TenantFilter,
): Promise<ApiRecord[]> {
  await requireVisible(db, request, franchises, serviceId, 'franchiseProviders');
  return franchisePlanHandlers(db).providerPlans.list(request, filter, eq(franchisePlans.franchise, serviceId));
}
