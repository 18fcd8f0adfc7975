/**
 * A data subject's request end to end in Chromium (docs/rules/privacy.md): the demo risk manager's
 * Administrador finds the driver of a finished mission by CPF on Administração → Privacidade,
 * exports the PDF of what is held, anonymises them after the confirmation, and the mission's own
 * PDF then no longer names the driver while its chain still reads 'Cadeia íntegra'. And the
 * screen on a phone: nothing wider than the screen, every control at least 44 px tall.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { describe, expect, test } from 'vitest';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { maskCpf } from '../../src/domain/masks';
import { ANONYMISED_MARKER } from '../../src/domain/privacy/eventPersonal';
import { PRIVACY_TEXTS as T } from '../../src/domain/privacy/texts';
import { CHAIN_INTACT } from '../../src/domain/reports/missionReport';
import { cpfCheckDigits } from '../../src/domain/validators/cpf';
import { cutText } from './cutText';
import { apiJson, demoToken, useE2eServer } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer();

const CPF = maskCpf(`361725108${cpfCheckDigits('361725108')}`);
const DRIVER = 'Joana Titular Ensaio';
// Held by the demo provider, which has already asked to finish it (server/demo/seedMissions.ts).
const MISSION = MISSION_IDS.startedFinishAsked;

const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text;

/** The mission's 'Atendimento' PDF, read with the page's session. */
async function missionPdf(page: Page): Promise<string> {
  const bytes = await page.evaluate(async (id) => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch(`/api/reports/missionDetail/pdf?missionRequestId=${id}&type=simple`, { headers: { 'x-access-token': token } });
    return Array.from(new Uint8Array(await response.arrayBuffer()));
  }, MISSION);
  return pdfText(new Uint8Array(bytes));
}

async function openPrivacy(page: Page) {
  await page.goto(`${e2e.url}/home/admin`);
  await page.getByRole('button', { name: T.title }).click();
  await page.waitForURL('**/home/admin/privacy');
}

describe('Privacidade, in Chromium', () => {
  test('finds a finished mission’s driver by CPF, exports the PDF, anonymises; the mission PDF no longer names them and its chain is intact', { timeout: 150_000 }, async () => {
    // The driver goes on the mission while it runs (vehicles are the risk manager's), then its holder finishes it.
    const [gestor, prestador] = await Promise.all([demoToken(e2e.url, 'gestor@demo.com.br'), demoToken(e2e.url, 'prestador@demo.com.br')]);
    await apiJson(e2e.url, `/missions/${MISSION}/vehicles`, gestor, 'POST', { driver: DRIVER, driverPIN: CPF, type: 'car', plate: 'ABC1D23', year: 2020 });
    await apiJson(e2e.url, `/missions/request/${MISSION}/status`, prestador, 'PUT', { missionRequest: MISSION, status: 'finished' });

    const page = await e2e.newPage('privacy');
    await e2e.logIn(page, 'gestor@demo.com.br');
    const before = await missionPdf(page);
    expect(before).toContain(DRIVER);
    expect(before).toContain(CHAIN_INTACT);

    await openPrivacy(page);
    await page.getByRole('textbox', { name: T.subject }).fill(CPF);
    await page.getByRole('button', { name: T.search }).click();
    const drivers = page.getByRole('list', { name: 'Motorista' });
    await drivers.getByText(DRIVER).waitFor({ timeout: WAIT });
    await expect.poll(() => drivers.getByRole('listitem').count()).toBe(1);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), page.getByRole('button', { name: T.exportPdf }).click()]);
    expect(download.suggestedFilename()).toBe('dados-do-titular.pdf');
    const exported = await pdfText(new Uint8Array(await readFile(await download.path())));
    expect(exported).toContain(DRIVER);
    expect(exported).toContain(CPF);

    await page.getByRole('button', { name: T.anonymise }).click();
    const confirm = page.getByRole('dialog', { name: `${T.anonymise} | ${CPF}` });
    await confirm.getByText(T.anonymiseConfirm(CPF)).waitFor({ timeout: WAIT });
    await confirm.getByRole('button', { name: 'Sim, tenho certeza' }).click();
    await page.getByText(T.nothingFound(CPF)).waitFor({ timeout: WAIT });

    const after = await missionPdf(page);
    expect(after).toContain(CHAIN_INTACT);
    expect(after).not.toContain(DRIVER);
    expect(after).toContain(ANONYMISED_MARKER);
  });

  test('at 390 px: every tab fits the screen and its controls are at least 44 px tall', { timeout: 120_000 }, async () => {
    const page = await e2e.newPage('privacy-phone', { width: 390, height: 844 });
    await e2e.logIn(page, 'gestor@demo.com.br');
    await openPrivacy(page);
    const panel = page.getByRole('tabpanel');
    for (const [tab, ready] of [
      [T.subjectsTab, T.search],
      [T.retentionTab, T.save],
      [T.incidentsTab, T.newIncident],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await panel.getByRole('button', { name: ready }).waitFor({ timeout: WAIT });
      await page.waitForLoadState('networkidle');
      expect(await cutText(page.locator('main'))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const short = await page.locator('main').evaluate((main) =>
        Array.from(main.querySelectorAll('button, [role="tab"], .MuiInputBase-root'))
          .filter((el) => el.getBoundingClientRect().width > 0)
          .map((el) => [(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30), Math.round(el.getBoundingClientRect().height)] as const)
          .filter(([, height]) => height < 44),
      );
      expect(short, tab).toEqual([]);
    }
  });
});
