import { sql } from 'drizzle-orm';
import {
  complianceOf,
  holderStatus,
  PROVIDER_SLA_PHASES,
  phaseOfBreach,
  SLA_PHASE_LABELS,
  SLA_PHASES,
  slaSeenByHolder,
  slaVerdicts,
  type SlaPhase,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import type { DashboardSla, DashboardSlaRow } from '../../src/domain/reports/dashboard';
import type { Db } from '../db/client';
import { missions, serviceProviders, shippers } from '../db/schema';
import { SLA_SELECT, slaOf, type SlaRaw } from '../missions/slaColumns';
import { rowsOf, type Viewer } from '../missions/viewer';

/**
 * The dashboard's SLA compliance: each of the period's missions (creation date, the dashboard's
 * scope) judged by the one rule of src/domain/missions/sla.ts at `now`, plus the breaches already
 * on its timeline, then counted per phase, per provider and per shipper. The rule runs here in
 * JavaScript rather than in SQL so that the dashboard, the monitoring clocks and the recorded
 * breaches never disagree; the rows read are narrow (moments, two names, the breach actions).
 *
 * A provider (competition rule) counts only the missions it holds, and only the phases it answers
 * for (PROVIDER_SLA_PHASES): the others' moments are blanked as on its monitoring rows.
 */

interface ComplianceRow extends SlaRaw {
  id: string;
  status: StoredMissionStatus;
  created_at: Date | string;
  shipper_id: string;
  shipper_name: string;
  service_provider_id: string | null;
  service_provider_name: string | null;
  breaches: string[] | null;
}

class Tally {
  private readonly lines = new Map<string, { name: string; met: number; breached: number }>();
  add(key: string, name: string, verdict: 'met' | 'breached') {
    const line = this.lines.get(key) ?? { name, met: 0, breached: 0 };
    line[verdict] += 1;
    this.lines.set(key, line);
  }
  rows(): DashboardSlaRow[] {
    return [...this.lines.entries()].map(([key, { name, met, breached }]) => ({ key, name, ...complianceOf(met, breached) }));
  }
}

const byName = (a: DashboardSlaRow, b: DashboardSlaRow) => a.name.localeCompare(b.name, 'pt-BR');

export async function slaCompliance(db: Db, viewer: Viewer, start: Date, end: Date, now: Date): Promise<DashboardSla> {
  const tenancy =
    viewer.kind === 'all'
      ? sql`true`
      : viewer.kind === 'tenant'
        ? sql`${missions.riskManager} = ${viewer.riskManager}`
        : sql`${missions.riskManager} = ${viewer.riskManager} and ${missions.serviceProvider} = ${viewer.provider}`;
  const rows = await rowsOf<ComplianceRow>(
    db,
    sql`select ${missions.id}, ${missions.status}, ${missions.createdAt}, ${missions.shipper},
        (select ${shippers.name} from ${shippers} where ${shippers.id} = ${missions.shipper}) as shipper_name,
        ${missions.serviceProvider},
        (select ${serviceProviders.name} from ${serviceProviders} where ${serviceProviders.id} = ${missions.serviceProvider}) as service_provider_name,
        ${SLA_SELECT},
        array(select action from mission_events e where e.mission_id = ${missions.id} and e.action like 'sla_breached_%') as breaches
      from ${missions}
      where ${tenancy} and ${missions.createdAt} >= ${start} and ${missions.createdAt} <= ${end}`,
  );
  const holder = viewer.kind === 'provider';
  const phasesSeen: readonly SlaPhase[] = holder ? PROVIDER_SLA_PHASES : SLA_PHASES;
  const perPhase = new Tally();
  const perProvider = new Tally();
  const perShipper = new Tally();
  for (const row of rows) {
    const sla = holder ? slaSeenByHolder(slaOf(row)) : slaOf(row);
    const status = holder ? holderStatus(row.status) : row.status;
    const recorded = (row.breaches ?? []).flatMap((action) => phaseOfBreach(action) ?? []).filter((phase) => phasesSeen.includes(phase));
    const verdicts = slaVerdicts({ status, createdAt: new Date(row.created_at).toISOString(), sla }, recorded, now.getTime());
    for (const phase of phasesSeen) {
      const verdict = verdicts[phase];
      if (!verdict) continue;
      perPhase.add(phase, SLA_PHASE_LABELS[phase], verdict);
      perShipper.add(row.shipper_id, row.shipper_name, verdict);
      if (row.service_provider_id && PROVIDER_SLA_PHASES.includes(phase)) {
        perProvider.add(row.service_provider_id, row.service_provider_name ?? '', verdict);
      }
    }
  }
  const phaseRows = perPhase.rows();
  return {
    // Every phase the viewer may see, in order, measured or not (a table with a steady shape).
    byPhase: phasesSeen.map(
      (phase) => phaseRows.find((r) => r.key === phase) ?? { key: phase, name: SLA_PHASE_LABELS[phase], ...complianceOf(0, 0) },
    ),
    byProvider: perProvider.rows().sort(byName),
    byShipper: perShipper.rows().sort(byName),
  };
}
