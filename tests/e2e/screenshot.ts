import type { Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

/** Call inside a test: on failure the page is saved to /tmp/e2e-<name>.png to see what a person saw. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    const file = `/tmp/e2e-${name.replace(/[^a-z0-9]+/gi, '-')}.png`;
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`screenshot: ${file} (url ${page.url()})`);
  });
}
