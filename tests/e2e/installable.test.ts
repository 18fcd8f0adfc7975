/**
 * The field team's app in Chromium on a 390 px phone (docs/rules/field-app.md): the manifest and the
 * service worker pass Chromium's installability check; after one online visit the server goes away
 * (no signal at all: nothing answers on its port) and the installed app still opens /home/missions
 * and a mission's details from what the phone kept, saying 'Sem conexão — dados de {hora}'; once
 * the server answers again on the same address, the notice goes with the first fresh answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findChromium } from '../../scripts/chromium.mjs';
import { defined } from '../defined';
import { CHROMIUM_ARGS, DEMO_PASSWORD, freePort, heldStartedMission, seededDataDir, spawnServer, stopServer, waitForHealth, type RunningServer } from './harness';
import { screenshotOnFailure } from './screenshot';

const PHONE = { width: 390, height: 844 };

let phone: BrowserContext;
let server: RunningServer;
let port: number;
let dataDir: string;
let profile: string;

/** The server on the one address the app was installed from: its origin is the service worker's scope. */
async function serve(): Promise<RunningServer> {
  const running = spawnServer(dataDir, port);
  await waitForHealth(running);
  return running;
}

/**
 * A profile on disk (a persistent context), as a phone's browser has: Chromium refuses to install
 * from an incognito profile, which is what the other browser suites' fresh contexts are.
 */
beforeAll(async () => {
  dataDir = seededDataDir();
  profile = mkdtempSync(join(tmpdir(), 'pr-e2e-profile-'));
  port = await freePort();
  const launch = chromium.launchPersistentContext(profile, {
    executablePath: defined(findChromium() ?? undefined, 'Chromium'),
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'pt-BR',
    viewport: PHONE,
  });
  [server, phone] = await Promise.all([serve(), launch]);
});

afterAll(async () => {
  await phone?.close();
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
});

async function logIn(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/home/missions');
}

describe('installable field app', () => {
  test('manifest and service worker pass the install check; the app opens without signal after one visit', { timeout: 240_000 }, async () => {
    const page = await phone.newPage();
    screenshotOnFailure(page, 'installable');
    await logIn(page, 'prestador@demo.com.br');

    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ name: 'Pronta Resposta', lang: 'pt-BR', start_url: '/home/missions', display: 'standalone', theme_color: '#ff400d' });
    const icons = (manifest?.icons ?? []) as { sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    // The first install takes the page at once; from then on the worker answers its requests.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

    // One online visit of the list and of a mission's details, as the team would make.
    const held = await heldStartedMission(page);
    const mission = { id: held._id, processNumber: defined(held.processNumber ?? undefined, 'número do processo') };
    await page.goto(`${server.url}/home/missions`);
    await page.getByText(mission.processNumber).first().waitFor({ timeout: 30_000 });
    const details = `${server.url}/home/missions/${mission.id}/details/started`;
    await page.goto(details);
    await page.getByRole('tab', { name: 'Prestadores' }).waitFor({ timeout: 30_000 });
    await page.getByText(mission.processNumber).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(/^Sem conexão — dados de/).count()).toBe(0);

    // No signal: nothing answers on the server's address any more. Closing the embedded database
    // after the visit's writes can take a while on a busy machine.
    await stopServer(server, 60_000);
    await page.goto(`${server.url}/home/missions`);
    await page.getByText(mission.processNumber).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Sem conexão — dados de \d\d:\d\d$/ }).count(), { timeout: 15_000 }).toBe(1);
    await page.goto(details);
    await page.getByText(mission.processNumber).first().waitFor({ timeout: 30_000 });
    await page.getByText(/^Sem conexão — dados de/).waitFor();

    // Signal again: the first answer from the network takes the notice away.
    server = await serve();
    await page.goto(`${server.url}/home/missions`);
    await page.getByText(mission.processNumber).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByText(/^Sem conexão — dados de/).count(), { timeout: 30_000 }).toBe(0);
    await page.close();
  });
});
