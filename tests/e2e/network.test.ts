import { rmSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, seededDataDir, startServer, stopServer, type Browser, type RunningServer } from './harness';
import { screenshotOnFailure } from './screenshot';

/**
 * The app opened through an address other than localhost, as a colleague on the LAN would: with
 * the CSP's upgrade-insecure-requests over plain HTTP, Chromium asked every asset over https and
 * the page stayed blank (loopback addresses are exempt, so the other e2e tests never saw it).
 * Uses the machine's first non-internal IPv4 address; without one, a made-up host name mapped to
 * 127.0.0.1 by Chromium's resolver, so the page still is not on a loopback name.
 */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer(seededDataDir(), { HOST: '0.0.0.0' }),
    launchBrowser(lanAddress ? [] : ['--host-resolver-rules=MAP app.test 127.0.0.1']),
  ]);
});

afterAll(async () => {
  await browser?.close();
  if (server) {
    await stopServer(server);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
});

describe('network address', () => {
  test('the login page renders through a non-loopback address, with no failed request', async () => {
    const host = lanAddress ?? 'app.test';
    const page = await browser.newPage();
    screenshotOnFailure(page, 'network-address');
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`);
    });
    await page.goto(`http://${host}:${server.port}/login`);
    await expect(page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'visible', timeout: 20_000 })).resolves.toBeUndefined();
    expect(new URL(page.url()).hostname).toBe(host);
    expect(failed).toEqual([]);
  });
});
