import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seededDataDir, startServer, stopServer, type RunningServer } from './harness';

/**
 * The interface every browser suite drives, and that a bench run after them measures (both reuse
 * dist/ while it is current), is the production build: a build made in development mode (as a
 * `vite build` under the test runner's NODE_ENV=test was) carries React's development code — about
 * 0.5 MB more and slower renders — so the bench would measure the wrong build.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer(seededDataDir());
});

afterAll(async () => {
  if (server) {
    await stopServer(server);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

test('the served bundle is the production build (no React development code)', async () => {
  const base = `http://127.0.0.1:${server.port}`;
  const html = await (await fetch(`${base}/login`)).text();
  const entry = /<script type="module"[^>]* src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(entry, html).toBeDefined();
  const bundle = await (await fetch(`${base}${entry ?? ''}`)).text();
  expect(bundle.length).toBeGreaterThan(10_000);
  // A warning only React's development build has: its presence marks a build in development mode.
  expect(bundle.includes('Each child in a list should have a unique')).toBe(false);
});
