import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { startPeriodicPass, type PassLog } from '../shared/periodicPass';
import { escalateAlarms } from './escalation';
import { raiseSilenceAlarms } from './silence';

/** How often each instance looks for SOS to e-mail and for silent teams: well inside a minute, the settings' unit. */
export const ALARM_SWEEP_INTERVAL_MS = 20_000;

/**
 * The alarms' two passes (docs/rules/alarms.md), on every instance: the escalation e-mail of an SOS
 * left without 'Ciente', and the check-in's 'Equipe sem sinal'. Answers the function that stops both.
 */
export function startAlarmSweeps(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  log: PassLog,
  now: () => Date = () => new Date(),
  intervalMs = ALARM_SWEEP_INTERVAL_MS,
): () => Promise<void> {
  const stops = [
    startPeriodicPass({
      run: () => escalateAlarms(deps.db, deps.mailer, deps.publicUrl, now()),
      intervalMs,
      log,
      done: 'SOS sem resposta enviados por e-mail',
      failed: 'escalonamento de SOS falhou',
    }),
    startPeriodicPass({
      run: () => raiseSilenceAlarms(deps.db, now()),
      intervalMs,
      log,
      done: 'equipes sem sinal alertadas',
      failed: 'verificação de equipes sem sinal falhou',
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
