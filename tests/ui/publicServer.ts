/**
 * The public screens' tests (login, password reset) over the real server: one app per file, and
 * before each test the session cleared, the demo data seeded again and the browser's fetch sent to
 * that app, recorded (authTestUtils.ts recordFetch).
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { notify } from '../../src/layout/notify';
import { createTestApp, type TestApp } from '../server/helpers';
import { recordFetch, resetSession } from './authTestUtils';
import { injectFetch } from './contractHarness';

export type RecordedFetch = ReturnType<typeof recordFetch>;

/** `onEach` gets the app and the fetch recorded for the test about to run. */
export function servePublicScreens(onEach: (app: TestApp, fetch: RecordedFetch) => void) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
  }, 120_000);
  afterAll(() => app?.close());
  // The shared setup unstubs globals after each test.
  beforeEach(async () => {
    resetSession();
    const made = app!;
    await made.reset();
    onEach(made, recordFetch(injectFetch(made.app)));
  });
  afterEach(() => notify.dismiss());
}
