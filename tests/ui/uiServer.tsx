/**
 * What the screen tests over the real server (contractHarness.tsx) share: one app per test file
 * that also notes every request it received, so a test can say what the server was asked (or that
 * it was asked nothing), and a probe showing the router's path.
 */
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { useLocation } from 'react-router-dom';
import { dismiss } from '../../src/layout/notify';
import { ACCOUNTS, type Account } from '../server/catalogueClient';
import { createTestApp, type TestApp, type TestAppOptions } from '../server/helpers';
import { signIn, type SignedIn } from './contractHarness';

export interface UiServer extends TestApp {
  /** `METHOD /path?query` of every request the app received since the last `reset()`. */
  requests: string[];
  /**
   * A demo account signed in through the real login, once per file: its session lives in memory,
   * and a reset seeds the same users again, so the token stays good.
   */
  signedIn(account: Account): Promise<SignedIn>;
}

/** A real app on a migrated PGlite with the demo seed (`config`: e.g. the address upstreams); `reset()` also empties `requests`. */
export async function createUiServer(options: TestAppOptions = {}, config: Parameters<typeof createTestApp>[0] = {}): Promise<UiServer> {
  const requests: string[] = [];
  const server = await createTestApp(
    config,
    {
      ...options,
      setup: async (app) => {
        app.addHook('onRequest', (request, _reply, done) => {
          requests.push(`${request.method} ${request.url}`);
          done();
        });
        await options.setup?.(app);
      },
    },
  );
  const sessions = new Map<Account, Promise<SignedIn>>();
  return {
    ...server,
    requests,
    signedIn(account) {
      let session = sessions.get(account);
      if (!session) {
        session = signIn(server.app, ACCOUNTS[account]);
        sessions.set(account, session);
      }
      return session;
    },
    async reset() {
      await server.reset();
      requests.length = 0;
    },
  };
}

/**
 * A screen test file's server: made before its tests, closed after them, and after each test its
 * toasts dismissed and its data back to the demo seed, so every test starts from the same state.
 */
export function serveScreens(onReady: (server: UiServer) => void) {
  let server: UiServer | undefined;
  beforeAll(async () => {
    server = await createUiServer();
    onReady(server);
  }, 120_000);
  afterAll(async () => server?.close());
  afterEach(async () => {
    dismiss();
    await server?.reset();
  });
}

/** The router's path, shown for the test to read. */
export function PathProbe() {
  return <output aria-label="caminho">{useLocation().pathname}</output>;
}

/** Read with hidden: an open modal hides the page around it from assistive technology. */
export const currentPath = () => screen.getByRole('status', { name: 'caminho', hidden: true }).textContent;
