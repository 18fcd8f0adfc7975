/**
 * Routed records in the browser, against the real `npm start` server: a catalogue record opened by
 * its URL shows its dialog over its list, a reload opens the same dialog again, and the browser's
 * Back goes to the list; Ver in the list moves to the record's URL and Back closes the dialog.
 * For a simple catalogue (causes), an advanced one (shippers) and a child list (a shipper's plans).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { DEMO_PASSWORD, useE2eServer } from './harness';
import { screenshotOnFailure } from './screenshot';

const WAIT = 15_000;

const e2e = useE2eServer();

interface RecordCase {
  list: string;
  /** The list's table name (the declaration's title). */
  title: string;
  /** The list's heading, when it names the parent too. */
  heading?: string;
  /** The dialog's entity ('Consultar | {entity}'). */
  entity: string;
  id: string;
  /** A value the record's form shows. */
  shows: string;
}

const CASES: Record<string, RecordCase> = {
  causes: { list: '/home/admin/causes', title: 'Motivo Acionamento', entity: 'Motivo acionamento', id: CATALOGUE_IDS.causeRoubo, shows: 'Roubo de carga' },
  shippers: { list: '/home/admin/advanced/shippers', title: 'Embarcadores', entity: 'Embarcador', id: CATALOGUE_IDS.shipperAndrade, shows: 'Andrade Alimentos' },
  shippersFranchise: {
    list: `/home/admin/advanced/shippers/${CATALOGUE_IDS.shipperAndrade}/shippersFranchise`,
    title: 'Franquias (cliente)',
    heading: 'Franquias (cliente) - Andrade Alimentos',
    entity: 'Franquia do embarcador',
    id: CATALOGUE_IDS.planAndrade,
    shows: 'Pronta resposta padrão',
  },
};

async function signedInPage(name: string): Promise<Page> {
  const page = await e2e.browser.newPage();
  screenshotOnFailure(page, `record-urls-${name}`);
  await page.goto(`${e2e.url}/login`);
  await page.getByLabel('E-mail').fill('gestor@demo.com.br');
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/home/missions');
  return page;
}

const dialogOf = (page: Page, c: RecordCase) => page.getByRole('dialog', { name: `Consultar | ${c.entity}` });

/** The record's dialog is open over its loaded list and shows the record. */
async function expectDialogOverList(page: Page, c: RecordCase) {
  const dialog = dialogOf(page, c);
  await dialog.waitFor({ state: 'visible', timeout: WAIT });
  await dialog.getByText(c.shows, { exact: true }).first().waitFor({ state: 'visible', timeout: WAIT });
  // The list is under the modal: present, though hidden from assistive technology.
  await page.getByRole('table', { name: c.title, includeHidden: true }).waitFor({ state: 'attached', timeout: WAIT });
}

describe('a catalogue record by its URL', () => {
  for (const [name, c] of Object.entries(CASES)) {
    test(`${name}: opens by URL over its list, survives a reload, Back goes to the list; Ver and Back from the list too`, { timeout: 120_000 }, async () => {
      const page = await signedInPage(name);
      try {
        await page.goto(`${e2e.url}${c.list}`);
        await page.getByRole('heading', { name: c.heading ?? c.title, exact: true }).waitFor({ state: 'visible', timeout: WAIT });

        const recordUrl = `${e2e.url}${c.list}/${c.id}/show`;
        await page.goto(recordUrl);
        await expectDialogOverList(page, c);

        await page.reload();
        expect(page.url()).toBe(recordUrl);
        await expectDialogOverList(page, c);

        await page.goBack();
        await page.waitForURL(`${e2e.url}${c.list}`, { timeout: WAIT });
        await dialogOf(page, c).waitFor({ state: 'hidden', timeout: WAIT });
        await page.getByRole('table', { name: c.title }).waitFor({ state: 'visible', timeout: WAIT });

        await page.getByRole('table', { name: c.title }).getByRole('button', { name: 'Ver' }).first().click();
        await page.waitForURL(/\/[0-9a-f]{24}\/show$/, { timeout: WAIT });
        await dialogOf(page, c).waitFor({ state: 'visible', timeout: WAIT });
        await page.goBack();
        await page.waitForURL(`${e2e.url}${c.list}`, { timeout: WAIT });
        await dialogOf(page, c).waitFor({ state: 'hidden', timeout: WAIT });
      } finally {
        await page.context().close();
      }
    });
  }
});
