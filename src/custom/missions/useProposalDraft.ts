import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { OutboxDraftState } from '../../layout/OutboxProvider';
import { useMissionRow } from '../missionDetails/useMissionDetails';
import type { MissionModal } from './missionModal';

/**
 * A proposal the server refused during a replay, taken back to be edited ('Editar' in the outbox's
 * notice, docs/rules/field-app.md): the missions screen opens its form again, filled with what was
 * typed, once the mission's row is read.
 */
export function useProposalDraft(open: (modal: MissionModal) => void): void {
  const location = useLocation();
  const draft = (location.state as Partial<OutboxDraftState> | null)?.outboxDraft;
  const proposal = draft?.kind === 'proposal' ? draft : null;
  const row = useMissionRow(proposal?.missionId ?? '', proposal !== null);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (!proposal || !row.data || opened.current === location.key) return;
    opened.current = location.key;
    open({ kind: 'proposalForm', row: row.data, draft: proposal.values });
  }, [proposal, row.data, location.key, open]);
}
