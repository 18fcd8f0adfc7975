/**
 * A server asked to stop (SIGTERM on a deploy or a restart, docs/operations/running.md) with a live
 * stream open: the stream is ended first and the server closes. Left to its own end, an open stream
 * held the HTTP server's close for its whole lifetime (10 minutes), long enough for a supervisor to
 * kill the process with the embedded database mid-write.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIVE_STREAM_MAX_MS } from '../../src/domain/live';
import { createTestApp, login, type TestApp } from './helpers';
import { openStream, ticketFor } from './liveClient';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.database.close());

it('closing the app ends the open live streams instead of waiting for them', async () => {
  const stream = await openStream(base, `ticket=${await ticketFor(t.app, await login(t.app, 'gestor@demo.com.br'))}`);
  expect(stream.status).toBe(200);
  // The stream would otherwise stay open this long; the test's own timeout is far shorter.
  expect(LIVE_STREAM_MAX_MS).toBeGreaterThan(60_000);
  await t.app.close();
  await stream.ended;
});
