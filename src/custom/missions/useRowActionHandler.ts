/**
 * What a row action does: open its modal, go to its screen (details, chat, billing) or,
 * for the search notice, write at once with the product's toasts (docs/rules/missions.md: launching a
 * search notice
 * creates a pending proposal; when the provider has one, the same place removes it).
 */
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AppDataProvider } from '../../dataProvider';
import { MISSIONS_BASE } from '../../domain/navigation';
import {
  PROPOSAL_NOTICE_FAILED,
  PROPOSAL_NOTICE_LAUNCHING,
  PROPOSAL_NOTICE_SENT,
  PROPOSAL_REMOVED,
  PROPOSAL_REMOVE_FAILED,
  PROPOSAL_REMOVING,
  type MissionRow,
  type RowAction,
} from '../../domain/missions';
import type { MissionModal } from './missionModal';
import { useOutboxSubmit } from '../../layout/OutboxProvider';
import { isConfirmedAction, missionReference } from './rowActionLabels';
import { useMissionMutation } from './useMissionMutation';


export function useRowActionHandler(open: (modal: MissionModal) => void) {
  const navigate = useNavigate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = useOutboxSubmit();
  // A search notice launched without signal waits on the device (docs/rules/field-app.md).
  const notice = useMissionMutation((row: MissionRow) => submit({ kind: 'searchNotice', missionId: row._id, reference: missionReference(row) }));
  const removal = useMissionMutation((proposalId: string, idempotencyKey) => dataProvider.deleteProposal(proposalId, { idempotencyKey }));

  const go = (path: string) => void navigate(path);

  /** The actions that write at once wait while one of them is in flight (one request per click). */
  const isBusy = (action: RowAction) => (action === 'searchProvider' || action === 'cancelSearch') && (notice.pending || removal.pending);

  const handle = (row: MissionRow, action: RowAction): void => {
    const base = `${MISSIONS_BASE}/${row._id}`;
    if (isConfirmedAction(action)) {
      open({ kind: 'confirm', row, action });
      return;
    }
    switch (action) {
      case 'map':
      case 'proposals':
      case 'timeline':
      case 'report':
      case 'share':
        open({ kind: action, row });
        break;
      case 'sendProposal':
        open({ kind: 'proposalForm', row });
        break;
      case 'searchProvider':
        if (!isBusy(action)) void notice.run(row, { loading: PROPOSAL_NOTICE_LAUNCHING, success: PROPOSAL_NOTICE_SENT, failure: PROPOSAL_NOTICE_FAILED });
        break;
      case 'cancelSearch':
        if (row.ownProposal && !isBusy(action)) {
          void removal.run(row.ownProposal._id, { loading: PROPOSAL_REMOVING, success: PROPOSAL_REMOVED, failure: PROPOSAL_REMOVE_FAILED });
        }
        break;
      case 'details':
        go(`${base}/details/${row.status}`);
        break;
      case 'chat':
        go(`${base}/chat/${row.status}`);
        break;
      case 'billingShipper':
        go(`${base}/billing/shipper`);
        break;
      case 'billingProvider':
        go(`${base}/billing/serviceProvider`);
        break;
    }
  };
  return { handle, isBusy };
}
