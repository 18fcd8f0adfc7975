import { sql, type SQL } from 'drizzle-orm';
import type { MonitoringQuery } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { missionStatusTallies, missionTallies, rejectedProposalTallies, rejectedProposalTotals } from '../db/schema';
import { countOf, heldStatusFilter, rangeOf, storedFilter, sumOf, type CreatedRange } from './monitoringSets';
import type { Viewer } from './viewer';

/**
 * The monitoring total without counting a tenant's missions one by one. Creating a mission moves
 * its tenant's token (tenantCache.ts), so every screen of that tenant counts again on its next
 * poll; counted row by row, with a mission every few seconds, that kept the single-threaded PGlite
 * busy enough to push the polls' p99 past a second (bench `livemix`; docs/performance.md).
 *
 * So the whole UTC days inside the filter come from the tallies the triggers of migration 0017
 * keep (a sum over a few rows per day; without a date filter, from migration 0030's tallies of all
 * days together, a few rows per tenant), and only what they cannot answer is counted row by row:
 * the partial days at the filter's edges (the screen filters by instant, the tallies by day) and,
 * for a provider, the missions canceled under its live proposals (a few entries of a partial index
 * of its proposals, migration 0032).
 */
const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const midnightOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Where a tallied sum reads: the undated tallies when the filter has no edge day, else the days strictly between them. */
type Days = { after?: string; before?: string };

/** The missions tallied under `conditions` (columns of both tally tables share their names). */
function missionSum(conditions: (columns: typeof missionStatusTallies | typeof missionTallies) => SQL[], days: Days): SQL {
  const undated = days.after === undefined && days.before === undefined;
  const table = undated ? missionStatusTallies : missionTallies;
  const where = [
    ...conditions(table),
    ...(days.after ? [sql`${missionTallies.day} > ${days.after}`] : []),
    ...(days.before ? [sql`${missionTallies.day} < ${days.before}`] : []),
  ];
  return sql`(select coalesce(sum(${table.missions}), 0) from ${table}${where.length > 0 ? sql` where ${sql.join(where, sql` and `)}` : sql``})`;
}

function rejectedSum(provider: string, days: Days): SQL {
  if (days.after === undefined && days.before === undefined) {
    return sql`(select coalesce(sum(${rejectedProposalTotals.proposals}), 0) from ${rejectedProposalTotals} where ${rejectedProposalTotals.serviceProvider} = ${provider})`;
  }
  const where = [
    sql`${rejectedProposalTallies.serviceProvider} = ${provider}`,
    ...(days.after ? [sql`${rejectedProposalTallies.day} > ${days.after}`] : []),
    ...(days.before ? [sql`${rejectedProposalTallies.day} < ${days.before}`] : []),
  ];
  return sql`(select coalesce(sum(${rejectedProposalTallies.proposals}), 0) from ${rejectedProposalTallies} where ${sql.join(where, sql` and `)})`;
}

/** Sums of the tallied sets of `viewer` with `status`, over the days strictly between `after` and `before` (all days when neither). */
function tallied(viewer: Viewer, status: string | undefined, days: Days): SQL[] {
  const byStatus = (t: typeof missionTallies | typeof missionStatusTallies) => (status === undefined ? [] : [sql`${t.status} = ${status}`]);
  const sums: SQL[] = [];
  if (viewer.kind === 'all') sums.push(missionSum(byStatus, days));
  else if (viewer.kind === 'tenant') sums.push(missionSum((t) => [sql`${t.riskManager} = ${viewer.riskManager}`, ...byStatus(t)], days));
  else {
    // The same sets, with the same status rules, as providerBranches (monitoringSets.ts).
    if (status === undefined || status === 'open') {
      sums.push(missionSum((t) => [sql`${t.riskManager} = ${viewer.riskManager}`, sql`${t.status} = 'open'`], days));
    }
    const heldStatuses = heldStatusFilter(status);
    if (heldStatuses !== null) {
      sums.push(
        missionSum(
          (t) => [sql`${t.serviceProvider} = ${viewer.provider}`, sql`${t.riskManager} = ${viewer.riskManager}`, ...(heldStatuses === undefined ? [] : [sql`${t.status} in ${heldStatuses}`])],
          days,
        ),
      );
    }
    if (status === undefined || status === 'rejected') sums.push(rejectedSum(viewer.provider, days));
  }
  return sums;
}

export async function monitoringTotal(db: Db, viewer: Viewer, query: MonitoringQuery): Promise<number> {
  const status = storedFilter(query.status);
  const range = rangeOf(query);
  if (range.from && range.to && range.from > range.to) return 0;
  const firstDay = range.from && utcDay(range.from);
  const lastDay = range.to && utcDay(range.to);
  const parts = tallied(viewer, status, { after: firstDay, before: lastDay });
  const edges: CreatedRange[] = [];
  if (firstDay) edges.push({ from: range.from, to: range.to, before: new Date(midnightOf(firstDay).getTime() + DAY_MS) });
  if (lastDay && lastDay !== firstDay) edges.push({ from: midnightOf(lastDay), to: range.to });
  for (const edge of edges) parts.push(countOf(viewer, status, edge, 'tallied'));
  if (viewer.kind === 'provider') parts.push(countOf(viewer, status, range, 'untallied'));
  // One statement: the tallies and the rows they leave out are read in the same snapshot.
  return sumOf(db, parts);
}
