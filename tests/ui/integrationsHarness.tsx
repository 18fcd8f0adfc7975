/**
 * The 'Integrações' screen (/home/integracoes) over the real server for the UI tests, through the
 * real data provider, with every request the screen sends recorded (method and path), so a test
 * can tell that a double click sent one.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FastifyInstance } from 'fastify';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { session } from '../../src/authProvider/session';
import IntegrationsPage from '../../src/custom/integrations/IntegrationsPage';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { INTEGRATIONS_PATH } from '../../src/domain/integrations/apiKeys';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { Toaster } from '../../src/layout/Toaster';
import { resourceEndpoints } from '../../src/resources';
import { injectFetch, signIn } from './contractHarness';

export async function renderIntegrations(app: FastifyInstance, email: string) {
  const signedIn = await signIn(app, email);
  // The screen's guard follows the app's own session store: it reads the login just stored.
  session.load(true);
  const calls: string[] = [];
  const serverFetch = injectFetch(app);
  const httpClient = createHttpClient({
    fetch: (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return serverFetch(input, init);
    },
    getToken: signedIn.getToken,
    sleep: () => Promise.resolve(),
  });
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <TestMemoryRouter initialEntries={[INTEGRATIONS_PATH]}>
      <AdminContext dataProvider={dataProvider} authProvider={signedIn.authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path={INTEGRATIONS_PATH} element={<IntegrationsPage />} />
          <Route path="/unauthorized" element={<p>Página não autorizada</p>} />
        </Routes>
      </AdminContext>
      <Toaster />
    </TestMemoryRouter>,
  );
  /** How many requests `method path` the screen sent (path as a pattern over the whole path). */
  const sent = (method: string, path: RegExp) => calls.filter((call) => call.startsWith(`${method} `) && path.test(call.slice(method.length + 1))).length;
  return { user: userEvent.setup(), calls, sent };
}
