import { sql } from 'drizzle-orm';
import type { MissionSla } from '../../src/domain/missions';
import { missionConfigs, missions } from '../db/schema';
import { isoOf } from './viewer';

/**
 * The kept estimate belongs to the current acceptance: one from before it (the mission reopened and
 * accepted again, perhaps by another provider) is no one's any more.
 */
export const LIVE_ETA_IS_CURRENT = sql`${missions.liveEtaFixAt} >= ${missions.slaAcceptedAt}`;

/**
 * The SLA inputs of the current `missions` row as raw-query columns (sla_*), its tenant's targets
 * read by the unique risk_manager_id of mission_configs: part of the row's one query, never a query
 * per row. The live arrival estimate is a column of the row too (written as positions arrive), so
 * the arrival clock's forecast costs the monitoring poll nothing more. Shared by the monitoring rows, the breach sweep and the dashboard.
 */
export const SLA_SELECT = sql`${missions.slaFirstProposalAt} as sla_first_proposal_at, ${missions.slaAcceptedAt} as sla_accepted_at,
  ${missions.slaEtaMinutes} as sla_eta_minutes, case when ${LIVE_ETA_IS_CURRENT} then ${missions.liveEtaArrivalAt} end as sla_live_arrival_at, ${missions.slaArrivedAt} as sla_arrived_at,
  ${missions.slaFinishedAt} as sla_finished_at, ${missions.slaBilledAt} as sla_billed_at,
  (select json_build_object('proposal', ${missionConfigs.slaProposal}, 'accept', ${missionConfigs.slaAccept},
    'arrival', ${missionConfigs.slaArrival}, 'execution', ${missionConfigs.slaExecution}, 'billing', ${missionConfigs.slaBilling})
    from ${missionConfigs} where ${missionConfigs.riskManager} = ${missions.riskManager}) as sla_targets`;

export interface SlaRaw {
  sla_first_proposal_at: Date | string | null;
  sla_accepted_at: Date | string | null;
  sla_eta_minutes: number | null;
  sla_live_arrival_at: Date | string | null;
  sla_arrived_at: Date | string | null;
  sla_finished_at: Date | string | null;
  sla_billed_at: Date | string | null;
  /** json_build_object: an object on both drivers; null when the tenant never had parameters. */
  sla_targets: Partial<MissionSla['targets']> | string | null;
}

const instant = (value: Date | string | null) => (value === null ? null : isoOf(value));
const minutesOr = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

export function slaOf(row: SlaRaw): MissionSla {
  const raw = typeof row.sla_targets === 'string' ? (JSON.parse(row.sla_targets) as Partial<MissionSla['targets']>) : row.sla_targets;
  return {
    firstProposalAt: instant(row.sla_first_proposal_at),
    acceptedAt: instant(row.sla_accepted_at),
    etaMinutes: row.sla_eta_minutes === null ? null : Number(row.sla_eta_minutes),
    liveArrivalAt: instant(row.sla_live_arrival_at),
    arrivedAt: instant(row.sla_arrived_at),
    finishedAt: instant(row.sla_finished_at),
    billedAt: instant(row.sla_billed_at),
    targets: {
      proposal: minutesOr(raw?.proposal),
      accept: minutesOr(raw?.accept),
      arrival: minutesOr(raw?.arrival),
      execution: minutesOr(raw?.execution),
      billing: minutesOr(raw?.billing),
    },
  };
}
