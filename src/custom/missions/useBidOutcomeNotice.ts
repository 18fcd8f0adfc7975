/**
 * A provider's notice of what became of its bid, from the live stream, said as 'Missão recebida'
 * is (announceMissionNotice): 'Proposta aceita: Missão #{id}' to the one whose proposal the risk
 * manager accepted, 'Outro fornecedor definido: Missão #{id}' to each one that bid and lost — the
 * event it hears says nothing of the winner (bidOutcome, src/domain/live). An event the server
 * sends again after a reconnection is announced once.
 */
import { useCallback, useRef } from 'react';
import { bidOutcome, type LiveMissionEvent } from '../../domain/live';
import { announceMissionNotice } from '../live/missionNotification';
import { oneMission } from './useNewMissionNotice';

export const BID_OUTCOME_TITLES = { won: 'Proposta aceita', lost: 'Outro fornecedor definido' } as const;

/** The handler of the missions screen's live events (useLiveMissions' onEvent). */
export function useBidOutcomeNotice(isProvider: boolean): (event: LiveMissionEvent) => void {
  const announced = useRef(new Set<string>());
  return useCallback(
    (event: LiveMissionEvent) => {
      const outcome = isProvider ? bidOutcome(event) : null;
      if (!outcome || announced.current.has(event.id)) return;
      announced.current.add(event.id);
      announceMissionNotice({
        title: BID_OUTCOME_TITLES[outcome],
        body: oneMission({ _id: event.mission, processNumber: event.processNumber }),
        // One per mission: the notice of one mission does not replace another's.
        tag: `proposta-${outcome}-${event.mission}`,
      });
    },
    [isProvider],
  );
}
