/**
 * The protected area (/home/*): react-admin's <Admin> inside the app's BrowserRouter (react-admin 5
 * detects the existing router and only sets its basename). This module and everything it imports
 * form the lazily loaded admin chunk; the public pages never load it.
 */
import { Admin, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import type { ReactNode } from 'react';
import { AlarmBanner } from './custom/alarms/AlarmBar';
import { QueryClient } from '@tanstack/react-query';
import { authProvider } from './authProvider/authProvider';
import { session } from './authProvider/session';
import { createCanAccess } from './custom/admin/catalogueAccess';
import { HomeRedirect } from './custom/HomeRedirect';
import { UnauthorizedPage } from './custom/UnauthorizedPage';
import { createDataProvider } from './dataProvider';
import { createHttpClient } from './dataProvider/httpClient';
import { resourceEndpoints } from './resources/endpoints';
import { i18nProvider } from './i18n/i18nProvider';
import { ErrorFallback } from './layout/ErrorFallback';
import { Layout } from './layout/Layout';
import { RaNotificationBridge } from './layout/RaNotificationBridge';
import { Splash } from './layout/Splash';
import type { ScreenRoute } from './layout/screenRoute';
import { useBrandThemeOptions } from './theme/useBrandTheme';

export const ADMIN_BASENAME = '/home';

/** The app's client: the session's token on every authorized call; a 401 to it opens the relogin dialog. */
export const httpClient = createHttpClient({
  getToken: () => session.getState().token,
  onUnauthorized: () => session.markUnauthorized(),
});

export const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });

/** One QueryClient for the app's life (docs/architecture.md). The http client already retries, so queries do not. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

// docs/rules/sign-in.md: logout resets all cached data. Whatever clears the session (Sair, the relogin
// dialog, an expired token) also empties the cache, so the next user never sees the last one's data.
session.subscribe(() => {
  if (!session.getState().token) queryClient.clear();
});

/**
 * The pages of the route table's HOME_ROUTES (src/publicApp/routes.tsx), given by the table as
 * `routes`. The admin area needs no guard here: its home sends
 * a user without any tile to /unauthorized and each of its screens is guarded by its tile
 * (custom/admin/AdminSection.tsx).
 *
 * The catalogues are react-admin <Resource>s, but not children of <Admin>: <Admin> would serve each
 * at /home/{name}, and the product's URLs are /home/admin/{name}, /home/admin/advanced/{name} and child
 * lists below their parent. The admin area ('admin/*') and the users page ('users/*') mount them
 * there, each under the basename that makes react-admin's URL of the resource the product's, and
 * register their definitions (resources/framework/routes.tsx).
 */
/** The auth provider with react-admin's canAccess from the catalogue rules (admin chunk only: /login does not load them). */
const adminAuthProvider = { ...authProvider, canAccess: createCanAccess(() => session.getState().user) };

const AdminError = () => <ErrorFallback />;
/** The frame with the risk manager's alarm bar on top of every screen (docs/rules/alarms.md). */
const AppLayout = ({ children }: { children?: ReactNode }) => <Layout banner={<AlarmBanner />}>{children}</Layout>;
const AdminLoading = () => <Splash />;

export default function AdminApp({ routes }: { routes: readonly ScreenRoute[] }) {
  // react-admin provides its own MUI theme: it gets the risk manager's, in the chosen mode.
  const theme = useBrandThemeOptions();
  return (
    <Admin
      basename={ADMIN_BASENAME}
      authProvider={adminAuthProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      theme={theme}
      layout={AppLayout}
      dashboard={HomeRedirect}
      catchAll={UnauthorizedPage}
      loading={AdminLoading}
      notification={RaNotificationBridge}
      error={AdminError}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <CustomRoutes>
        {routes.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
