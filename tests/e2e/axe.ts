/**
 * axe-core in the browser suite: WCAG 2.1 A and AA rules, run on the page as Chromium draws it.
 * Only serious and critical violations fail (what blocks or badly hinders a reader: text under
 * 4.5:1, unnamed controls, broken lists); axe's minor/moderate findings are advice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './harness';

const AXE_SOURCE = readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page, one readable line per node:
 * rule, selector and axe's summary of what to fix. Empty when the page passes.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the app's Content-Security-Policy does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })).violations;
  }, WCAG_21_AA);
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${violation.help}; ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}
