import { sql, type SQL } from 'drizzle-orm';
import type { MonitoringQuery } from '../../src/domain/schemas';
import type { Db } from '../db/client';
import { missionTallies, rejectedProposalTallies } from '../db/schema';
import { countOf, heldStatusFilter, rangeOf, storedFilter, sumOf, type CreatedRange } from './monitoringSets';
import type { Viewer } from './viewer';

/**
 * The monitoring total without counting a tenant's missions one by one. Creating a mission moves
 * its tenant's token (tenantCache.ts), so every screen of that tenant counts again on its next
 * poll; counted row by row that was ~15 ms for a risk manager and over 100 ms for a provider on
 * PGlite, which with a mission every few seconds kept the single-threaded database busy enough to
 * push the polls' p99 past a second (bench/liveMix.ts).
 *
 * So the whole UTC days inside the filter come from the tallies the triggers of migration 0017
 * keep (a sum over a few rows per day), and only what they cannot answer is counted row by row:
 * the partial days at the filter's edges (the screen filters by instant, the tallies by day) and,
 * for a provider, the missions canceled under its live proposals, which depend on two tables at
 * once (few rows, read through the provider's proposals index).
 */
const DAY_MS = 86_400_000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const midnightOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** Sums of the tallied sets of `viewer` with `status`, over the days strictly between `after` and `before`. */
function tallied(viewer: Viewer, status: string | undefined, after: string | undefined, before: string | undefined): SQL[] {
  const days = (column: typeof missionTallies.day | typeof rejectedProposalTallies.day): SQL[] => [
    ...(after ? [sql`${column} > ${after}`] : []),
    ...(before ? [sql`${column} < ${before}`] : []),
  ];
  const missionSum = (conditions: SQL[]) => {
    const where = [...conditions, ...days(missionTallies.day)];
    return sql`(select coalesce(sum(${missionTallies.missions}), 0) from ${missionTallies}${where.length > 0 ? sql` where ${sql.join(where, sql` and `)}` : sql``})`;
  };
  const byStatus = status === undefined ? [] : [sql`${missionTallies.status} = ${status}`];
  const sums: SQL[] = [];
  if (viewer.kind === 'all') sums.push(missionSum(byStatus));
  else if (viewer.kind === 'tenant') sums.push(missionSum([sql`${missionTallies.riskManager} = ${viewer.riskManager}`, ...byStatus]));
  else {
    // The same sets, with the same status rules, as providerBranches (monitoringSets.ts).
    if (status === undefined || status === 'open') {
      sums.push(missionSum([sql`${missionTallies.riskManager} = ${viewer.riskManager}`, sql`${missionTallies.status} = 'open'`]));
    }
    const heldStatuses = heldStatusFilter(status);
    if (heldStatuses !== null) {
      const held = heldStatuses === undefined ? [] : [sql`${missionTallies.status} in ${heldStatuses}`];
      sums.push(missionSum([sql`${missionTallies.serviceProvider} = ${viewer.provider}`, sql`${missionTallies.riskManager} = ${viewer.riskManager}`, ...held]));
    }
    if (status === undefined || status === 'rejected') {
      const where = [sql`${rejectedProposalTallies.serviceProvider} = ${viewer.provider}`, ...days(rejectedProposalTallies.day)];
      sums.push(sql`(select coalesce(sum(${rejectedProposalTallies.proposals}), 0) from ${rejectedProposalTallies} where ${sql.join(where, sql` and `)})`);
    }
  }
  return sums;
}

export async function monitoringTotal(db: Db, viewer: Viewer, query: MonitoringQuery): Promise<number> {
  const status = storedFilter(query.status);
  const range = rangeOf(query);
  if (range.from && range.to && range.from > range.to) return 0;
  const firstDay = range.from && utcDay(range.from);
  const lastDay = range.to && utcDay(range.to);
  const parts = tallied(viewer, status, firstDay, lastDay);
  const edges: CreatedRange[] = [];
  if (firstDay) edges.push({ from: range.from, to: range.to, before: new Date(midnightOf(firstDay).getTime() + DAY_MS) });
  if (lastDay && lastDay !== firstDay) edges.push({ from: midnightOf(lastDay), to: range.to });
  for (const edge of edges) parts.push(countOf(viewer, status, edge, 'tallied'));
  if (viewer.kind === 'provider') parts.push(countOf(viewer, status, range, 'untallied'));
  // One statement: the tallies and the rows they leave out are read in the same snapshot.
  return sumOf(db, parts);
}
