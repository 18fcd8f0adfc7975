/**
 * The mission screens by keyboard in Chromium (WCAG 2.1.1, 2.4.3, 2.4.7): every action is reached
 * with Tab and shows where focus is; a dialog takes focus when it opens, Esc closes it and focus
 * goes back to what opened it.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { useE2eServer } from './harness';

const WAIT = 30_000;
const e2e = useE2eServer();

interface Focused {
  name: string;
  /** The element's role, or its tag when it has none. */
  kind: string;
  inDialog: boolean;
  /** A ring drawn around it: an outline or a box shadow. */
  ring: boolean;
}

/** What has focus now, or null (the page itself). */
function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      kind: el.getAttribute('role') ?? el.tagName.toLowerCase(),
      inDialog: Boolean(el.closest('[role="dialog"]')),
      ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none',
    };
  });
}

/** Presses Tab until the control named `name` has focus; returns every control passed on the way, the target last. */
async function tabTo(page: Page, name: string | RegExp, limit = 200): Promise<Focused[]> {
  const passed: Focused[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (!now) continue;
    passed.push(now);
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return passed;
  }
  throw new Error(`Tab never reached ${String(name)}; passed: ${passed.map((f) => f.name).join(' | ')}`);
}

/** The controls whose focus indicator is a ring (text fields and selects show theirs as a thicker border). */
const RINGED = new Set(['button', 'a', 'link', 'tab', 'menuitem']);
const withoutRing = (passed: Focused[]) => passed.filter((f) => RINGED.has(f.kind) && !f.ring).map((f) => `${f.kind} '${f.name}'`);

/** Opens a dialog from `opener` by keyboard, checks focus went into it, closes it with Esc and checks focus came back. */
async function escapesBackTo(page: Page, opener: Locator, dialogName: string | RegExp) {
  await opener.focus();
  const name = (await focused(page))?.name;
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor({ timeout: WAIT });
  await expect.poll(async () => (await focused(page))?.inDialog, { timeout: 5_000 }).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: WAIT });
  await expect.poll(async () => (await focused(page))?.name, { timeout: 5_000 }).toBe(name);
}

async function managerAt(name: string, path?: string): Promise<Page> {
  const page = await e2e.newPage(name, { width: 1280, height: 800 });
  await e2e.logIn(page, 'gestor@demo.com.br');
  if (path) await page.goto(`${e2e.url}${path}`);
  return page;
}

describe('the mission screens by keyboard', () => {
  test('missions: Nova Missão, the filters, Mais informações and the row actions are reached by Tab, each with a visible ring', { timeout: 120_000 }, async () => {
    const page = await managerAt('keyboard-missions');
    await page.getByRole('table', { name: 'Missões' }).getByText('DEMO-0001').waitFor({ timeout: WAIT });
    const passed = [
      ...(await tabTo(page, 'Nova Missão')),
      ...(await tabTo(page, 'Pesquisar')),
      ...(await tabTo(page, /^Mais informações da missão DEMO-/)),
      ...(await tabTo(page, /^Propostas da missão DEMO-/)),
      ...(await tabTo(page, /^Ver detalhes da missão DEMO-/)),
    ];
    // A sample of every kind on the way: menu links, buttons, icon buttons, the row actions.
    expect(passed.some((f) => f.kind === 'a')).toBe(true);
    expect(withoutRing(passed)).toEqual([]);
  });

  test('missions dialogs: Nova Missão, Propostas and the cancel confirmation take focus, close on Esc and give it back', { timeout: 120_000 }, async () => {
    const page = await managerAt('keyboard-missions-dialogs');
    const table = page.getByRole('table', { name: 'Missões' });
    await table.getByText('DEMO-0001').waitFor({ timeout: WAIT });
    await escapesBackTo(page, page.getByRole('button', { name: 'Nova Missão' }), /Nova Missão/);
    await escapesBackTo(page, table.getByRole('button', { name: 'Propostas da missão DEMO-0002', exact: true }), 'Propostas — Missão DEMO-0002');
    await escapesBackTo(page, table.getByRole('button', { name: 'Cancelar missão DEMO-0001', exact: true }), /Cancelar a missão/);
  });

  test('details: the tabs by Tab and arrows with a ring; the vehicle form takes focus, closes on Esc and gives it back', { timeout: 120_000 }, async () => {
    const page = await managerAt('keyboard-details', `/home/missions/${MISSION_IDS.startedBySul}/details/started`);
    await page.getByRole('tab', { name: 'Veículos' }).waitFor({ timeout: WAIT });
    const passed = await tabTo(page, 'Veículos');
    expect(passed.at(-1)?.kind).toBe('tab');
    await page.keyboard.press('ArrowRight');
    const next = await focused(page);
    expect(next?.name).toBe('Ocorrências');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    passed.push(...(await tabTo(page, 'Adicionar')));
    expect(withoutRing([...passed, ...(next ? [next] : [])])).toEqual([]);
    await escapesBackTo(page, page.getByRole('button', { name: 'Adicionar' }), 'Adicionar veículo');
  });

  test('chat: the composer and Enviar are reached by Tab, with a ring on the button', { timeout: 120_000 }, async () => {
    const page = await managerAt('keyboard-chat', `/home/missions/${MISSION_IDS.startedBySul}/chat/started`);
    await page.getByLabel('Mensagem').waitFor({ timeout: WAIT });
    await tabTo(page, 'Mensagem');
    await page.keyboard.type('A caminho');
    const passed = await tabTo(page, 'Enviar');
    expect(withoutRing(passed)).toEqual([]);
  });

  test('billing: Faturar by Tab with a ring; its confirmation takes focus, closes on Esc and gives it back', { timeout: 120_000 }, async () => {
    const page = await managerAt('keyboard-billing', `/home/missions/${MISSION_IDS.finished}/billing/shipper`);
    await page.getByRole('button', { name: 'Faturar' }).waitFor({ timeout: WAIT });
    expect(withoutRing(await tabTo(page, 'Faturar'))).toEqual([]);
    await escapesBackTo(page, page.getByRole('button', { name: 'Faturar' }), /^Faturar/);
  });
});
