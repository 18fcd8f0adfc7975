import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { showingPage } from './notify';

/**
 * Inside the router, next to <Toaster/>: tells the toasts which page is shown, so an error toast
 * of a page the user left (a refused login, once the user is in) does not stay over the next one.
 */
export function ErrorsLeftBehind() {
  const { pathname } = useLocation();
  useEffect(() => showingPage(pathname), [pathname]);
  return null;
}
