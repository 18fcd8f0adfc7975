/**
 * /home/missions and its sub-screens. The table is loaded lazily (its own chunk, maps in yet
 * another). Details and chat arrive with their issues; billing without a billing type (or with
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
        <Route path=":missionId/details/:status" element={<ComingSoon title="Detalhes da missão" description="Aqui ficarão os veículos, ocorrências, prestadores e anexos da missão." />} />
        <Route path=":missionId/chat/:status" element={<ComingSoon title="Chat da missão" description="Aqui ficará o chat da missão." />} />
        <Route path="*" element={<Navigate to="/unauthorized" replace />} />
      </Routes>
    </MenuGuard>
  ),
  'missions/*',
);
