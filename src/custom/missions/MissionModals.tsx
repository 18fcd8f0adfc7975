/** Renders the open modal of the missions screen. */
import type { CurrentUser } from '../../resources/framework/types';
import { ConfirmMissionDialog } from './ConfirmMissionDialog';
import type { MissionModal } from './missionModal';
import { MissionMapDialog } from './MissionMapDialog';
import { MissionTimeline } from './MissionTimeline';
import { NewMissionDialog } from './NewMissionDialog';
import { ProposalFormDialog } from './ProposalFormDialog';
import { ProposalsDialog } from './ProposalsDialog';

export function MissionModals({ modal, user, onClose }: { modal: MissionModal | null; user: CurrentUser; onClose: () => void }) {
  if (!modal) return null;
  switch (modal.kind) {
    case 'new':
      return <NewMissionDialog onClose={onClose} />;
    case 'confirm':
      return <ConfirmMissionDialog row={modal.row} action={modal.action} onClose={onClose} />;
    case 'proposals':
      return <ProposalsDialog row={modal.row} canAccept={user.role.type === 'risk_manager'} onClose={onClose} />;
    case 'proposalForm':
      return <ProposalFormDialog row={modal.row} onClose={onClose} />;
    case 'map':
      return <MissionMapDialog row={modal.row} onClose={onClose} />;
    case 'timeline':
      return <MissionTimeline row={modal.row} onClose={onClose} />;
  }
}
