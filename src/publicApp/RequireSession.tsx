import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { session } from '../authProvider/session';
import { useSession } from '../authProvider/useSession';
import { Splash } from '../layout/Splash';

/**
 * Guards /home before the admin bundle is even downloaded: no session → /login (remembering where
 * the visitor wanted to go); while the stored session is being read → splash.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { resolved, token } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (!resolved) session.load();
  }, [resolved]);
  if (!resolved) return <Splash />;
  if (!token) {
    return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  return <>{children}</>;
}
