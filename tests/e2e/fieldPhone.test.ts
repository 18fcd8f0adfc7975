/**
 * The provider's screens on a 390×844 phone (docs/rules/field-app.md): the missions list, the
 * proposal form, a held mission's details with 'Próxima ação', the agent's odometer dialog, the
 * occurrence form, the chat and the 'Notificações' section. On each, every visible input and button
 * is at least 44 px tall (a thumb on the road, WCAG 2.5.5), the page does not scroll sideways and no
 * text is cut (cutText).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cutText } from './cutText';
import { heldStartedMission, useE2eServer } from './harness';

const PHONE = { width: 390, height: 844 };
const e2e = useE2eServer();

/**
 * The controls under `root` shorter than 44 px, each as '{what} {height} px'. A text field is
 * measured by its outlined box and a checkbox by its touch area (what a finger aims at), not by
 * the bare input inside them; visually hidden inputs (a file picker's) are left out.
 */
function shortControls(root: Locator): Promise<{ measured: number; short: string[] }> {
  return root.evaluate((element) => {
    const controls = element.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"], input, select, textarea, [role="combobox"]');
    const short = new Set<string>();
    let measured = 0;
    for (const control of controls) {
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
      const target = control.closest<HTMLElement>('.MuiInputBase-root') ?? control.closest<HTMLElement>('.MuiButtonBase-root') ?? control;
      const box = target.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(target).visibility === 'hidden') continue;
      measured++;
      if (Math.round(box.height) < 44) {
        const name = control.getAttribute('aria-label') ?? control.getAttribute('name') ?? control.textContent?.trim().slice(0, 30) ?? control.tagName;
        short.add(`${name || control.tagName} ${Math.round(box.height)} px`);
      }
    }
    return { measured, short: [...short] };
  });
}

/** The screen (or its open dialog) passes: tall enough, nothing wider than the phone, no text cut. */
async function audit(page: Page, screen: string, root: Locator = page.locator('#main-content')): Promise<void> {
  const controls = await shortControls(root);
  expect.soft(controls.measured, `${screen}: controls measured`).toBeGreaterThan(0);
  expect.soft(controls.short, `${screen}: controls under 44 px`).toEqual([]);
  expect.soft(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), `${screen}: page width`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(await cutText(root), `${screen}: text cut`).toEqual([]);
}

describe('the provider at 390 px', () => {
  test('every screen of the field app: controls at least 44 px tall, nothing cut or wider than the phone', { timeout: 240_000 }, async () => {
    const page = await e2e.newPage('field-phone', PHONE);
    await e2e.logIn(page, 'prestador@demo.com.br');
    const cards = page.getByRole('list', { name: 'Missões' }).getByRole('listitem');
    await cards.first().waitFor({ timeout: 30_000 });
    await audit(page, 'Missões');

    await page.getByRole('button', { name: /^Enviar proposta para a missão / }).first().click();
    const proposal = page.getByRole('dialog');
    await proposal.getByRole('button', { name: 'Usar minha localização' }).waitFor();
    await audit(page, 'Enviar proposta', proposal);
    await page.keyboard.press('Escape');
    await proposal.waitFor({ state: 'detached' });

    const mission = await heldStartedMission(page);
    await page.goto(`${e2e.url}/home/missions/${mission._id}/details/started`);
    await page.getByRole('region', { name: 'Próxima ação' }).waitFor({ timeout: 30_000 });
    await audit(page, 'Detalhes da missão');

    await page.getByRole('tab', { name: 'Prestadores' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const agent = page.getByRole('dialog');
    await agent.getByLabel('Km').first().waitFor();
    await audit(page, 'Agente e leituras de hodômetro', agent);
    await page.keyboard.press('Escape');
    await agent.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Ocorrências' }).click();
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const occurrence = page.getByRole('dialog');
    await occurrence.getByLabel('Descrição').waitFor();
    await audit(page, 'Ocorrência', occurrence);
    await page.keyboard.press('Escape');
    await occurrence.waitFor({ state: 'detached' });

    await page.goto(`${e2e.url}/home/missions/${mission._id}/chat/started`);
    await page.getByRole('button', { name: 'Enviar' }).waitFor({ timeout: 30_000 });
    await audit(page, 'Chat');

    await page.goto(`${e2e.url}/home/account/security`);
    await page.getByRole('heading', { name: 'Notificações' }).waitFor({ timeout: 30_000 });
    await audit(page, 'Notificações');
  });
});
