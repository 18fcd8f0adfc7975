import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { missions } from '../db/schema';
import type { EventActor } from '../missions/events';
import { rowsOf } from '../missions/viewer';
import { raiseAlarm } from './store';
import { lastTeamFix } from './teamPosition';

/**
 * Check-in (docs/rules/alarms.md): a started mission whose team sent no position and did nothing
 * (no chat message, no item, reading, attachment, finish request, SOS…) for the tenant's 'Minutos
 * sem sinal' raises 'Equipe sem sinal há N min' for the risk manager, as an SOS does. Off while the
 * tenant leaves the minutes empty (the default).
 *
 * Once per silence: a silence alarm raised after the team's last sign of life is that silence's;
 * the next one needs the team to be heard from and fall silent again. The raiser locks the mission
 * row and judges again after the lock, and the open-alarm index refuses a second open one, so two
 * instances sweeping at once raise one.
 */

/** The server's own name on the timeline and on the alarm. */
export const CHECK_IN_ACTOR: EventActor = { id: null, name: 'Monitor de check-in', role: { type: 'admin', perfil: 'admin' } };

/**
 * The team's last sign of life on a mission: its acceptance, the last position of the holder's
 * devices since (by arrival at the server: a queue sent after a stretch without signal is a sign
 * of life), the last event its users wrote, the last chat message they sent.
 */
const lastSign = sql`greatest(
    m.sla_accepted_at,
    (select max(p.received_at) from positions p join tracker_devices d on d.key = p.device_key
      where d.service_provider_id = m.service_provider_id and p.fixed_at >= m.sla_accepted_at - interval '1 day' and p.received_at >= m.sla_accepted_at),
    (select max(e.created_at) from mission_events e where e.mission_id = m.id and e.role_type = 'service_provider'),
    (select max(mm.created_at) from mission_messages mm where mm.mission_id = m.id and mm.sender_role = 'service_provider'))`;

interface SilentRow {
  id: string;
  holder: string;
  since: Date | string | null;
  minutes: number;
}

/** The started missions silent for their tenant's minutes with no silence alarm since the last sign (one mission, or all). */
const silent = (db: Db, now: Date, only: string | null) =>
  rowsOf<SilentRow>(
    db,
    sql`select m.id, m.service_provider_id as holder, m.sla_accepted_at as since, c.alarms_silence_minutes as minutes
      from missions m join mission_configs c on c.risk_manager_id = m.risk_manager_id
      cross join lateral (select ${lastSign} as at) sign
      where m.status = 'started' and m.service_provider_id is not null and c.alarms_silence_minutes is not null
        ${only === null ? sql`` : sql`and m.id = ${only}`}
        and sign.at + c.alarms_silence_minutes * interval '1 minute' <= ${now}
        and not exists (select 1 from mission_alarms a where a.mission_id = m.id and a.kind = 'silence' and a.raised_at >= sign.at)`,
  );

/** One pass: raises the silence alarms due at `now`; answers how many. */
export async function raiseSilenceAlarms(db: Db, now: Date): Promise<number> {
  let raised = 0;
  for (const candidate of await silent(db, now, null)) {
    const wrote = await db.transaction(async (tx) => {
      await tx.select({ id: missions.id }).from(missions).where(eq(missions.id, candidate.id)).for('update', { of: missions });
      // Judged again after the lock, in a statement of its own: the team may have been heard from, or another instance raised it.
      const [row] = await silent(tx, now, candidate.id);
      if (!row) return false;
      const where = await lastTeamFix(tx, row.holder, row.since === null ? null : new Date(row.since));
      const result = await raiseAlarm(tx, row.holder, { mission: row.id, kind: 'silence', actor: CHECK_IN_ACTOR, where, silenceMinutes: row.minutes }, now);
      return result.raised;
    });
    if (wrote) raised++;
  }
  return raised;
}
