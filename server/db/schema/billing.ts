import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BillingTarget } from '../../../src/domain/billing/access';
import type { MissionBillingSide } from '../../../src/domain/billing/api';
import { createdAt, idColumn, refColumn, updatedAt } from './columns';
import { riskManagers } from './companies';
import { franchisePlans } from './franchises';
import { missions } from './missions';
import { users } from './users';

/**
 * One side of a mission's billing (docs/rules/billing.md): what the shipper pays ('shipper') or what the
 * provider is paid ('serviceProvider'). A row per side exists from the moment the mission is
 * finished. The input is the chosen plan and the others; the rest is the calculus's answer
 * (src/domain/billing) stored when the side is saved or billed, so the billing report and its
 * export read one row per mission instead of recomputing 100,000 calculi. `company` is the shipper
 * or the provider the side bills (the report's `companies` filter); `missionCreatedAt` copies the
 * mission's request date, the report's date filter, so a page (or an export batch) is one index
 * range, per tenant or over all of them.
 */
export const missionBillings = pgTable(
  'mission_billings',
  {
    id: idColumn(),
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    type: text('type').$type<BillingTarget>().notNull(),
    company: refColumn('company_id').notNull(),
    missionCreatedAt: timestamp('mission_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    franchisePlan: refColumn('franchise_plan_id').references(() => franchisePlans.id, { onDelete: 'restrict' }),
    status: text('status').$type<MissionBillingSide['franchiseStatus']>().notNull().default('created'),
    tollCents: integer('toll_cents').notNull().default(0),
    expensesCents: integer('expenses_cents').notNull().default(0),
    additionsCents: integer('additions_cents').notNull().default(0),
    discountsCents: integer('discounts_cents').notNull().default(0),
    // The calculus's answer at the last save (zeros while 'created').
    priceCents: integer('price_cents').notNull().default(0),
    planTollCents: integer('plan_toll_cents').notNull().default(0),
    timeUsageMinutes: integer('time_usage_minutes').notNull().default(0),
    timeLimitMinutes: integer('time_limit_minutes').notNull().default(0),
    timeOverageMinutes: integer('time_overage_minutes').notNull().default(0),
    timeOverageCents: integer('time_overage_cents').notNull().default(0),
    distanceUsageMetres: integer('distance_usage_metres').notNull().default(0),
    distanceLimitMetres: integer('distance_limit_metres').notNull().default(0),
    distanceOverageMetres: integer('distance_overage_metres').notNull().default(0),
    distanceOverageCents: integer('distance_overage_cents').notNull().default(0),
    startDistanceMetres: integer('start_distance_metres'),
    endDistanceMetres: integer('end_distance_metres'),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }),
    finalCostCents: integer('final_cost_cents').notNull().default(0),
    billedAt: timestamp('billed_at', { withTimezone: true, mode: 'date' }),
    billedBy: refColumn('billed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mission_billings_mission_type_unique').on(t.mission, t.type),
    index('mission_billings_report_idx').on(t.riskManager, t.type, t.missionCreatedAt),
    index('mission_billings_company_idx').on(t.type, t.company, t.missionCreatedAt),
    // The admin's report and export over every tenant: one range in the report's order.
    index('mission_billings_all_tenants_idx').on(t.type, t.missionCreatedAt, t.id),
    check('mission_billings_type_check', sql`${t.type} in ('shipper', 'serviceProvider')`),
    check('mission_billings_status_check', sql`${t.status} in ('created', 'priced', 'billed')`),
    check(
      'mission_billings_money_check',
      sql`${t.tollCents} >= 0 and ${t.expensesCents} >= 0 and ${t.additionsCents} >= 0 and ${t.discountsCents} >= 0
        and ${t.finalCostCents} >= 0`,
    ),
  ],
);
