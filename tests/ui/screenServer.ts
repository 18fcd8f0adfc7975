/**
 * The real server under a test file's screens: started once for the file, its data reset before
 * each test; after each, the toasts are dismissed and the session forgotten, so no test sees
 * another's notice or signed-in user.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { dismiss } from '../../src/layout/notify';
import { createTestApp, type TestApp } from '../server/helpers';
import { resetSession } from './authTestUtils';

export function serveScreens(ready: (t: TestApp) => void, config: Parameters<typeof createTestApp>[0] = {}): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(config);
    ready(t);
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(() => t?.reset());
  afterEach(() => {
    dismiss();
    resetSession();
  });
}
