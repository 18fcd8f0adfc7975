/**
 * SOS and check-in (docs/rules/alarms.md; base /api/missions) as typed extra methods of the data
 * provider (see missionsApi.ts for why they are flat), made from their contracts
 * (src/domain/alarms/contracts.ts).
 *
 * | method           | call                                                     |
 * |------------------|----------------------------------------------------------|
 * | raiseSos         | POST {id}/sos {latitude, longitude} → Alarm (Idempotency-Key: the outbox's) |
 * | sosState         | GET {id}/sos → SosState (the holder's SOS, the emergency phone) |
 * | openAlarms       | GET alarms → Alarm[] (the risk manager's open alarms)    |
 * | acknowledgeAlarm | POST alarms/{id}/acknowledge → Alarm ('Ciente')          |
 */
import { ALARM_CONTRACTS } from '../domain/alarms/contracts';
import type { SosRaiseValues } from '../domain/schemas/sosRaise';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createAlarmsApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    raiseSos: (missionId: string, where: SosRaiseValues, idempotencyKey?: string) =>
      call(ALARM_CONTRACTS.raise, { params: { id: missionId }, body: where, idempotencyKey }),
    sosState: (missionId: string, signal?: AbortSignal) => call(ALARM_CONTRACTS.sosState, { params: { id: missionId }, signal }),
    openAlarms: (signal?: AbortSignal) => call(ALARM_CONTRACTS.open, { signal }),
    acknowledgeAlarm: (id: string) => call(ALARM_CONTRACTS.acknowledge, { params: { id }, body: {} }),
  };
}

export type AlarmsApi = ReturnType<typeof createAlarmsApi>;
