/**
 * Renders the open modal of the missions screen. The dialogs are fetched when first opened (the
 * confirmations, the forms, the proposals and the timeline are not needed to show the table), keeping the page's
 * JavaScript within the budget in docs/performance.md; the map inside them is a further chunk.
 */
import { lazy, Suspense } from 'react';
import type { CurrentUser } from '../../authProvider/useCurrentUser';
import type { MissionModal } from './missionModal';

const ConfirmMissionDialog = lazy(() => import('./ConfirmMissionDialog').then((m) => ({ default: m.ConfirmMissionDialog })));
const MissionMapDialog = lazy(() => import('./MissionMapDialog').then((m) => ({ default: m.MissionMapDialog })));
const MissionReportDialog = lazy(() => import('./MissionReportDialog').then((m) => ({ default: m.MissionReportDialog })));
const MissionTimeline = lazy(() => import('./MissionTimeline').then((m) => ({ default: m.MissionTimeline })));
const NewMissionDialog = lazy(() => import('./NewMissionDialog').then((m) => ({ default: m.NewMissionDialog })));
const ProposalFormDialog = lazy(() => import('./ProposalFormDialog').then((m) => ({ default: m.ProposalFormDialog })));
const TrackingLinkDialog = lazy(() => import('../tracking/TrackingLinkDialog').then((m) => ({ default: m.TrackingLinkDialog })));
const ProposalsDialog = lazy(() => import('./ProposalsDialog').then((m) => ({ default: m.ProposalsDialog })));

function ModalOf({ modal, user, onClose }: { modal: MissionModal; user: CurrentUser; onClose: () => void }) {
  switch (modal.kind) {
    case 'new':
      return <NewMissionDialog onClose={onClose} />;
    case 'confirm':
      return <ConfirmMissionDialog row={modal.row} action={modal.action} onClose={onClose} />;
    case 'proposals':
      return <ProposalsDialog row={modal.row} canAccept={user.role.type === 'risk_manager'} onClose={onClose} />;
    case 'proposalForm':
      return <ProposalFormDialog row={modal.row} draft={modal.draft} onClose={onClose} />;
    case 'map':
      return <MissionMapDialog row={modal.row} onClose={onClose} />;
    case 'timeline':
      return <MissionTimeline row={modal.row} onClose={onClose} />;
    case 'report':
      return <MissionReportDialog row={modal.row} user={user} onClose={onClose} />;
    case 'share':
      return <TrackingLinkDialog mission={modal.row} onClose={onClose} />;
  }
}

export function MissionModals({ modal, user, onClose }: { modal: MissionModal | null; user: CurrentUser; onClose: () => void }) {
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      <ModalOf modal={modal} user={user} onClose={onClose} />
    </Suspense>
  );
}
