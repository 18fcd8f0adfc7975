import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, seededDataDir, startServer, stopServer, type RunningServer } from './harness';

/**
 * The interface every browser suite drives, and that a bench run after them measures (both reuse
 * dist/ while it is current), is the production build: a build made in development mode (as a
 * `vite build` under the test runner's NODE_ENV=test was) carries React's development code — about
 * 0.5 MB more and slower renders — so the bench would measure the wrong build. The server they talk
 * to is the production one too: the JavaScript compiled into dist-server/, as `npm start` runs it.
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

test('npm start runs the compiled server, with no TypeScript loader', async () => {
  // The start script's one child is the server: plain Node on dist-server/main.js, no `--import tsx`.
  const { stdout } = await promisify(execFile)('ps', ['-o', 'args=', '--ppid', String(server.child.pid)]);
  expect(stdout.trim().split('\n')).toEqual([`${process.execPath} ${join(ROOT, 'dist-server', 'main.js')}`]);
});
