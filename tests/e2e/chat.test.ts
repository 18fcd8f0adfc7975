/**
 * The mission chat in Chromium, as people use chats: Enter sends and Shift+Enter starts a new line
 * (the hint under the composer says so), a message shows its line breaks, an attachment bubble
 * names its file and type, and every text of a bubble (message, sender line, attachment) reads at
 * WCAG AA contrast, own and others' bubbles, in light and in dark mode.
 */
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CHAT_COMPOSER_HINT } from '../../src/domain/missionDetails';
import { COLOR_MODE_KEY } from '../../src/theme/colorMode';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { AA_NORMAL_TEXT, textContrast } from './contrast';
import { useE2eServer } from './harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const WAIT = 20_000;
const e2e = useE2eServer();
/** DEMO-0003: started, held by Pronta Resposta Demo. */
const chatPath = `/home/missions/${MISSION_IDS.startedFinishAsked}/chat/started`;

const chatPosts = (page: Page) => {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/missions/chat') seen.push(r);
  });
  return seen;
};

const bubbleWith = (page: Page, text: string) => page.getByTestId('chat-bubble').filter({ hasText: text });

/** Each text a bubble paints: the message, the sender line and the attachment chip. */
async function contrasts(bubbles: Locator[]): Promise<number[]> {
  const texts = bubbles.flatMap((bubble) => [bubble.locator('p'), bubble.locator('span.MuiTypography-caption'), bubble.locator('.MuiChip-label')]);
  const ratios: number[] = [];
  for (const text of texts) {
    for (const one of await text.all()) ratios.push(await textContrast(one));
  }
  return ratios;
}

async function inMode(page: Page, mode: 'light' | 'dark') {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [COLOR_MODE_KEY, mode] as const);
  await page.reload();
  await page.getByTestId('chat-bubble').first().waitFor({ timeout: WAIT });
}

describe('mission chat in Chromium', () => {
  test('Enter sends, Shift+Enter breaks the line; breaks, file name and type show, readable in both modes', { timeout: 180_000 }, async () => {
    const manager = await e2e.newPage('chat-manager');
    await e2e.logIn(manager, 'gestor@demo.com.br');
    await manager.goto(`${e2e.url}${chatPath}`);
    const posts = chatPosts(manager);
    const composer = manager.getByRole('textbox', { name: 'Mensagem' });
    await expect.poll(() => composer.getAttribute('aria-describedby')).toBeTruthy();
    const hintId = (await composer.getAttribute('aria-describedby')) ?? '';
    expect(await manager.locator(`[id="${hintId}"]`).innerText()).toBe(CHAT_COMPOSER_HINT);

    await composer.click();
    await composer.pressSequentially('Linha 1');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('Linha 2');
    expect(await composer.inputValue()).toBe('Linha 1\nLinha 2');
    expect(posts).toHaveLength(0);
    await composer.press('Enter');
    const sent = bubbleWith(manager, 'Linha 2');
    await sent.waitFor({ timeout: WAIT });
    expect(posts).toHaveLength(1);
    expect(await composer.inputValue()).toBe('');
    // innerText follows the CSS: with the breaks collapsed it would read 'Linha 1 Linha 2'.
    expect(await sent.locator('p').innerText()).toBe('Linha 1\nLinha 2');

    await manager.getByTestId('chat-file').setInputFiles({ name: 'nota-fiscal.pdf', mimeType: 'application/pdf', buffer: PDF });
    await composer.press('Enter');
    const file = bubbleWith(manager, 'nota-fiscal.pdf');
    await file.waitFor({ timeout: WAIT });
    expect(await file.locator('.MuiChip-label').innerText()).toBe('nota-fiscal.pdf · PDF');
    expect(posts).toHaveLength(2);

    const provider = await e2e.newPage('chat-provider');
    await e2e.logIn(provider, 'prestador@demo.com.br');
    await provider.goto(`${e2e.url}${chatPath}`);
    await bubbleWith(provider, 'nota-fiscal.pdf').waitFor({ timeout: WAIT });
    for (const mode of ['light', 'dark'] as const) {
      for (const page of [manager, provider]) {
        await inMode(page, mode);
        const ratios = await contrasts([bubbleWith(page, 'Linha 2'), bubbleWith(page, 'nota-fiscal.pdf')]);
        expect(ratios.length, `${mode}: message and sender line, sender line and attachment`).toBe(4);
        expect(Math.min(...ratios), `${mode} ${page === manager ? 'own' : "others'"} bubbles: ${ratios.map((r) => r.toFixed(2)).join(', ')}`).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
      }
    }
  });
});
