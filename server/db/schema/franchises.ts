import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, uniqueName, updatedAt } from './columns';
import { riskManagers, serviceProviders } from './companies';
import { shippers } from './catalogues';

export type FranchiseType = 'service_provider' | 'shipper';
export type IntervalType = 'start_end' | 'start_place';
export type HourIntervalType = 'start_endOnPlace' | 'arrivalOnPlace_endOnPlace';
export type ChargeType = 'full_time' | 'fraction_time';

/** "Serviços e Franquias": the services a tenant sells (API franchise, docs/rules/billing.md). */
export const franchises = pgTable(
  'franchises',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    type: text('type').$type<FranchiseType>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('franchises_risk_manager_name_idx').on(t.riskManager, t.name), uniqueName('franchises', t.name, t.riskManager)],
);

/**
 * Franchise plans: the price table of a service for one shipper (what the client pays) or for one
 * provider / every provider of the tenant (serviceProvider null = 'Todos'; what the tenant pays).
 * One table for both because the shape is the same; `target` says which parent applies.
 * Money is integer cents; distance in km; time is the franchise duration 'hh:mm'.
 */
export const franchisePlans = pgTable(
  'franchise_plans',
  {
    id: idColumn(),
    target: text('target').$type<FranchiseType>().notNull(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    shipper: refColumn('shipper_id').references(() => shippers.id, { onDelete: 'restrict' }),
    serviceProvider: refColumn('service_provider_id').references(() => serviceProviders.id, {
      onDelete: 'restrict',
    }),
    franchise: refColumn('franchise_id').references(() => franchises.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    distanceKm: integer('distance_km').notNull(),
    intervalType: text('interval_type').$type<IntervalType>().notNull(),
    hourIntervalType: text('hour_interval_type').$type<HourIntervalType>().notNull(),
    time: text('time').notNull(),
    chargeType: text('charge_type').$type<ChargeType>().notNull(),
    distancePriceCents: integer('distance_price_cents').notNull(),
    hourPriceCents: integer('hour_price_cents').notNull(),
    tollPriceCents: integer('toll_price_cents').notNull().default(0),
    tollToCharge: boolean('toll_to_charge').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('franchise_plans_shipper_idx').on(t.shipper),
    index('franchise_plans_service_provider_idx').on(t.serviceProvider),
    index('franchise_plans_franchise_idx').on(t.franchise),
    index('franchise_plans_risk_manager_idx').on(t.riskManager),
    // A shipper plan names its shipper; a provider plan names its service (provider may be 'Todos').
    check(
      'franchise_plans_parent_check',
      sql`(${t.target} = 'shipper' and ${t.shipper} is not null and ${t.serviceProvider} is null)
        or (${t.target} = 'service_provider' and ${t.shipper} is null and ${t.franchise} is not null)`,
    ),
    check(
      'franchise_plans_money_check',
      sql`${t.priceCents} >= 0 and ${t.distancePriceCents} >= 0 and ${t.hourPriceCents} >= 0
        and ${t.tollPriceCents} >= 0 and ${t.distanceKm} >= 0`,
    ),
  ],
);
