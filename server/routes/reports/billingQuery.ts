import { sql, type SQL } from 'drizzle-orm';
import type { BillingTarget } from '../../../src/domain/billing/access';
import { REPORT_STATUSES, type ReportRow } from '../../../src/domain/reports';
import type { ReportQuery } from '../../../src/domain/schemas/report';
import type { Db } from '../../db/client';
import {
  carriers,
  causes,
  franchisePlans,
  franchises,
  leaderships,
  missionBillings,
  missionVehicles,
  missions,
  places,
  requesters,
  riskManagers,
  serviceProviders,
  shippers,
} from '../../db/schema';
import { forbidden } from '../../httpErrors';
import { rowsOf, type Viewer } from '../missions/viewer';

/**
 * The billing report's reads (spec 7 Reports): one mission_billings row per mission and side,
 * newest request first. The row already holds the calculus's answer, so a page is an index range
 * on mission_billings (report_idx for a tenant, company_idx when companies are chosen) cut at the
 * page's end, joined to the names of just those rows.
 *
 * Tenancy comes from the viewer only: a risk-manager user reads its tenant; a provider user only
 * the provider side of its own company, whatever it asks; an admin every tenant, read per tenant
 * (a lateral index range each) so no page sorts the whole table.
 */

/** What a query may read, from the session and, where the session allows, the filter. */
export interface ReportScope {
  riskManager: string | null;
  target: BillingTarget;
  companies: string[];
}

export function scopeOf(viewer: Viewer, query: ReportQuery): ReportScope {
  switch (viewer.kind) {
    case 'provider':
      return { riskManager: viewer.riskManager, target: 'serviceProvider', companies: [viewer.provider] };
    case 'tenant':
      return { riskManager: viewer.riskManager, target: query.billingTarget as BillingTarget, companies: query.companies };
    case 'all':
      return { riskManager: null, target: query.billingTarget as BillingTarget, companies: query.companies };
    default:
      throw forbidden();
  }
}

/** Where the last row of a batch stood: its request date as PostgreSQL printed it (microseconds kept) and its id. */
export interface ReportCursor {
  at: string;
  id: string;
}

const b = missionBillings;

/** Every condition but the tenant's, on mission_billings `b` joined to missions `m`. */
function filterConditions(scope: ReportScope, query: ReportQuery, cursor: ReportCursor | null): SQL[] {
  const statuses: readonly string[] = query.status.length > 0 ? query.status : REPORT_STATUSES;
  const conditions = [
    sql`${b.type} = ${scope.target}`,
    sql`${b.missionCreatedAt} >= ${new Date(query.start)}`,
    sql`${b.missionCreatedAt} <= ${new Date(query.end)}`,
    sql`${missions.status} in (${sql.join(
      statuses.map((s) => sql`${s}`),
      sql`, `,
    )})`,
  ];
  if (scope.companies.length > 0) {
    conditions.push(sql`${b.company} in (${sql.join(
      scope.companies.map((c) => sql`${c}`),
      sql`, `,
    )})`);
  }
  if (cursor) {
    // The plain bound lets the index range stop at the cursor; the row comparison breaks ties by id.
    conditions.push(sql`${b.missionCreatedAt} <= ${cursor.at}::timestamptz`);
    conditions.push(sql`(${b.missionCreatedAt}, ${b.id}) < (${cursor.at}::timestamptz, ${cursor.id})`);
  }
  return conditions;
}

const all = (conditions: SQL[]) => sql.join(conditions, sql` and `);
const ORDER = sql`order by created desc, id desc`;

/**
 * The ordered (id, created, cursor_at) of the rows in scope, `limit` of them after `offset`.
 * An admin's read without companies runs one index range per tenant (each cut at `limit + offset`)
 * and merges them, instead of sorting every tenant's rows.
 */
function orderedIds(scope: ReportScope, query: ReportQuery, cursor: ReportCursor | null, limit: number, offset: number): SQL {
  const conditions = filterConditions(scope, query, cursor);
  const branch = (tenant: SQL | null, cut: number | null) =>
    sql`select ${b.id} as id, ${b.missionCreatedAt} as created, ${b.missionCreatedAt}::text as cursor_at
      from ${b} join ${missions} on ${missions.id} = ${b.mission}
      where ${all(tenant ? [tenant, ...conditions] : conditions)}
      order by ${b.missionCreatedAt} desc, ${b.id} desc${cut === null ? sql`` : sql` limit ${cut}`}`;
  if (scope.riskManager !== null) {
    return sql`${branch(sql`${b.riskManager} = ${scope.riskManager}`, null)} limit ${limit} offset ${offset}`;
  }
  if (scope.companies.length > 0) return sql`${branch(null, null)} limit ${limit} offset ${offset}`;
  return sql`select x.id, x.created, x.cursor_at from ${riskManagers} rm
    cross join lateral (${branch(sql`${b.riskManager} = rm.id`, limit + offset)}) x
    ${ORDER} limit ${limit} offset ${offset}`;
}

export async function countRows(db: Db, scope: ReportScope, query: ReportQuery): Promise<number> {
  const conditions = filterConditions(scope, query, null);
  if (scope.riskManager !== null) conditions.unshift(sql`${b.riskManager} = ${scope.riskManager}`);
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from ${b} join ${missions} on ${missions.id} = ${b.mission} where ${all(conditions)}`,
  );
  return Number(row?.n ?? 0);
}

interface RawRow {
  id: string;
  cursor_at: string;
  mission_id: string;
  created_at: Date | string;
  process_number: string | null;
  shipper: string | null;
  carrier: string | null;
  plate: string | null;
  franchise: string | null;
  requester: string | null;
  leadership: string | null;
  cause: string | null;
  place: string | null;
  city: string | null;
  state: string | null;
  service_provider: string | null;
  window_start: Date | string | null;
  window_end: Date | string | null;
  time_usage: number;
  time_limit: number;
  time_overage: number;
  start_distance: number | null;
  end_distance: number | null;
  distance_usage: number;
  distance_limit: number;
  distance_overage: number;
  price: number;
  time_overage_price: number;
  distance_overage_price: number;
  toll: number;
  expenses: number;
  additions: number;
  discounts: number;
  final_cost: number;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The report row. `toll` is the whole toll of the side: the plan's (when it charges one) plus the
 * one typed on the billing screen, so the money columns add up to the total.
 */
function toRow(r: RawRow): ReportRow {
  return {
    missionId: r.mission_id,
    createdAt: iso(r.created_at) ?? '',
    processNumber: r.process_number,
    shipper: r.shipper ?? '',
    carrier: r.carrier,
    plate: r.plate,
    franchise: r.franchise,
    requester: r.requester ?? '',
    leadership: r.leadership,
    cause: r.cause,
    place: r.place,
    city: r.city ?? '',
    state: r.state ?? '',
    serviceProvider: r.service_provider,
    billing_startTime: iso(r.window_start),
    billing_endTime: iso(r.window_end),
    timeUsage: Number(r.time_usage),
    timeLimit: Number(r.time_limit),
    timeOverage: Number(r.time_overage),
    startDistance: r.start_distance === null ? null : Number(r.start_distance),
    endDistance: r.end_distance === null ? null : Number(r.end_distance),
    distanceUsage: Number(r.distance_usage),
    distanceLimit: Number(r.distance_limit),
    distanceOverage: Number(r.distance_overage),
    price: Number(r.price),
    timeOveragePrice: Number(r.time_overage_price),
    distanceOveragePrice: Number(r.distance_overage_price),
    toll: Number(r.toll),
    expenses: Number(r.expenses),
    additions: Number(r.additions),
    discounts: Number(r.discounts),
    finalCost: Number(r.final_cost),
  };
}

/** The rows of `ids` (an ordered id source) with their names, in the source's order. */
async function rowsFor(db: Db, ids: SQL): Promise<{ rows: ReportRow[]; cursor: ReportCursor | null }> {
  const m = missions;
  const raw = await rowsOf<RawRow>(
    db,
    sql`select page.id, page.cursor_at, ${m.id} as mission_id, ${m.createdAt} as created_at, ${m.processNumber} as process_number,
      ${shippers.name} as shipper, ${carriers.name} as carrier,
      (select ${missionVehicles.plate} from ${missionVehicles} where ${missionVehicles.mission} = ${m.id}
        order by ${missionVehicles.createdAt} limit 1) as plate,
      coalesce(${franchises.name}, ${franchisePlans.name}) as franchise,
      ${requesters.name} as requester, ${leaderships.name} as leadership, ${causes.name} as cause, ${places.name} as place,
      ${m.city} as city, ${m.state} as state, ${serviceProviders.name} as service_provider,
      ${b.windowStart} as window_start, ${b.windowEnd} as window_end,
      ${b.timeUsageMinutes} as time_usage, ${b.timeLimitMinutes} as time_limit, ${b.timeOverageMinutes} as time_overage,
      ${b.startDistanceMetres} as start_distance, ${b.endDistanceMetres} as end_distance,
      ${b.distanceUsageMetres} as distance_usage, ${b.distanceLimitMetres} as distance_limit, ${b.distanceOverageMetres} as distance_overage,
      ${b.priceCents} as price, ${b.timeOverageCents} as time_overage_price, ${b.distanceOverageCents} as distance_overage_price,
      ${b.planTollCents} + ${b.tollCents} as toll, ${b.expensesCents} as expenses, ${b.additionsCents} as additions,
      ${b.discountsCents} as discounts, ${b.finalCostCents} as final_cost
    from (${ids}) page
    join ${b} on ${b.id} = page.id
    join ${m} on ${m.id} = ${b.mission}
    left join ${shippers} on ${shippers.id} = ${m.shipper}
    left join ${carriers} on ${carriers.id} = ${m.carrier}
    left join ${requesters} on ${requesters.id} = ${m.requester}
    left join ${leaderships} on ${leaderships.id} = ${m.leadership}
    left join ${causes} on ${causes.id} = ${m.cause}
    left join ${places} on ${places.id} = ${m.place}
    left join ${serviceProviders} on ${serviceProviders.id} = ${m.serviceProvider}
    left join ${franchisePlans} on ${franchisePlans.id} = coalesce(${b.franchisePlan}, ${m.franchisePlan})
    left join ${franchises} on ${franchises.id} = ${franchisePlans.franchise}
    order by page.created desc, page.id desc`,
  );
  const last = raw.at(-1);
  return { rows: raw.map(toRow), cursor: last ? { at: last.cursor_at, id: last.id } : null };
}

export const reportPageRows = (db: Db, scope: ReportScope, query: ReportQuery, limit: number, offset: number) =>
  rowsFor(db, orderedIds(scope, query, null, limit, offset)).then((r) => r.rows);

/** The next `size` rows after `cursor` (null: from the newest): the export's batches, never an OFFSET. */
export const reportBatch = (db: Db, scope: ReportScope, query: ReportQuery, cursor: ReportCursor | null, size: number) =>
  rowsFor(db, orderedIds(scope, query, cursor, size, 0));
