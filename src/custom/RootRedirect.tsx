import { Navigate, useLocation } from 'react-router-dom';
import { brandSearch } from './keepGr';

/**
 * `/`: the landing page arrives with a later issue; until then the visitor goes straight to the
 * login, keeping the brand value (spec: "On / with that value the user is redirected to /login?gr=").
 */
export function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/login${brandSearch(search)}`} replace />;
}
