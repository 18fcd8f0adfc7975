/**
 * The missions list fits the screen (Chromium, the demo missions): at 1280 px the columns that tell
 * missions apart — their headers and every row's cells — lie whole inside the screen's card, the
 * table does not scroll sideways, and nothing (the sticky actions column) covers them; at 390 px
 * each mission is a card with its number, status, place and date. Also the disabled Reabrir of a
 * billed mission: its reason shows on keyboard focus (jsdom cannot tell focus-visible).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MISSION_STATUS_LABELS, type MonitoringPage } from '../../src/domain/missions';
import { missionBody } from '../server/missionsClient';
import { cutText } from './cutText';
import { useE2eServer } from './harness';

const REQUIRED = ['Status', 'Nº do processo', 'Embarcador', 'Local', 'Criada em', 'Prestador'];

const e2e = useE2eServer();

async function missionsAt(email: string, name: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage(name, viewport);
  await e2e.logIn(page, email);
  return page;
}

/** The first monitoring page, read with the page's own session. */
function monitoring(page: Page): Promise<MonitoringPage> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch('/api/missions/request/monitoring?page=1', { headers: { 'x-access-token': token } });
    return (await response.json()) as MonitoringPage;
  });
}

/**
 * What is wrong with the required columns, measured in the page: each header and cell must lie
 * inside the card, show its whole text (no clipped overflow), and be what the browser finds at its
 * left edge, centre and right edge (so no other cell, such as the sticky actions, covers it).
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Missões' }).evaluate((table, required) => {
    const problems: string[] = [];
    const card = table.closest('.MuiPaper-root');
    const container = table.parentElement;
    if (!card || !container) return ['no card around the table'];
    if (container.scrollWidth > container.clientWidth) problems.push(`the table scrolls: ${container.scrollWidth} px in ${container.clientWidth} px`);
    const headers = Array.from(table.querySelectorAll('thead th'));
    const columns = required.map((label) => headers.findIndex((th) => th.textContent === label));
    required.forEach((label, i) => columns[i] === -1 && problems.push(`no column '${label}'`));
    const rows = [table.querySelector('thead tr'), ...Array.from(table.querySelectorAll('tbody tr')).filter((tr) => tr.children.length > 1)];
    for (const tr of rows) {
      if (!tr) continue;
      tr.scrollIntoView({ block: 'center' });
      const cardBox = card.getBoundingClientRect();
      columns.forEach((column, i) => {
        const cell = tr.children[column] as HTMLElement | undefined;
        if (!cell) return;
        const where = `'${required[i]}' of '${(tr.children[2]?.textContent ?? '').trim()}'`;
        const box = cell.getBoundingClientRect();
        if (box.left < cardBox.left || box.right > cardBox.right) problems.push(`${where} outside the card: ${box.left}–${box.right} in ${cardBox.left}–${cardBox.right}`);
        if (cell.scrollWidth > cell.clientWidth) problems.push(`${where} clipped: ${cell.scrollWidth} px in ${cell.clientWidth} px`);
        for (const x of [box.left + 2, (box.left + box.right) / 2, box.right - 2]) {
          const found = document.elementFromPoint(x, box.top + box.height / 2);
          if (!found || !cell.contains(found)) problems.push(`${where} covered at x=${Math.round(x)} by ${found?.textContent?.slice(0, 30) ?? 'nothing'}`);
        }
      });
    }
    return problems;
  }, REQUIRED);
}

describe('missions list layout in Chromium', () => {
  test.each([
    ['gestor@demo.com.br', 'layout-manager'],
    ['prestador2@demo.com.br', 'layout-provider'],
  ])('1280 px, %s: the required columns whole, in the card, uncovered, without scrolling', { timeout: 90_000 }, async (email, name) => {
    const page = await missionsAt(email, name, { width: 1280, height: 800 });
    const listed = await monitoring(page);
    expect(listed.data.length).toBeGreaterThan(1);
    await page.getByRole('table', { name: 'Missões' }).getByText(listed.data[0]?.createdAtDisplay ?? '-').first().waitFor();
    expect(await layoutProblems(page)).toEqual([]);
    // The other columns of the set are one click away.
    const first = page.getByRole('table', { name: 'Missões' }).getByRole('row').nth(1);
    await first.getByRole('button', { name: `Mais informações da missão ${listed.data[0]?.processNumber ?? ''}`, exact: true }).click();
    await page.getByText('Gerenciadora de risco', { exact: true }).waitFor();
    expect(await layoutProblems(page)).toEqual([]);
  });

  test('390 px: each mission a card with its number, status, place and date, and its actions', { timeout: 90_000 }, async () => {
    const page = await missionsAt('gestor@demo.com.br', 'layout-phone', { width: 390, height: 844 });
    const listed = await monitoring(page);
    const cards = page.getByRole('list', { name: 'Missões' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await page.getByRole('table', { name: 'Missões' }).count()).toBe(0);
    expect(await cards.count()).toBe(listed.data.length);
    for (const [i, mission] of listed.data.entries()) {
      const card = cards.nth(i);
      const text = (await card.textContent()) ?? '';
      const place = [...(mission.place ? [mission.place.name] : []), mission.location.city];
      for (const part of [mission.processNumber ?? '-', MISSION_STATUS_LABELS[mission.status], ...place, mission.createdAtDisplay]) {
        expect(text, `card ${i}`).toContain(part);
      }
      expect(await card.getByRole('button', { name: `Linha do tempo da missão ${mission.processNumber ?? ''}`, exact: true }).isVisible()).toBe(true);
      const box = await card.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `card ${i} inside the screen`).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test.each([640, 800, 960, 1100])('%i px: the missions never scroll sideways: a table that fits its card, or a card each', { timeout: 90_000 }, async (width) => {
    const page = await missionsAt('gestor@demo.com.br', `layout-${width}`, { width, height: 900 });
    const listed = await monitoring(page);
    const table = page.getByRole('table', { name: 'Missões' });
    const cards = page.getByRole('list', { name: 'Missões' }).getByRole('listitem');
    await table.or(cards.first()).first().waitFor({ timeout: 60_000 });
    if ((await table.count()) > 0) expect(await layoutProblems(page)).toEqual([]);
    else {
      expect(await cards.count()).toBe(listed.data.length);
      for (let i = 0; i < listed.data.length; i++) expect(await cutText(cards.nth(i)), `card ${i}`).toEqual([]);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });

  test('1280 px: a long process number wraps inside its cell and the table still fits', { timeout: 90_000 }, async () => {
    const page = await missionsAt('gestor@demo.com.br', 'layout-long-number', { width: 1280, height: 800 });
    const long = 'PROCESSO-2026-SP-000000000000000000123456';
    const token = await page.evaluate(() => localStorage.getItem('prontaResposta.token') ?? '');
    const created = await fetch(`${e2e.url}/api/missions/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token },
      body: JSON.stringify(missionBody({ processNumber: long })),
    });
    const status = created.status;
    expect(status).toBe(201);
    await page.reload();
    const cell = page.getByRole('table', { name: 'Missões' }).getByRole('cell', { name: long, exact: true });
    await cell.waitFor({ timeout: 60_000 });
    expect(await layoutProblems(page)).toEqual([]);
    const box = await cell.boundingBox();
    const line = await cell.evaluate((td) => parseFloat(getComputedStyle(td).lineHeight));
    expect(box && box.height >= 2 * line, `the number on more than one line: ${JSON.stringify(box)}`).toBe(true);
  });

  test('390 px: the status chips and SLA clocks of each card whole, the provider\'s \'Outro fornecedor definido\' too', { timeout: 90_000 }, async () => {
    for (const email of ['gestor@demo.com.br', 'prestador2@demo.com.br']) {
      const page = await missionsAt(email, `layout-chips-${email}`, { width: 390, height: 844 });
      const cards = page.getByRole('list', { name: 'Missões' }).getByRole('listitem');
      await cards.first().waitFor({ timeout: 60_000 });
      for (let i = 0; i < (await cards.count()); i++) expect(await cutText(cards.nth(i)), `${email} card ${i}`).toEqual([]);
      if (email === 'prestador2@demo.com.br') {
        const lost = cards.filter({ hasText: 'Outro fornecedor definido' }).getByText('Outro fornecedor definido', { exact: true });
        expect(await lost.isVisible()).toBe(true);
      }
      await page.close();
    }
  });

  test("a billed mission's disabled Reabrir shows its reason on keyboard focus", { timeout: 90_000 }, async () => {
    const page = await missionsAt('gestor@demo.com.br', 'layout-reopen', { width: 1280, height: 800 });
    const billed = page.getByRole('table', { name: 'Missões' }).getByRole('row').filter({ has: page.getByText('Faturado', { exact: true }) });
    const reopen = billed.getByRole('button', { name: 'Reabrir missão' });
    await reopen.waitFor();
    expect(await reopen.isDisabled()).toBe(true);
    await billed.getByRole('button', { name: 'Relatório' }).focus();
    await page.keyboard.press('Tab');
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe('Missão já faturada: reabrir alteraria um faturamento concluído');
  });
});
