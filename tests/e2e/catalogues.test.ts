/**
 * In the browser (docs/rules/catalogues.md): As gestor@demo.com.br, through the real page against the
 * real server, create, edit
 * and delete a cause and a shipper (an invalid CNPJ shows 'CNPJ inválido' and creates nothing),
 * and export a list to .xlsx whose rows are the list's rows. Every UI change is also checked
 * through the API with the page's own token, so a screen that only looks right fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useE2eServer } from './harness';
import { screenshotOnFailure } from './screenshot';
import { plainText } from '../../src/domain/plainText';
import { defined } from '../defined';

const EMAIL = 'gestor@demo.com.br';
const PASSWORD = 'Demo@123';
/** localStorage key of the session token (src/authProvider/session.ts). */
const TOKEN_KEY = 'prontaResposta.token';
const WAIT = 15_000;

/** Toasts of causes (src/domain/catalogues.ts) and shippers (src/resources/shippers.ts) (docs/rules/messages.md). */
const CAUSES_SAVED = 'Motivos acionamento atualizados com sucesso';
const SHIPPERS_SAVED = 'Embarcadores atualizados com sucesso';

const e2e = useE2eServer();
let downloads: string;

beforeAll(() => {
  downloads = mkdtempSync(join(tmpdir(), 'pr-e2e-downloads-'));
});

afterAll(() => {
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

/**
 * Closes the page's own context and waits for it: page.close() alone leaves the harness's
 * un-awaited context.close() racing afterAll's browser.close() (an unhandled rejection).
 */
async function closePage(page: Page) {
  await page.context().close();
}

async function visible(locator: Locator) {
  await locator.waitFor({ state: 'visible', timeout: WAIT });
}

async function hidden(locator: Locator) {
  await locator.waitFor({ state: 'hidden', timeout: WAIT });
}

/** A logged-in page on the admin home, with a screenshot to /tmp on failure. */
async function adminPage(name: string): Promise<Page> {
  const page = await e2e.browser.newPage();
  screenshotOnFailure(page, `catalogues-${name}`);
  await page.goto(`${e2e.url}/login`);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL('**/home/missions');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Administração', { exact: true }).click();
  await page.waitForURL('**/home/admin');
  return page;
}

/** Opens an admin tile and waits for its list to be loaded (the record count shows). */
async function openTile(page: Page, tile: string, path: string, title: string) {
  await page.getByRole('button', { name: tile, exact: true }).click();
  await page.waitForURL(`**/home/admin/${path}`);
  await visible(page.getByRole('heading', { name: title, exact: true }));
  await visible(page.getByRole('status').filter({ hasText: /registros?$/ }));
}

/** The success toast: seen, then dismissed (or gone by itself) so the next one is a new one. */
async function expectToast(page: Page, text: string) {
  const toast = page.getByTestId('toast').filter({ hasText: text });
  await visible(toast);
  await toast
    .getByRole('button', { name: 'Fechar' })
    .click({ timeout: 1_000 })
    .catch(() => undefined); // it may already have timed out (2 s)
  await hidden(toast);
}

/** GET an admin list with the token the page itself holds. */
async function apiList<T>(page: Page, type: string): Promise<T[]> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  expect(token, 'token in localStorage').toBeTruthy();
  const response = await fetch(`${e2e.url}/api/admin/${type}`, { headers: { 'x-access-token': token ?? '' } });
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
}

const table = (page: Page, title: string) => page.getByRole('table', { name: title });

/** The body row whose cells include one reading exactly `text`. */
const rowWith = (page: Page, title: string, text: string) =>
  table(page, title)
    .locator('tbody tr')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Cell texts of the visible body rows, without the actions column. */
async function tableRows(page: Page, title: string): Promise<string[][]> {
  return table(page, title)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td')).slice(0, -1).map((cell) => cell.textContent?.trim() ?? '')),
    );
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });

/** Ver on a row → Deletar → the product's confirmation → Sim, tenho certeza. */
async function deleteRow(page: Page, listTitle: string, rowText: string, entity: string, toast: string) {
  await rowWith(page, listTitle, rowText).getByRole('button', { name: 'Ver' }).click();
  const detail = dialog(page, `Consultar | ${entity}`);
  await visible(detail);
  await detail.getByRole('button', { name: 'Deletar' }).click();
  const confirm = dialog(page, `Deletar | ${entity}`);
  await visible(confirm);
  await visible(confirm.getByText('Tem certeza que deseja deletar?', { exact: true }));
  await visible(confirm.getByRole('button', { name: 'Não, cancelar' }));
  await confirm.getByRole('button', { name: 'Sim, tenho certeza' }).click();
  await expectToast(page, toast);
  await hidden(confirm);
  await hidden(detail);
  await hidden(rowWith(page, listTitle, rowText));
}

interface Cause {
  _id: string;
  name: string;
  active: boolean;
  riskManager: string;
}

interface Shipper extends Cause {
  legalName: string;
  cnpj: string;
}

describe('catalogues in the browser (gestor@demo.com.br)', () => {
  test('creates, edits and deletes a cause (Motivo Acionamento)', async () => {
    const page = await adminPage('causes-crud');
    const list = 'Motivo Acionamento';
    const entity = 'Motivo acionamento';
    const created = 'Pneu furado em rota E2E';
    const renamed = 'Pneu furado na rodovia E2E';
    await openTile(page, list, 'causes', list);
    const before = await apiList<Cause>(page, 'causes');
    expect(before.map((c) => c.name)).not.toContain(created);

    // Create.
    await page.getByRole('button', { name: 'Criar novo' }).click();
    const form = dialog(page, `Criar | ${entity}`);
    await visible(form);
    await form.getByLabel('Motivo', { exact: true }).fill(created);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, CAUSES_SAVED);
    await hidden(form);
    const row = rowWith(page, list, created);
    await visible(row);
    expect(await row.locator('td').allTextContents()).toEqual([created, 'Sim', 'Ver']);
    await visible(page.getByRole('status').filter({ hasText: `${before.length + 1} registros` }));

    const afterCreate = await apiList<Cause>(page, 'causes');
    expect(afterCreate).toHaveLength(before.length + 1);
    const record = afterCreate.find((c) => c.name === created);
    expect(record).toMatchObject({ name: created, active: true });
    expect(record?._id).toMatch(/^[0-9a-f]{24}$/);

    // Open (read-only until Editar), edit the name, save.
    await row.getByRole('button', { name: 'Ver' }).click();
    const detail = dialog(page, `Consultar | ${entity}`);
    await visible(detail);
    await expect.poll(() => detail.getByTestId('value-name').textContent()).toBe(created);
    expect(await detail.getByTestId('value-id').textContent()).toBe(record?._id);
    expect(await detail.getByRole('textbox', { name: 'Motivo', exact: true }).count()).toBe(0); // read-only until Editar
    await detail.getByRole('button', { name: 'Editar' }).click();
    // Once Editar is pressed the same dialog is titled 'Editar | …'.
    const editing = dialog(page, `Editar | ${entity}`);
    const nameInput = editing.getByRole('textbox', { name: 'Motivo', exact: true });
    await visible(nameInput);
    expect(await nameInput.inputValue()).toBe(created);
    await nameInput.fill(renamed);
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, CAUSES_SAVED);
    await hidden(editing);
    await visible(rowWith(page, list, renamed));
    await hidden(rowWith(page, list, created));

    const afterEdit = await apiList<Cause>(page, 'causes');
    expect(afterEdit).toHaveLength(before.length + 1);
    expect(afterEdit.find((c) => c._id === record?._id)).toMatchObject({ name: renamed, active: true });
    expect(afterEdit.map((c) => c.name)).not.toContain(created);

    // Delete through the confirmation.
    await deleteRow(page, list, renamed, entity, CAUSES_SAVED);
    await visible(page.getByRole('status').filter({ hasText: `${before.length} registros` }));
    const afterDelete = await apiList<Cause>(page, 'causes');
    expect(afterDelete.map((c) => c._id).sort()).toEqual(before.map((c) => c._id).sort());
    await closePage(page);
  });

  test('a shipper with an invalid CNPJ is refused; fixed, it is created, renamed and deleted', async () => {
    const page = await adminPage('shippers-crud');
    const list = 'Embarcadores';
    const entity = 'Embarcador';
    const name = 'Transportes Ipê E2E';
    const renamed = 'Transportes Ipê Amarelo E2E';
    const legalName = 'Ipê Transportes e Logística Ltda';
    // 11.444.777/0001-61 is valid; changing the last check digit makes it invalid.
    const invalidCnpj = '11.444.777/0001-62';
    const validCnpj = '11444777000161';
    const validMasked = '11.444.777/0001-61';
    await openTile(page, 'Embarcador', 'advanced/shippers', list);
    const before = await apiList<Shipper>(page, 'shippers');

    await page.getByRole('button', { name: 'Criar novo' }).click();
    const form = dialog(page, `Criar | ${entity}`);
    await visible(form);
    await form.getByLabel('Nome', { exact: true }).fill(name);
    await form.getByLabel('Razão social', { exact: true }).fill(legalName);
    const cnpj = form.getByLabel('CNPJ', { exact: true });
    await cnpj.fill(invalidCnpj);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await visible(form.getByText('CNPJ inválido', { exact: true }));
    // Still open, nothing saved.
    await visible(form);
    expect(await apiList<Shipper>(page, 'shippers')).toHaveLength(before.length);
    expect(await page.getByTestId('toast').filter({ hasText: SHIPPERS_SAVED }).count()).toBe(0);

    // A valid CNPJ typed unformatted is masked and saved unformatted.
    await cnpj.fill(validCnpj);
    expect(await cnpj.inputValue()).toBe(validMasked);
    await hidden(form.getByText('CNPJ inválido', { exact: true }));
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, SHIPPERS_SAVED);
    await hidden(form);
    const row = rowWith(page, list, name);
    await visible(row);
    expect(await row.locator('td').allTextContents()).toEqual([name, legalName, validMasked, 'Sim', 'FranquiasVer']);

    const afterCreate = await apiList<Shipper>(page, 'shippers');
    expect(afterCreate).toHaveLength(before.length + 1);
    const record = afterCreate.find((s) => s.name === name);
    expect(record).toMatchObject({ name, legalName, cnpj: validCnpj, active: true });

    // Edit the name.
    await row.getByRole('button', { name: 'Ver' }).click();
    const detail = dialog(page, `Consultar | ${entity}`);
    await visible(detail);
    await expect.poll(() => detail.getByTestId('value-cnpj').textContent()).toBe(validMasked);
    await detail.getByRole('button', { name: 'Editar' }).click();
    const editing = dialog(page, `Editar | ${entity}`);
    const nameInput = editing.getByLabel('Nome', { exact: true });
    await visible(nameInput);
    await nameInput.fill(renamed);
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(page, SHIPPERS_SAVED);
    await hidden(editing);
    await visible(rowWith(page, list, renamed));
    await hidden(rowWith(page, list, name));
    const afterEdit = await apiList<Shipper>(page, 'shippers');
    expect(afterEdit.find((s) => s._id === record?._id)).toMatchObject({ name: renamed, legalName, cnpj: validCnpj });

    // Delete.
    await deleteRow(page, list, renamed, entity, SHIPPERS_SAVED);
    const afterDelete = await apiList<Shipper>(page, 'shippers');
    expect(afterDelete.map((s) => s._id).sort()).toEqual(before.map((s) => s._id).sort());
    await closePage(page);
  });

  test('Extrair relatório downloads the current (filtered) list as .xlsx with the rows on screen', async () => {
    const page = await adminPage('causes-export');
    const list = 'Motivo Acionamento';
    await openTile(page, list, 'causes', list);
    const api = await apiList<Cause>(page, 'causes');
    // One page, so every exported row is on screen.
    expect(api.length).toBeGreaterThan(1);
    expect(api.length).toBeLessThanOrEqual(10);

    const onScreen = await tableRows(page, list);
    expect(onScreen).toHaveLength(api.length);
    // The list is sorted by name (pt-BR), like the API's names.
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
    expect(onScreen.map(([name]) => name)).toEqual(api.map((c) => c.name).sort(collator.compare));

    const all = await exportRows(page, 'all');
    expect(all.file).toMatch(/^motivo-acionamento-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(all.header).toEqual(['Motivo', 'Ativo']);
    expect(all.rows).toEqual(onScreen);

    // The export follows the filter: only the matching rows.
    const matching = api.map((c) => c.name).filter((n) => n.toLocaleLowerCase('pt-BR').includes('rota'));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(api.length);
    await page.getByLabel('Filtrar').fill('rota');
    const count = matching.length === 1 ? '1 registro' : `${matching.length} registros`;
    await visible(page.getByRole('status').filter({ hasText: new RegExp(`^${count}$`) }));
    const filteredOnScreen = await tableRows(page, list);
    expect(filteredOnScreen.map(([name]) => name)).toEqual(matching.sort(collator.compare));
    const filtered = await exportRows(page, 'filtered');
    expect(filtered.header).toEqual(['Motivo', 'Ativo']);
    expect(filtered.rows).toEqual(filteredOnScreen);
    await closePage(page);
  });
});

/** Clicks 'Extrair relatório', saves the download and reads its first sheet with exceljs. */
async function exportRows(page: Page, tag: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: WAIT }),
    page.getByRole('button', { name: 'Extrair relatório' }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  const path = join(downloads, `${tag}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = defined(workbook.worksheets[0], 'worksheet');
  const values: string[][] = [];
  sheet.eachRow((row) => {
    // row.values is 1-based (index 0 empty).
    values.push((row.values as unknown[]).slice(1).map((cell) => plainText(cell)));
  });
  const [header, ...rows] = values;
  return { file: download.suggestedFilename(), header, rows };
}
