import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, ROOT, type Browser, type RunningServer } from '../tests/e2e/harness';
import { startBare } from './api';
import { median, report, requireBuild, withServer, type Figure } from './common';

/**
 * The field team's app on a phone (docs/rules/field-app.md, docs/performance.md): the JavaScript the
 * installed app loads first — its start page /home/missions for the provider — in the bytes the
 * server sends (plain, and the build's pre-compressed .gz and .br copies it serves), and how long
 * that first load takes at 390 px on a throttled 3G network, beside a bare page loaded under the
 * same network in the same run (the floor the network alone sets). The open of the installed app,
 * its shell from the service worker, is not timed here: the emulation throttles the page, not the
 * worker's own requests (the data reads go to the network through it), so the figure would flatter it.
 */

/**
 * The network profile (Chromium DevTools Network.emulateNetworkConditions), a slow 3G as on a
 * highway: 750 kbit/s down, 250 kbit/s up, 100 ms of round trip added to every request.
 */
export const FIELD_NETWORK = { offline: false, latency: 100, downloadThroughput: (750 * 1000) / 8, uploadThroughput: (250 * 1000) / 8 } as const;
const PROFILE = '3G lento (750 kbit/s ↓, 250 kbit/s ↑, 100 ms RTT)';
const PHONE = { width: 390, height: 844 };
const VISITS = 3;
const PROVIDER = 'prestador@demo.com.br';

/**
 * The hook of the offline outbox's replay figures (bench/fieldReplay.ts, its own section's work):
 * given the server this section measured, it answers its figures, printed and summed with these.
 */
export type FieldReplay = (server: RunningServer) => Promise<Figure[]>;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Sizes {
  plain: number;
  gzip: number;
  brotli: number;
}

/**
 * A script's bytes as the server sends it: its pre-compressed copies from dist/ when the build wrote
 * them (files of 1 KB or more), otherwise the plain bytes (the server sends those uncompressed).
 */
function sizesOf(path: string, body: Buffer): Sizes {
  const file = join(ROOT, 'dist', path);
  const copy = (ext: string) => (existsSync(`${file}${ext}`) ? statSync(`${file}${ext}`).size : null);
  return {
    plain: body.length,
    gzip: copy('.gz') ?? (body.length >= 1024 ? gzipSync(body, { level: 9 }).length : body.length),
    brotli: copy('.br') ?? (body.length >= 1024 ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length : body.length),
  };
}

/** A phone of its own (no cache, no service worker) with the provider's session in its storage. */
async function phone(browser: Browser, session: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  return browser.browser.newContext({ locale: 'pt-BR', viewport: PHONE, storageState: session });
}

async function throttled(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FIELD_NETWORK);
}

/** From navigation to the first mission card drawn. */
async function openMissions(page: Page, url: string): Promise<number> {
  const start = performance.now();
  await page.goto(`${url}/home/missions`, { waitUntil: 'commit' });
  await page.getByRole('list', { name: 'Missões' }).getByRole('listitem').first().waitFor({ timeout: 120_000 });
  return performance.now() - start;
}

export async function benchField(replay?: FieldReplay): Promise<Figure[]> {
  console.log(`\n(campo) Aplicativo da equipe em campo: JS da casca e /home/missions a 390 px em ${PROFILE}`);
  await requireBuild();
  const bare = await startBare();
  try {
    return await withServer(async (server) => {
      const browser = await launchBrowser();
      try {
        const login = await browser.browser.newContext({ locale: 'pt-BR', viewport: PHONE });
        const page = await login.newPage();
        await page.goto(`${server.url}/login`);
        await page.getByLabel('E-mail').fill(PROVIDER);
        await page.getByLabel('Senha', { exact: true }).fill('Demo@123');
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.waitForURL('**/home/missions');
        const session = await login.storageState();
        await login.close();

        // The shell: every script of the first open, unthrottled (the bytes do not depend on the network).
        const shellPhone = await phone(browser, session);
        const shellPage = await shellPhone.newPage();
        const scripts = new Map<string, Promise<Buffer>>();
        shellPage.on('response', (response) => {
          if (response.request().resourceType() === 'script') scripts.set(new URL(response.url()).pathname, response.body());
        });
        await openMissions(shellPage, server.url);
        await shellPage.waitForLoadState('networkidle');
        const shell: Sizes = { plain: 0, gzip: 0, brotli: 0 };
        const rows: string[] = [];
        for (const [path, body] of scripts) {
          const size = sizesOf(path, await body);
          shell.plain += size.plain;
          shell.gzip += size.gzip;
          shell.brotli += size.brotli;
          rows.push(`${path} ${kb(size.plain)} → ${kb(size.gzip)} gzip, ${kb(size.brotli)} br`);
        }
        await shellPhone.close();

        const firsts: number[] = [];
        const floors: number[] = [];
        for (let visit = 0; visit < VISITS; visit++) {
          const context = await phone(browser, session);
          const cold = await context.newPage();
          await throttled(cold);
          firsts.push(await openMissions(cold, server.url));
          await context.close();

          const floorContext = await browser.browser.newContext({ viewport: PHONE });
          const floor = await floorContext.newPage();
          await throttled(floor);
          const start = performance.now();
          await floor.goto(`${bare.url}/bare`, { waitUntil: 'load' });
          floors.push(performance.now() - start);
          await floorContext.close();
        }

        const list = (values: number[]) => values.map(seconds).join(', ');
        const figures = [
          report({
            name: `JS da casca: /home/missions da prestadora (${scripts.size} arquivos)`,
            value: `${kb(shell.plain)} sem compressão, ${kb(shell.gzip)} gzip, ${kb(shell.brotli)} brotli`,
            note: rows.join('\n    '),
          }),
          report({ name: `Página pura em ${PROFILE} (mediana de ${VISITS})`, value: seconds(median(floors)), note: `visitas: ${list(floors)}` }),
          report({
            name: `Primeira abertura de /home/missions a 390 px em ${PROFILE} (mediana de ${VISITS}, até o primeiro cartão)`,
            value: seconds(median(firsts)),
            note: `visitas: ${list(firsts)}; ${(median(firsts) / median(floors)).toFixed(1)}× a página pura`,
          }),
        ];
        return replay ? [...figures, ...(await replay(server))] : figures;
      } finally {
        await browser.close();
      }
    });
  } finally {
    await bare.stop();
  }
}
