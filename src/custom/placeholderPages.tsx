/** Screens of the protected area that later issues fill; each carries its route under /home. */
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { ChatPage } from './chat/ChatPage';
import { ComingSoon } from './ComingSoon';
import { MenuGuard } from './MenuGuard';
import { MissionDetailsPage } from './missionDetails/MissionDetailsPage';
import { withPath } from './pageTypes';

export const MISSIONS_PATH = '/home/missions';
export const REPORTS_PATH = '/home/reports';

/**
 * /home/missions and its sub-screens. Spec 2: billing without a billing type (or with one that is
 * neither shipper nor serviceProvider) redirects to /home/missions.
 */
export const MissionsPlaceholder = withPath(
  () => (
    <MenuGuard to={MISSIONS_PATH}>
      <Routes>
        <Route path=":missionId/billing" element={<Navigate to={MISSIONS_PATH} replace />} />
        <Route path=":missionId/billing/:billingType" element={<BillingTypeGuard />} />
        <Route path=":missionId/details/:missionStatus" element={<MissionDetailsPage />} />
        <Route path=":missionId/chat/:missionStatus" element={<ChatPage />} />
        <Route
          path="*"
          element={<ComingSoon title="Missões" description="Aqui ficará a tabela de missões, com propostas, detalhes, chat e faturamento." />}
        />
      </Routes>
    </MenuGuard>
  ),
  'missions/*',
);

const BILLING_TYPES = new Set(['shipper', 'serviceProvider']);

function BillingTypeGuard() {
  const { billingType = '' } = useParams();
  if (!BILLING_TYPES.has(billingType)) return <Navigate to={MISSIONS_PATH} replace />;
  return <ComingSoon title="Faturamento" description="Aqui ficará o faturamento da missão para o embarcador ou a prestadora." />;
}

export const ReportsPlaceholder = withPath(
  () => (
    <MenuGuard to={REPORTS_PATH}>
      <ComingSoon title="Relatórios" description="Aqui ficará o relatório de missões, com filtros e extração em Excel." />
    </MenuGuard>
  ),
  'reports',
);
