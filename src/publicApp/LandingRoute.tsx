import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PlainSplash } from '../layout/PlainScreens';
import { brandValue } from '../layout/plainHistory';

/**
 * `/` reached inside the app shell (react-router navigated there): with ?gr= or ?riskManager= on
 * to /login?gr={value} (docs/rules/themes.md); else Root is told the address changed, and it swaps the shell
 * for the landing page it draws without MUI.
 */
export function LandingRoute() {
  const { search } = useLocation();
  const brand = brandValue(search);
  useEffect(() => {
    // react-router's own pushState fires no popstate; Root follows the address through that event.
    if (!brand) window.dispatchEvent(new PopStateEvent('popstate'));
  }, [brand]);
  if (brand) return <Navigate to={`/login?gr=${encodeURIComponent(brand)}`} replace />;
  return <PlainSplash />;
}
