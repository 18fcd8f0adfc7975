/**
 * A screen on a 390×844 phone (docs/rules/field-app.md, docs/rules/screens.md): every visible input
 * and button is at least 44 px tall (a thumb on the road, WCAG 2.5.5), the page does not scroll
 * sideways and no text is cut (cutText).
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cutText } from './cutText';

export const PHONE = { width: 390, height: 844 };

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
export async function phoneAudit(page: Page, screen: string, root: Locator = page.locator('#main-content')): Promise<void> {
  const controls = await shortControls(root);
  expect.soft(controls.measured, `${screen}: controls measured`).toBeGreaterThan(0);
  expect.soft(controls.short, `${screen}: controls under 44 px`).toEqual([]);
  expect.soft(await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0), `${screen}: page width`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(await cutText(root), `${screen}: text cut`).toEqual([]);
}

