import { sql, type SQL } from 'drizzle-orm';
import type { BillingTarget } from '../../src/domain/billing/access';
import { storedStatusesShownToHolderAs, type StoredMissionStatus } from '../../src/domain/missions';
import { REPORT_STATUSES, REPORT_TOTALLED, type ReportRow, type ReportTotalled, type ReportTotals } from '../../src/domain/reports';
import type { ReportQuery } from '../../src/domain/schemas/report';
import { FISCAL_KIND_LABELS, FISCAL_KINDS, formatFiscalKey, type FiscalKind } from '../../src/domain/validators/fiscalKey';
import type { Db } from '../db/client';
import {
  carriers,
  causes,
  franchisePlans,
  leaderships,
  missionBillings,
  missionFiscalKeys,
  missionVehicles,
  missions,
  places,
  requesters,
  serviceProviders,
  shippers,
} from '../db/schema';
import { forbidden } from '../errors/httpErrors';
import { rowsOf, type Viewer } from '../missions/viewer';

/**
 * The billing report's reads (docs/rules/reports.md): one mission_billings row per mission and side,
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
  /** The stored mission statuses read (empty: none). */
  statuses: readonly StoredMissionStatus[];
}

export function scopeOf(viewer: Viewer, query: ReportQuery): ReportScope {
  const asked = query.status.length > 0 ? query.status : REPORT_STATUSES;
  switch (viewer.kind) {
    case 'provider': {
      // The statuses as the holder sees them (competition.ts): asking for 'finished' also reads the
      // missions whose shipper side is billed, and 'billed_shipper' reads nothing.
      const statuses = REPORT_STATUSES.filter((stored) => asked.some((shown) => storedStatusesShownToHolderAs(shown).includes(stored)));
      return { riskManager: viewer.riskManager, target: 'serviceProvider', companies: [viewer.provider], statuses };
    }
    case 'tenant':
      return { riskManager: viewer.riskManager, target: query.billingTarget, companies: query.companies, statuses: asked };
    case 'all':
      return { riskManager: null, target: query.billingTarget, companies: query.companies, statuses: asked };
    default:
      throw forbidden();
  }
}

const statusIn = (statuses: readonly string[]): SQL =>
  statuses.length === 0 ? sql`false` : sql`${missions.status} in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})`;

/** Where the last row of a batch stood: its request date as PostgreSQL printed it (microseconds kept) and its id. */
export interface ReportCursor {
  at: string;
  id: string;
}

const b = missionBillings;

/** Every condition but the tenant's, on mission_billings `b` joined to missions `m`. */
function filterConditions(scope: ReportScope, query: ReportQuery, cursor: ReportCursor | null): SQL[] {
  const conditions = [
    sql`${b.type} = ${scope.target}`,
    sql`${b.missionCreatedAt} >= ${new Date(query.start)}`,
    sql`${b.missionCreatedAt} <= ${new Date(query.end)}`,
    statusIn(scope.statuses),
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

/** The mission's columns the row shows, read by the same key lookup that checks its status. */
const MISSION_COLUMNS = sql`${missions.processNumber} as process_number, ${missions.shipper} as m_shipper, ${missions.carrier} as m_carrier,
  ${missions.requester} as m_requester, ${missions.leadership} as m_leadership, ${missions.cause} as m_cause, ${missions.place} as m_place,
  ${missions.city} as city, ${missions.state} as state, ${missions.serviceProvider} as m_provider, ${missions.franchisePlan} as m_plan`;

const all = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * The rows in scope (every mission_billings column, plus `created` and `cursor_at`), ordered,
 * `limit` of them after `offset`. The page carries the billing and mission columns itself:
 * joined back to them by id afterwards, the planner hashed whole tables instead of 1,000 key lookups.
 * Each scope is one backward index range: the tenant's (mission_billings_report_idx) or, for an
 * admin, every tenant's (mission_billings_all_tenants_idx), so no batch reads rows it drops.
 */
function orderedIds(scope: ReportScope, query: ReportQuery, cursor: ReportCursor | null, limit: number, offset: number): SQL {
  const conditions = filterConditions(scope, query, cursor);
  if (scope.riskManager !== null) conditions.unshift(sql`${b.riskManager} = ${scope.riskManager}`);
  return sql`select ${b}.*, ${b.missionCreatedAt} as created, ${b.missionCreatedAt}::text as cursor_at, ${MISSION_COLUMNS}
    from ${b} join ${missions} on ${missions.id} = ${b.mission}
    where ${all(conditions)}
    order by ${b.missionCreatedAt} desc, ${b.id} desc limit ${limit} offset ${offset}`;
}

/**
 * The report's total, counted on missions rather than on mission_billings: every mission that
 * reached billing has one row per side (schema/billing.ts), whose company is the mission's shipper
 * or provider, so the missions of the chosen statuses in range are the rows. That count is an
 * index-only range on missions_risk_manager_status_created_idx (the monitoring's), where counting
 * billing rows would look up every row's mission to check its status.
 */
export async function countRows(db: Db, scope: ReportScope, query: ReportQuery): Promise<number> {
  const conditions = [
    statusIn(scope.statuses),
    sql`${missions.createdAt} >= ${new Date(query.start)}`,
    sql`${missions.createdAt} <= ${new Date(query.end)}`,
  ];
  if (scope.riskManager !== null) conditions.unshift(sql`${missions.riskManager} = ${scope.riskManager}`);
  if (scope.companies.length > 0) {
    const company = scope.target === 'shipper' ? missions.shipper : missions.serviceProvider;
    conditions.push(sql`${company} in (${sql.join(
      scope.companies.map((c) => sql`${c}`),
      sql`, `,
    )})`);
  }
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*)::int as n from ${missions} where ${all(conditions)}`);
  return Number(row?.n ?? 0);
}

/** What each totalled column of the row is on mission_billings (toRow's `toll`: the plan's plus the typed one). */
const TOTALLED_SQL: Record<ReportTotalled, SQL> = {
  timeUsage: sql`${b.timeUsageMinutes}`,
  timeLimit: sql`${b.timeLimitMinutes}`,
  timeOverage: sql`${b.timeOverageMinutes}`,
  distanceUsage: sql`${b.distanceUsageMetres}`,
  distanceLimit: sql`${b.distanceLimitMetres}`,
  distanceOverage: sql`${b.distanceOverageMetres}`,
  price: sql`${b.priceCents}`,
  timeOveragePrice: sql`${b.timeOverageCents}`,
  distanceOveragePrice: sql`${b.distanceOverageCents}`,
  toll: sql`${b.planTollCents} + ${b.tollCents}`,
  expenses: sql`${b.expensesCents}`,
  additions: sql`${b.additionsCents}`,
  discounts: sql`${b.discountsCents}`,
  finalCost: sql`${b.finalCostCents}`,
};

/**
 * The sums of the totalled columns over every row of the filter, not only a page's: the same rows
 * as orderedIds (one index range of the scope, each row's mission checked for its status), in one
 * statement. Sums are bigint in SQL: read as text so no driver rounds them.
 */
export async function reportTotals(db: Db, scope: ReportScope, query: ReportQuery): Promise<ReportTotals> {
  const conditions = filterConditions(scope, query, null);
  if (scope.riskManager !== null) conditions.unshift(sql`${b.riskManager} = ${scope.riskManager}`);
  const sums = REPORT_TOTALLED.map((field) => sql`coalesce(sum(${TOTALLED_SQL[field]}), 0)::text as ${sql.identifier(field)}`);
  const [row] = await rowsOf<Record<ReportTotalled, string>>(
    db,
    sql`select ${sql.join(sums, sql`, `)} from ${b} join ${missions} on ${missions.id} = ${b.mission} where ${all(conditions)}`,
  );
  return Object.fromEntries(REPORT_TOTALLED.map((field) => [field, Number(row?.[field] ?? 0)])) as ReportTotals;
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
  fiscal_keys: { kind: FiscalKind; key: string }[] | null;
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

/** 'NF-e 3526 1111 …; CT-e …': each key in groups of four after its document's name, NF-e first. */
function fiscalKeysText(keys: RawRow['fiscal_keys']): string | null {
  if (!keys || keys.length === 0) return null;
  return FISCAL_KINDS.flatMap((kind) => keys.filter((k) => k.kind === kind).map((k) => `${FISCAL_KIND_LABELS[kind]} ${formatFiscalKey(k.key)}`)).join('; ');
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
    fiscalKeys: fiscalKeysText(r.fiscal_keys),
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

/**
 * The rows of `ids` (orderedIds) with their names, in its order. Columns of `page` are
 * mission_billings' own. 'Serviço' (`franchise`) is the mission's franchise plan, named as the
 * missions list and the new-mission form name it, on both sides: the price table a side is billed
 * by (the provider's own for the provider side) and that table's service are the billing screen's.
 * The rows come back as one JSON text: the drivers (PGlite's above all) spend far more decoding
 * 1,000 rows of 35 columns value by value than JSON.parse spends on the same rows, and timestamps
 * arrive as the ISO text the row carries anyway.
 */
async function rowsFor(db: Db, ids: SQL): Promise<{ rows: ReportRow[]; cursor: ReportCursor | null }> {
  const [result] = await rowsOf<{ rows: string }>(
    db,
    sql`select coalesce(json_agg(r order by r.created desc, r.id desc), '[]')::text as rows from (select page.id, page.created, page.cursor_at, page.mission_id, page.mission_created_at as created_at, page.process_number,
      ${shippers.name} as shipper, ${carriers.name} as carrier,
      (select ${missionVehicles.plate} from ${missionVehicles} where ${missionVehicles.mission} = page.mission_id
        order by ${missionVehicles.createdAt} limit 1) as plate,
      (select json_agg(json_build_object('kind', ${missionFiscalKeys.kind}, 'key', ${missionFiscalKeys.key}) order by ${missionFiscalKeys.position})
        from ${missionFiscalKeys} where ${missionFiscalKeys.mission} = page.mission_id) as fiscal_keys,
      ${franchisePlans.name} as franchise,
      ${requesters.name} as requester, ${leaderships.name} as leadership, ${causes.name} as cause, ${places.name} as place,
      page.city, page.state, ${serviceProviders.name} as service_provider,
      page.window_start, page.window_end,
      page.time_usage_minutes as time_usage, page.time_limit_minutes as time_limit, page.time_overage_minutes as time_overage,
      page.start_distance_metres as start_distance, page.end_distance_metres as end_distance,
      page.distance_usage_metres as distance_usage, page.distance_limit_metres as distance_limit, page.distance_overage_metres as distance_overage,
      page.price_cents as price, page.time_overage_cents as time_overage_price, page.distance_overage_cents as distance_overage_price,
      page.plan_toll_cents + page.toll_cents as toll, page.expenses_cents as expenses, page.additions_cents as additions,
      page.discounts_cents as discounts, page.final_cost_cents as final_cost
    from (${ids}) page
    left join ${shippers} on ${shippers.id} = page.m_shipper
    left join ${carriers} on ${carriers.id} = page.m_carrier
    left join ${requesters} on ${requesters.id} = page.m_requester
    left join ${leaderships} on ${leaderships.id} = page.m_leadership
    left join ${causes} on ${causes.id} = page.m_cause
    left join ${places} on ${places.id} = page.m_place
    left join ${serviceProviders} on ${serviceProviders.id} = page.m_provider
    left join ${franchisePlans} on ${franchisePlans.id} = page.m_plan) r`,
  );
  const raw = JSON.parse(result?.rows ?? '[]') as RawRow[];
  const last = raw.at(-1);
  return { rows: raw.map(toRow), cursor: last ? { at: last.cursor_at, id: last.id } : null };
}

export const reportPageRows = (db: Db, scope: ReportScope, query: ReportQuery, limit: number, offset: number) =>
  rowsFor(db, orderedIds(scope, query, null, limit, offset)).then((r) => r.rows);

/** The next `size` rows after `cursor` (null: from the newest): the export's batches, never an OFFSET. */
export const reportBatch = (db: Db, scope: ReportScope, query: ReportQuery, cursor: ReportCursor | null, size: number) =>
  rowsFor(db, orderedIds(scope, query, cursor, size, 0));
