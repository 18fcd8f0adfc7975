import { ALARM_CONTRACTS } from '../../src/domain/alarms/contracts';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import { acknowledgeAlarm, openAlarms, raiseSos, sosState } from './store';

/** SOS and check-in (docs/rules/alarms.md, base /api/missions): the holder's SOS, the risk manager's open alarms and 'Ciente'. */
export function alarmHandlers({ db, now }: FeatureDeps) {
  return {
    raise: serves(ALARM_CONTRACTS.raise, (request) => raiseSos(db, currentUser(request), request.params.id, request.body, now())),
    sosState: serves(ALARM_CONTRACTS.sosState, (request) => sosState(db, currentUser(request), request.params.id)),
    open: serves(ALARM_CONTRACTS.open, (request) => openAlarms(db, currentUser(request))),
    acknowledge: serves(ALARM_CONTRACTS.acknowledge, (request) => acknowledgeAlarm(db, currentUser(request), request.params.id, now())),
  };
}
