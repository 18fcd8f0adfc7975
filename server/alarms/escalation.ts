import { sql } from 'drizzle-orm';
import { parseEmailList } from '../../src/domain/alarms';
import { coordinatesText } from '../../src/domain/positions/presence';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { rowsOf } from '../missions/viewer';

/**
 * An alarm nobody pressed 'Ciente' on within the tenant's 'Minutos para escalonar' is e-mailed to the
 * tenant's 'E-mails para escalonamento' (docs/rules/alarms.md), once: an SOS, and a check-in's
 * 'Equipe sem sinal', which reaches the risk manager the same way.
 *
 * Exactly once, also with several instances: each due alarm is taken FOR UPDATE SKIP LOCKED (another
 * instance's pass skips it), the mail is sent and escalated_at written in that same transaction, so
 * an alarm is e-mailed again only when the transaction never committed (the mail server refused,
 * the instance died): that one is retried at the next pass rather than lost. A 'Ciente' meanwhile
 * waits for the lock and then finds it escalated; one before the pass leaves nothing to send.
 */

interface DueRow {
  id: string;
  kind: 'sos' | 'silence';
  silence_minutes: number | null;
  mission: string;
  process_number: string | null;
  raised_at: Date | string;
  raised_by_name: string;
  latitude: number | null;
  longitude: number | null;
  emails: string | null;
  holder_name: string | null;
}

/** The due alarms, each locked for this transaction (one at a time, so a slow mail server holds one row). */
const due = (tx: Db, now: Date) =>
  rowsOf<DueRow>(
    tx,
    sql`select a.id, a.kind, a.silence_minutes, a.mission_id as mission, m.process_number, a.raised_at, a.raised_by_name, a.latitude, a.longitude,
        c.alarms_emails as emails, sp.name as holder_name
      from mission_alarms a
      join missions m on m.id = a.mission_id
      join mission_configs c on c.risk_manager_id = m.risk_manager_id
      left join service_providers sp on sp.id = m.service_provider_id
      where a.acknowledged_at is null and a.escalated_at is null
        and a.raised_at + c.alarms_escalate_minutes * interval '1 minute' <= ${now}
      order by a.raised_at
      limit 1
      for update of a skip locked`,
  );

export function escalationMail(row: DueRow, publicUrl: string): { subject: string; text: string } {
  const mission = row.process_number ?? row.mission;
  const where = row.latitude !== null && row.longitude !== null ? coordinatesText({ latitude: row.latitude, longitude: row.longitude }) : 'sem posição conhecida';
  const raised = new Date(row.raised_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  const opening =
    row.kind === 'sos'
      ? `A equipe ${row.holder_name ?? ''} acionou o SOS na missão #${mission} às ${raised} (por ${row.raised_by_name}) e ninguém marcou 'Ciente' até agora.`
      : `A equipe ${row.holder_name ?? ''} da missão #${mission} está sem sinal há ${row.silence_minutes ?? '?'} min (alerta das ${raised}) e ninguém marcou 'Ciente' até agora.`;
  return {
    subject: `${row.kind === 'sos' ? 'SOS sem resposta' : 'Equipe sem sinal sem resposta'} — Missão #${mission}`,
    text: [opening, `Última posição: ${where}.`, `Abra a missão: ${publicUrl}/home/missions`].join('\n'),
  };
}

/** One pass: e-mails every due alarm; answers how many were escalated. */
export async function escalateAlarms(db: Db, mailer: Mailer, publicUrl: string, now: Date): Promise<number> {
  let escalated = 0;
  for (;;) {
    const sent = await db.transaction(async (tx) => {
      const [row] = await due(tx, now);
      if (!row) return null;
      const to = parseEmailList(row.emails ?? '');
      // Nobody to write to: recorded as escalated all the same, so it is not looked at every pass.
      if (to.length > 0) await mailer.send({ to: to.join(', '), ...escalationMail(row, publicUrl) });
      await tx.execute(sql`update mission_alarms set escalated_at = ${now} where id = ${row.id}`);
      return row.id;
    });
    if (sent === null) return escalated;
    escalated++;
  }
}
