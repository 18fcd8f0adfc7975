import { sql, type SQL } from 'drizzle-orm';
import { MISSION_STATUS_LABELS, STORED_MISSION_STATUSES, type StoredMissionStatus } from '../../src/domain/missions/statuses';
import { holderStatus } from '../../src/domain/missions/competition';
import type { Dashboard, DashboardCost, DashboardProviderRow } from '../../src/domain/reports/dashboard';
import type { Db } from '../db/client';
import { rowsOf, type Viewer } from '../missions/viewer';
import { slaCompliance } from './slaCompliance';

/**
 * The dashboard's figures, each one GROUP BY over the period's missions (never their rows).
 *
 * The period is the missions' creation date. Whose missions: every tenant's for admins, the
 * tenant's for its users, and for a provider only the missions it holds (not the open ones it may
 * bid on, nor those it lost) — so its ranking has its own row only and its costs are its own side.
 *
 * Times come from the audit trail (mission_events): open → accepted is creation → the first
 * 'accepted' event (a reopened mission keeps its first), open → finished the same with 'finished'.
 * The ranking's acceptance time is the holder's own acceptance (the last 'accepted' naming it).
 *
 * ETA kept: a provider's proposal promises its team on place `eta` (hh:mm) after it is accepted —
 * its team does not leave before — so the promise is the holder's acceptance + the approved
 * proposal's eta, and it is kept when the first agent's arrivalOnPlace reading is at or before it.
 * Missions without an approved eta or without any agent arrival are not measurable and count in
 * neither side of the rate.
 */

/** The period's missions the viewer may count, as (id, status, shipper_id, service_provider_id, created_at). */
function scopedMissions(viewer: Viewer, start: Date, end: Date): SQL {
  const tenancy =
    viewer.kind === 'all'
      ? sql`true`
      : viewer.kind === 'tenant'
        ? sql`risk_manager_id = ${viewer.riskManager}`
        : sql`risk_manager_id = ${viewer.riskManager} and service_provider_id = ${viewer.provider}`;
  return sql`select id, status, shipper_id, service_provider_id, created_at from missions
    where ${tenancy} and created_at >= ${start} and created_at <= ${end}`;
}

/** Per mission of the period: its first acceptance, its holder's acceptance and its first finish. */
export const MILESTONES = sql`select m.id,
    min(e.created_at) filter (where e.action = 'accepted') as first_accepted,
    max(e.created_at) filter (where e.action = 'accepted' and e.service_provider_id = m.service_provider_id) as holder_accepted,
    min(e.created_at) filter (where e.action = 'finished') as first_finished
  from m join mission_events e on e.mission_id = m.id and e.action in ('accepted', 'finished')
  group by m.id`;

export const minutesBetween = (from: string, to: string) => sql.raw(`extract(epoch from (${to} - ${from}))::float8 / 60`);

/** The holder's promised and actual arrival; text values checked before the casts so a bad one is unmeasurable, not a 500. */
export const ARRIVALS = sql`select m.id,
    (select t.holder_accepted + p.eta_time::interval from proposals p
      where p.mission_id = m.id and p.service_provider_id = m.service_provider_id and p.status = 'approved'
        and p.eta_time ~ '^[0-9]{1,2}:[0-5][0-9]$' limit 1) as promised,
    (select min((a.odometer -> 'arrivalOnPlace' ->> 'time')::timestamptz) from mission_agents a
      where a.mission_id = m.id and (a.odometer -> 'arrivalOnPlace' ->> 'time') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T') as arrived
  from m join t on t.id = m.id
  where m.service_provider_id is not null`;

interface StatusRow { status: StoredMissionStatus; count: number }
interface AverageRow { accepted: number | null; finished: number | null }
interface CostRow { month: string; shipper: string; shipper_name: string; total: string | number }
interface RankRow { provider: string; name: string; missions: number; avg_accept: number | null; measured: number; kept: number }

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export async function dashboardFigures(db: Db, viewer: Viewer, start: Date, end: Date, now: Date): Promise<Dashboard> {
  const m = scopedMissions(viewer, start, end);
  const withMissions = (body: SQL) => sql`with m as (${m}), t as (${MILESTONES}) ${body}`;

  const statusRows = await rowsOf<StatusRow>(db, sql`with m as (${m}) select status, count(*)::int as count from m group by status`);

  const [averages] = await rowsOf<AverageRow>(
    db,
    withMissions(sql`select avg(${minutesBetween('m.created_at', 't.first_accepted')}) as accepted,
      avg(${minutesBetween('m.created_at', 't.first_finished')}) as finished
      from m join t on t.id = m.id`),
  );

  // A provider sees what it is paid (its own side); the others what the shippers pay.
  const side = viewer.kind === 'provider' ? 'serviceProvider' : 'shipper';
  const sideCompany = viewer.kind === 'provider' ? sql` and b.company_id = ${viewer.provider}` : sql``;
  const costRows = await rowsOf<CostRow>(
    db,
    sql`with m as (${m})
      select to_char(b.mission_created_at at time zone 'America/Sao_Paulo', 'YYYY-MM') as month,
        m.shipper_id as shipper, s.name as shipper_name, sum(b.final_cost_cents)::bigint as total
      from m join mission_billings b on b.mission_id = m.id and b.type = ${side}${sideCompany} and b.status <> 'created'
        join shippers s on s.id = m.shipper_id
      group by 1, m.shipper_id, s.name
      order by 1, s.name`,
  );

  const rankRows = await rowsOf<RankRow>(
    db,
    withMissions(sql`, arrivals as (${ARRIVALS})
      select m.service_provider_id as provider, sp.name, count(*)::int as missions,
        avg(${minutesBetween('m.created_at', 't.holder_accepted')}) as avg_accept,
        count(*) filter (where a.promised is not null and a.arrived is not null)::int as measured,
        count(*) filter (where a.arrived <= a.promised)::int as kept
      from m join service_providers sp on sp.id = m.service_provider_id
        left join t on t.id = m.id
        left join arrivals a on a.id = m.id
      group by m.service_provider_id, sp.name`),
  );

  // A provider counts its missions by the status it sees (competition.ts): the shipper's billing is not its business.
  const seen = viewer.kind === 'provider' ? holderStatus : (status: StoredMissionStatus) => status;
  const counts = new Map<StoredMissionStatus, number>();
  for (const r of statusRows) counts.set(seen(r.status), (counts.get(seen(r.status)) ?? 0) + Number(r.count));
  const costPerShipper: DashboardCost[] = costRows.map((r) => ({
    month: r.month,
    shipper: r.shipper,
    shipperName: r.shipper_name,
    totalCents: Number(r.total),
  }));
  const providerRanking: DashboardProviderRow[] = rankRows
    .map((r) => ({
      serviceProvider: r.provider,
      name: r.name,
      missions: Number(r.missions),
      avgAcceptMinutes: num(r.avg_accept),
      etaKeptRate: Number(r.measured) === 0 ? null : Number(r.kept) / Number(r.measured),
    }))
    .sort(byRanking);

  return {
    start: start.toISOString(),
    end: end.toISOString(),
    statusCounts: STORED_MISSION_STATUSES.filter((status) => seen(status) === status).map((status) => ({
      status,
      label: MISSION_STATUS_LABELS[status],
      count: counts.get(status) ?? 0,
    })),
    averages: { openToAcceptedMinutes: num(averages?.accepted ?? null), openToFinishedMinutes: num(averages?.finished ?? null) },
    costSide: side,
    costPerShipper,
    providerRanking,
    sla: await slaCompliance(db, viewer, start, end, now),
  };
}

/** Fastest acceptance first (unknown last), then the better ETA record, then more missions, then name. */
function byRanking(a: DashboardProviderRow, b: DashboardProviderRow): number {
  const accept = (a.avgAcceptMinutes ?? Infinity) - (b.avgAcceptMinutes ?? Infinity);
  if (accept !== 0 && !Number.isNaN(accept)) return accept;
  const eta = (b.etaKeptRate ?? -1) - (a.etaKeptRate ?? -1);
  if (eta !== 0) return eta;
  return b.missions - a.missions || a.name.localeCompare(b.name, 'pt-BR');
}
