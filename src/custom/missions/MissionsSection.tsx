/**
 * /home/missions and its sub-screens. The table is loaded lazily (its own chunk, maps in yet
 * another), as are the details and chat screens (issue 9); billing without a billing type (or with
 * one that is neither shipper nor serviceProvider) redirects to /home/missions (spec 2).
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { Spinner } from '../../resources/framework/Spinner';
import { ComingSoon } from '../ComingSoon';
import { MenuGuard } from '../MenuGuard';
import { withPath } from '../pageTypes';
import { MISSIONS_BASE } from './useRowActionHandler';

const MissionsScreen = lazy(() => import('./MissionsScreen'));
const MissionDetailsPage = lazy(() => import('../missionDetails/MissionDetailsPage').then((m) => ({ default: m.MissionDetailsPage })));
const ChatPage = lazy(() => import('../chat/ChatPage').then((m) => ({ default: m.ChatPage })));

const BILLING_TYPES = new Set(['shipper', 'serviceProvider']);

function BillingTypeGuard() {
  const { billingType = '' } = useParams();
  if (!BILLING_TYPES.has(billingType)) return <Navigate to={MISSIONS_BASE} replace />;
  return <ComingSoon title="Faturamento" description="Aqui ficará o faturamento da missão para o embarcador ou a prestadora." />;
}

export const MissionsSection = withPath(
  () => (
    <MenuGuard to={MISSIONS_BASE}>
      <Routes>
        <Route
          index
          element={
            <Suspense fallback={<Spinner />}>
              <MissionsScreen />
            </Suspense>
          }
        />
        <Route path=":missionId/billing" element={<Navigate to={MISSIONS_BASE} replace />} />
        <Route path=":missionId/billing/:billingType" element={<BillingTypeGuard />} />
        <Route
          path=":missionId/details/:status"
          element={
            <Suspense fallback={<Spinner />}>
              <MissionDetailsPage />
            </Suspense>
          }
        />
        <Route
          path=":missionId/chat/:status"
          element={
            <Suspense fallback={<Spinner />}>
              <ChatPage />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/unauthorized" replace />} />
      </Routes>
    </MenuGuard>
  ),
  'missions/*',
);
