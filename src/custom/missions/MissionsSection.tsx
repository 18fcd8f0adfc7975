/**
 * /home/missions and its sub-screens. The table is loaded lazily (its own chunk, maps in yet
 * another), as are the details, chat and billing screens (issues 9 and 10); billing without a
 * billing type redirects to /home/missions here, with one that is neither shipper nor
 * serviceProvider in the billing page (spec 2).
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { MenuGuard } from '../MenuGuard';
import { withPath } from '../pageTypes';
import { MISSIONS_BASE } from './useRowActionHandler';

const MissionsScreen = lazy(() => import('./MissionsScreen'));
const MissionDetailsPage = lazy(() => import('../missionDetails/MissionDetailsPage').then((m) => ({ default: m.MissionDetailsPage })));
const ChatPage = lazy(() => import('../chat/ChatPage').then((m) => ({ default: m.ChatPage })));
const BillingPage = lazy(() => import('../billing/BillingPage').then((m) => ({ default: m.BillingPage })));

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
        <Route
          path=":missionId/billing/:billingType"
          element={
            <Suspense fallback={<Spinner />}>
              <BillingPage />
            </Suspense>
          }
        />
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
