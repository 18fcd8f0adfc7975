/**
 * WCAG 2.1 AA in Chromium: axe-core (serious and critical violations) on every screen and the main
 * dialogs, public and signed in, in light and dark mode, on a desktop (1440 px) and a phone (390 px)
 * — dispatchers work whole shifts on these screens, some on a phone in a car. The risk manager's
 * screens are walked in the Gerenciadora Demo's theme, the platform admin's (every catalogue of the
 * admin home) in the default one.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { COLOR_MODE_KEY, type ColorMode } from '../../src/theme/colorMode';
import { axeViolations } from './axe';
import { useE2eServer, type Viewport } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer();

const VIEWPORTS: Record<string, Viewport> = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
const MODES: ColorMode[] = ['light', 'dark'];
const PHONE_CATALOGUES = ['Motivo Acionamento', 'Embarcador'];

/** One signed-in page per person for the whole file: a login per combination would triple the runtime. */
const sessions = new Map<string, Page>();
/** Pages whose next visit must load the app anew, to start in the colour mode just stored. */
const reload = new Set<Page>();

afterAll(async () => {
  for (const page of sessions.values()) await page.context().close();
});

async function session(email: string | null, viewport: Viewport, mode: ColorMode): Promise<Page> {
  const key = email ?? 'public';
  let page = sessions.get(key);
  if (!page) {
    page = await e2e.newPage(`a11y-${key}`, viewport);
    sessions.set(key, page);
    if (email) {
      // Every login lands on its home: Missões, or Usuários for the tech profile.
      await e2e.submitLogin(page, email);
      await page.waitForURL(/\/home\/(missions|users)$/);
    } else await page.goto(`${e2e.url}/login`);
  }
  await page.setViewportSize(viewport);
  await page.evaluate(([storageKey, value]) => localStorage.setItem(storageKey, value), [COLOR_MODE_KEY, mode] as const);
  reload.add(page);
  return page;
}

/** The screen is drawn: its heading (or `ready`) shows and no spinner is left. */
async function settled(page: Page, ready: Locator) {
  await ready.first().waitFor({ state: 'visible', timeout: WAIT });
  await page.getByRole('progressbar').first().waitFor({ state: 'hidden', timeout: WAIT });
  // Dialogs and tabs fade and slide in (MUI transitions): axe measures colours as they end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Collects what axe finds on the page as it stands, under `screen`'s name. */
async function check(found: string[], page: Page, screen: string) {
  for (const violation of await axeViolations(page)) found.push(`${screen}: ${violation}`);
}

async function visit(found: string[], page: Page, screen: string, path: string, ready: (page: Page) => Locator = (p) => p.getByRole('heading', { level: 1 })) {
  if (reload.delete(page)) await page.goto(`${e2e.url}${path}`);
  else {
    // Inside the app, as its own links do (react-router follows popstate): no second boot of the app.
    const before = await page.evaluate(() => document.querySelector('main')?.innerHTML ?? '');
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction((old) => (document.querySelector('main')?.innerHTML ?? '') !== old, before, { timeout: WAIT });
  }
  await settled(page, ready(page));
  await check(found, page, screen);
}

/** Opens a dialog with `open`, checks it, and closes it with Esc (nothing is saved). */
async function dialog(found: string[], page: Page, screen: string, open: () => Promise<void>) {
  await open();
  const shown = page.getByRole('dialog');
  await settled(page, shown);
  await check(found, page, screen);
  await page.keyboard.press('Escape');
  // Gone with its backdrop, which fades out over the page the next check measures.
  await page.locator('.MuiDialog-root').first().waitFor({ state: 'detached', timeout: WAIT });
}

async function tabs(found: string[], page: Page, screen: string, names: string[]) {
  for (const name of names) {
    await page.getByRole('tab', { name }).click();
    await settled(page, page.getByRole('tab', { name, selected: true }));
    await check(found, page, `${screen} › ${name}`);
  }
}

const details = (status: string, id: string) => `/home/missions/${id}/details/${status}`;
/** A mission's table row on a desktop, its card (a list item) on a phone. */
const missionRow = (page: Page, processNumber: string) => page.locator('tr, li').filter({ hasText: processNumber });

/** The admin home's catalogue lists (from its tiles, which the catalogue registry generates), found once. */
const cataloguePaths: { tile: string; path: string }[] = [];

async function catalogues(page: Page): Promise<{ tile: string; path: string }[]> {
  if (cataloguePaths.length > 0) return cataloguePaths;
  await page.goto(`${e2e.url}/home/admin`);
  await settled(page, page.getByRole('heading', { name: 'Administração' }));
  const tiles = await page.locator('section[aria-label] button[aria-label]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  for (const tile of tiles.filter((t) => t !== 'Tema')) {
    await page.goto(`${e2e.url}/home/admin`);
    await page.getByRole('button', { name: tile, exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/home/admin');
    cataloguePaths.push({ tile, path: new URL(page.url()).pathname });
  }
  return cataloguePaths;
}

describe('axe-core: no serious or critical WCAG 2.1 AA violation', () => {
  for (const viewport of Object.values(VIEWPORTS)) {
    for (const mode of MODES) {
      const combo = `${mode}, ${viewport.width} px`;

      test(`public screens (${combo})`, async () => {
        const found: string[] = [];
        const page = await session(null, viewport, mode);
        // Each public page is a small app of its own (the landing has no router): each is loaded anew.
        const load = async (screen: string, path: string, ready: (page: Page) => Locator) => {
          reload.add(page);
          await visit(found, page, screen, path, ready);
        };
        await load('landing', '/', (p) => p.getByRole('button', { name: 'Enviar mensagem' }));
        await load('login', '/login', (p) => p.getByRole('button', { name: 'Entrar' }));
        await load('forgot password', '/forget-password', (p) => p.getByRole('button').first());
        expect(found).toEqual([]);
      });

      test(`risk manager's screens and dialogs (${combo})`, { timeout: 240_000 }, async () => {
        const found: string[] = [];
        const page = await session('gestor@demo.com.br', viewport, mode);
        await visit(found, page, 'missions', '/home/missions', (p) => missionRow(p, 'DEMO-0002'));
        await dialog(found, page, 'new mission', () => page.getByRole('button', { name: 'Nova Missão' }).click());
        await dialog(found, page, 'proposals', () => missionRow(page, 'DEMO-0002').getByRole('button', { name: /^Propostas/ }).click());
        await visit(found, page, 'details', details('started', MISSION_IDS.startedFinishAsked), (p) => p.getByRole('tab').first());
        await tabs(found, page, 'details', ['Veículos', 'Ocorrências', 'Prestadores', 'Anexos']);
        await page.getByRole('tab', { name: 'Veículos' }).click();
        await dialog(found, page, 'add vehicle', () => page.getByRole('button', { name: 'Adicionar' }).click());
        await visit(found, page, 'chat', `/home/missions/${MISSION_IDS.startedFinishAsked}/chat/started`, (p) => p.getByRole('textbox', { name: 'Mensagem' }));
        await visit(found, page, 'billing', `/home/missions/${MISSION_IDS.finished}/billing/shipper`, (p) => p.getByRole('button', { name: 'Faturar' }));
        await dialog(found, page, 'billing confirmation', () => page.getByRole('button', { name: 'Faturar' }).click());
        await visit(found, page, 'reports', '/home/reports', (p) => p.getByRole('tab').first());
        await tabs(found, page, 'reports', ['Faturamento', 'Painel']);
        await visit(found, page, 'admin home', '/home/admin');
        await visit(found, page, 'theme editor', '/home/admin/theme');
        expect(found).toEqual([]);
      });

      test(`provider's and tech user's screens (${combo})`, async () => {
        const found: string[] = [];
        const provider = await session('prestador@demo.com.br', viewport, mode);
        await visit(found, provider, 'provider missions', '/home/missions', (p) => missionRow(p, 'DEMO-0003'));
        await visit(found, provider, 'provider details', details('started', MISSION_IDS.startedFinishAsked), (p) => p.getByRole('tab').first());
        const tech = await session('ti@demo.com.br', viewport, mode);
        await visit(found, tech, 'users', '/home/users');
        expect(found).toEqual([]);
      });

      // Every catalogue on the desktop; on the phone the two kinds of screen the registry generates (a
      // simple lookup, Motivo Acionamento, and a full record, Embarcador), which keeps the file's runtime down.
      const onPhone = viewport === VIEWPORTS.phone;
      test(`${onPhone ? 'causes and shippers' : 'every catalogue'}: list and form, default theme (${combo})`, { timeout: 240_000 }, async () => {
        const found: string[] = [];
        const page = await session('admin@demo.com.br', viewport, mode);
        await visit(found, page, 'missions (default theme)', '/home/missions');
        const lists = await catalogues(page);
        expect(lists.length).toBeGreaterThanOrEqual(10);
        for (const { tile, path } of onPhone ? lists.filter((list) => PHONE_CATALOGUES.includes(list.tile)) : lists) {
          await visit(found, page, tile, path);
          const create = page.getByRole('button', { name: 'Criar novo' });
          if ((await create.count()) > 0) await dialog(found, page, `${tile} › Criar novo`, () => create.click());
        }
        expect(found).toEqual([]);
      });
    }
  }
});
