/**
 * A provider's notice of what became of its bid, said as 'Missão recebida' is
 * (announceMissionNotice): 'Proposta aceita: Missão #{id}' to the one whose proposal the risk
 * manager accepted, 'Outro fornecedor definido: Missão #{id}' to each one that bid and lost — what
 * it hears says nothing of the winner (src/domain/live). Heard from the live stream and, when the
 * stream is down, from the polls (a row that turned 'rejected' or gained a holder); both paths and
 * the server's replay after a reconnection tell the same outcome, announced once per mission.
 */
import { useMemo, useRef } from 'react';
import { bidOutcome, bidOutcomeOfRows, type LiveMissionEvent } from '../../domain/live';
import type { MissionRow } from '../../domain/missions';
import { announceMissionNotice } from '../live/missionNotification';
import { oneMission } from './useNewMissionNotice';
import type { MissionMove } from './useMissionsMonitoring';

export const BID_OUTCOME_TITLES = { won: 'Proposta aceita', lost: 'Outro fornecedor definido' } as const;

type Outcome = keyof typeof BID_OUTCOME_TITLES;

/**
 * The missions screen's handlers: `onEvent` for its live events (useLiveMissions' onEvent),
 * `onMoves` for the rows its polls saw change (useMissionsMonitoring's `moved`).
 */
export function useBidOutcomeNotice(isProvider: boolean) {
  const announced = useRef(new Set<string>());
  return useMemo(() => {
    const announce = (outcome: Outcome | null, mission: Pick<MissionRow, '_id' | 'processNumber'>) => {
      const key = `${outcome}-${mission._id}`;
      if (!isProvider || !outcome || announced.current.has(key)) return;
      announced.current.add(key);
      announceMissionNotice({
        title: BID_OUTCOME_TITLES[outcome],
        body: oneMission(mission),
        // One per mission: the notice of one mission does not replace another's.
        tag: `proposta-${key}`,
      });
    };
    return {
      onEvent: (event: LiveMissionEvent) => announce(bidOutcome(event), { _id: event.mission, processNumber: event.processNumber }),
      onMoves: (moved: MissionMove[]) => {
        for (const { before, after } of moved) announce(bidOutcomeOfRows(before, after), after);
      },
    };
  }, [isProvider]);
}
