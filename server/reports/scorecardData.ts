import { sql, type SQL } from 'drizzle-orm';
import {
  addTallies,
  compareScorecards,
  EMPTY_TALLY,
  figuresOf,
  monthsOfPeriod,
  type ProviderScorecard,
  type ScorecardRanking,
  type ScorecardTally,
} from '../../src/domain/reports/scorecards';
import { SLA_BREACH_ACTIONS } from '../../src/domain/missions/sla';
import type { Db } from '../db/client';
import { rowsOf, type Viewer } from '../missions/viewer';
import { ARRIVALS, MILESTONES, minutesBetween } from './dashboardData';

/**
 * The scorecards' tallies (src/domain/reports/scorecards.ts), per provider and São Paulo month of
 * the missions' creation, in one query over the period's missions and their event log:
 * - offered: every mission of the provider's risk manager (the auction is open to all of its
 *   providers: missions/competition.ts);
 * - proposals: missions with a 'proposal_completed' event naming the provider (a search notice is
 *   not a proposal);
 * - won: missions with an 'accepted' event naming it; its acceptance time runs from the creation
 *   to its last such event (a mission accepted again keeps the latest, as the dashboard does);
 * - ETA kept: the dashboard's rule (dashboardData.ts ARRIVALS) over the missions it holds;
 * - SLA breaches: the timeline's breach events (SLA_BREACH_ACTIONS, one per phase and mission), counted for the provider the event names, or else the
 *   mission's holder;
 * - cancellations: missions it holds with a 'canceled' event;
 * - money: its own billing side (mission_billings, type serviceProvider): priced or billed sides
 *   for the average, billed ones for the billed total.
 */

/**
 * The providers a viewer may see scorecards of, as a condition on service_providers: one of them
 * (`only`), active or not, since its past stays readable; or, for the ranking, the active ones only
 * (a provider marked inactive in its record takes no more missions, so it is no longer ranked).
 */
function providerScope(viewer: Viewer, only: string | null): SQL {
  const tenancy =
    viewer.kind === 'all'
      ? sql`true`
      : viewer.kind === 'tenant'
        ? sql`risk_manager_id = ${viewer.riskManager}`
        : sql`risk_manager_id = ${viewer.riskManager} and id = ${viewer.provider}`;
  return only === null ? sql`${tenancy} and active` : sql`${tenancy} and id = ${only}`;
}

const missionScope = (viewer: Viewer): SQL => (viewer.kind === 'all' ? sql`true` : sql`risk_manager_id = ${viewer.riskManager}`);

interface TallyRow {
  kind: 'offered' | 'proposals' | 'won' | 'eta' | 'sla' | 'canceled' | 'costed' | 'billed';
  provider: string;
  month: string;
  n: number;
  x: number | string;
  c: number;
}

interface ProviderRow {
  id: string;
  name: string;
}

function tallyQuery(viewer: Viewer, only: string | null, start: Date, end: Date): SQL {
  const sideCost = (kind: 'costed' | 'billed', status: SQL) => sql`select ${kind}, b.company_id, m.month, count(*)::int, coalesce(sum(b.final_cost_cents), 0)::float8, 0
      from m join mission_billings b on b.mission_id = m.id and b.type = 'serviceProvider' and ${status}
      join p on p.id = b.company_id group by 2, 3`;
  return sql`with m as (
      select id, risk_manager_id, service_provider_id, created_at,
        to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM') as month
      from missions where ${missionScope(viewer)} and created_at >= ${start} and created_at <= ${end}),
    p as (select id, risk_manager_id from service_providers where ${providerScope(viewer, only)}),
    t as (${MILESTONES}),
    arrivals as (${ARRIVALS}),
    won as (select e.service_provider_id as provider, m.id, m.month, m.created_at, max(e.created_at) as accepted
      from m join mission_events e on e.mission_id = m.id and e.action = 'accepted'
      group by e.service_provider_id, m.id, m.month, m.created_at)
    select 'offered'::text as kind, p.id as provider, m.month, count(*)::int as n, 0::float8 as x, 0::int as c
      from p join m on m.risk_manager_id = p.risk_manager_id group by 2, 3
    union all
    select 'proposals', e.service_provider_id, m.month, count(distinct m.id)::int, 0, 0
      from m join mission_events e on e.mission_id = m.id and e.action = 'proposal_completed'
      join p on p.id = e.service_provider_id group by 2, 3
    union all
    select 'won', w.provider, w.month, count(*)::int, sum(${minutesBetween('w.created_at', 'w.accepted')})::float8, count(*)::int
      from won w join p on p.id = w.provider group by 2, 3
    union all
    select 'eta', m.service_provider_id, m.month,
        count(*) filter (where a.promised is not null and a.arrived is not null)::int, 0,
        count(*) filter (where a.arrived <= a.promised)::int
      from m join p on p.id = m.service_provider_id join arrivals a on a.id = m.id group by 2, 3
    union all
    select 'sla', coalesce(e.service_provider_id, m.service_provider_id), m.month, count(*)::int, 0, 0
      from m join mission_events e on e.mission_id = m.id and e.action in ${Object.values(SLA_BREACH_ACTIONS)}
      join p on p.id = coalesce(e.service_provider_id, m.service_provider_id) group by 2, 3
    union all
    select 'canceled', m.service_provider_id, m.month, count(*)::int, 0, 0
      from m join p on p.id = m.service_provider_id
      where exists (select 1 from mission_events e where e.mission_id = m.id and e.action = 'canceled') group by 2, 3
    union all
    ${sideCost('costed', sql`b.status <> 'created'`)}
    union all
    ${sideCost('billed', sql`b.status = 'billed'`)}`;
}

/** Adds one query row to its tally. */
function apply(tally: ScorecardTally, row: TallyRow): ScorecardTally {
  const n = Number(row.n);
  const x = Number(row.x);
  const c = Number(row.c);
  switch (row.kind) {
    case 'offered':
      return { ...tally, offered: tally.offered + n };
    case 'proposals':
      return { ...tally, proposals: tally.proposals + n };
    case 'won':
      return { ...tally, won: tally.won + n, acceptMinutesSum: tally.acceptMinutesSum + x, acceptCount: tally.acceptCount + c };
    case 'eta':
      return { ...tally, etaMeasured: tally.etaMeasured + n, etaKept: tally.etaKept + c };
    case 'sla':
      return { ...tally, slaBreaches: tally.slaBreaches + n };
    case 'canceled':
      return { ...tally, cancellations: tally.cancellations + n };
    case 'costed':
      return { ...tally, costedMissions: tally.costedMissions + n, costCentsSum: tally.costCentsSum + x };
    case 'billed':
      return { ...tally, billedMissions: tally.billedMissions + n, billedCents: tally.billedCents + x };
  }
}

/** provider → month → tally, for the providers in scope. */
async function tallies(db: Db, viewer: Viewer, only: string | null, start: Date, end: Date) {
  const [providers, rows] = await Promise.all([
    rowsOf<ProviderRow>(db, sql`select id, name from service_providers where ${providerScope(viewer, only)} order by name, id`),
    rowsOf<TallyRow>(db, tallyQuery(viewer, only, start, end)),
  ]);
  const byProvider = new Map<string, Map<string, ScorecardTally>>(providers.map((p) => [p.id, new Map()]));
  for (const row of rows) {
    const months = byProvider.get(row.provider);
    if (months) months.set(row.month, apply(months.get(row.month) ?? EMPTY_TALLY, row));
  }
  return { providers, byProvider };
}

const sumOf = (months: Map<string, ScorecardTally>): ScorecardTally => [...months.values()].reduce(addTallies, EMPTY_TALLY);

/** Every provider in the viewer's scope over the period, best first (compareScorecards). */
export async function scorecardRanking(db: Db, viewer: Viewer, start: Date, end: Date): Promise<ScorecardRanking> {
  const { providers, byProvider } = await tallies(db, viewer, null, start, end);
  const rows = providers
    .map((p) => ({ serviceProvider: p.id, name: p.name, ...figuresOf(sumOf(byProvider.get(p.id) ?? new Map<string, ScorecardTally>())) }))
    .sort(compareScorecards)
    .map((row, i) => ({ rank: i + 1, ...row }));
  return { start: start.toISOString(), end: end.toISOString(), rows };
}

/** One provider's scorecard, or null when it is not in the viewer's scope (the caller answers 404). */
export async function providerScorecard(db: Db, viewer: Viewer, provider: string, start: Date, end: Date): Promise<ProviderScorecard | null> {
  const { providers, byProvider } = await tallies(db, viewer, provider, start, end);
  const [found] = providers;
  if (!found) return null;
  const months = byProvider.get(found.id) ?? new Map<string, ScorecardTally>();
  return {
    serviceProvider: found.id,
    name: found.name,
    start: start.toISOString(),
    end: end.toISOString(),
    totals: figuresOf(sumOf(months)),
    months: monthsOfPeriod(start, end).map((month) => ({ month, ...figuresOf(months.get(month) ?? EMPTY_TALLY) })),
  };
}
