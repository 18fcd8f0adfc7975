/**
 * The audit trail in the browser: gestor@demo.com.br renames a cause, opens Administração →
 * Auditoria, filters by entity and record, sees the change with its before and after, and
 * downloads the filtered entries as .xlsx. The screen passes the axe check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import type { MonitoringPage } from '../../src/domain/missions';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { axeViolations } from './axe';
import { useE2eServer } from './harness';

const WAIT = 15_000;
const e2e = useE2eServer();
let downloads: string;
beforeAll(() => {
  downloads = mkdtempSync(join(tmpdir(), 'pr-e2e-audit-'));
});
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: WAIT });

describe('Auditoria', () => {
  test('an edit shows in the trail with its before and after, filtered, and in the Excel', async () => {
    const page = await e2e.newPage('audit', { width: 1280, height: 900 });
    await e2e.logIn(page, 'gestor@demo.com.br');

    // Rename a cause through its screen.
    await page.goto(`${e2e.url}/home/admin/causes`);
    const list = page.getByRole('table', { name: 'Motivo Acionamento' });
    await list.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'Roubo de carga', exact: true }) }).getByRole('button', { name: 'Ver' }).click();
    await page.getByRole('dialog', { name: 'Consultar | Motivo acionamento' }).getByRole('button', { name: 'Editar' }).click();
    const editing = page.getByRole('dialog', { name: 'Editar | Motivo acionamento' });
    await editing.getByRole('textbox', { name: 'Motivo', exact: true }).fill('Roubo de carga E2E');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await visible(page.getByTestId('toast').filter({ hasText: 'Motivos acionamento atualizados com sucesso' }));

    // Administração → Auditoria.
    await page.getByRole('navigation', { name: 'Menu principal' }).getByText('Administração', { exact: true }).click();
    await page.getByRole('button', { name: 'Auditoria', exact: true }).click();
    await page.waitForURL('**/home/admin/audit');
    await visible(page.getByRole('heading', { name: 'Auditoria', level: 1 }));
    const entries = page.getByRole('table', { name: 'Entradas da auditoria' });
    // Before filtering, the sign-in is there too.
    await visible(entries.getByRole('cell', { name: 'Login', exact: true }).first());

    await page.getByRole('combobox', { name: 'Entidade' }).click();
    await page.getByRole('option', { name: 'Motivo Acionamento', exact: true }).click();
    await page.getByRole('textbox', { name: 'Registro' }).fill(CATALOGUE_IDS.causeRoubo);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await visible(page.getByText('1–1 de 1 registros'));
    const row = entries.locator('tbody tr');
    expect(await row.count()).toBe(1);
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1)).toEqual([
      'Gestor Demogestor@demo.com.br',
      expect.stringMatching(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/) as unknown as string,
      'Motivo Acionamento',
      'Roubo de carga E2E',
      'Alteração',
      'MotivoRoubo de carga → Roubo de carga E2E',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // Extrair Excel: the same filters.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), page.getByRole('button', { name: 'Extrair Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('auditoria.xlsx');
    const path = join(downloads, download.suggestedFilename());
    await download.saveAs(path);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Auditoria');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(9).value).toBe('Motivo: Roubo de carga');
    expect(sheet?.getRow(2).getCell(10).value).toBe('Motivo: Roubo de carga E2E');

    // A phone: the screen still reads (the table scrolls inside its box).
    await page.setViewportSize({ width: 390, height: 800 });
    await visible(page.getByRole('button', { name: 'Extrair Excel' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await page.context().close();
  });

  test('a billed side reads in Portuguese — labels, money, São Paulo time, names, the process number — wrapped, never cut', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage('audit-billing', { width: 1280, height: 900 });
    await e2e.logIn(page, 'gestor@demo.com.br');
    const finished = await apiGet<MonitoringPage>(page, '/api/missions/request/monitoring?page=1&status=finished');
    const mission = finished.data.find((m) => m.processNumber);
    if (!mission?.processNumber) throw new Error('no finished demo mission with a process number');

    // The manager adds a toll, saves, and bills the client's side.
    await page.goto(`${e2e.url}/home/missions/${mission._id}/billing/shipper`);
    await visible(page.getByRole('heading', { name: /Faturamento - Cliente/ }));
    const toll = page.getByLabel('Pedágio');
    await toll.fill('');
    await toll.pressSequentially('3550');
    await page.getByRole('button', { name: 'Faturar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim, tenho certeza' }).click();
    await visible(page.getByText('Faturamento do Cliente concluído: somente leitura.'));

    await page.goto(`${e2e.url}/home/admin/audit`);
    await page.getByRole('combobox', { name: 'Entidade' }).click();
    await page.getByRole('option', { name: 'Faturamento', exact: true }).click();
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    const entries = page.getByRole('table', { name: 'Entradas da auditoria' });
    const billed = entries.locator('tbody tr').filter({ has: page.getByRole('cell', { name: 'Faturamento concluído', exact: true }) });
    await visible(billed);
    const cells = billed.first().locator('td');
    expect(await cells.nth(4).textContent()).toBe(`Processo ${mission.processNumber} · Cliente`);
    const changes = (await cells.nth(6).innerText()).replace(/\s*\n\s*/g, '\n');
    expect(changes).toContain('Situação\nCom referência de preços → Faturado');
    expect(changes).toContain('Faturado por\n— → Gestor Demo');
    expect(changes).toMatch(/Faturado em\n— → \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(changes).toMatch(/Pedágio\nR\$ [\d.]+,\d\d → R\$ 35,50/);
    expect(changes).not.toMatch(/billed|Cents|[0-9a-f]{24}|\d{4}-\d\d-\d\dT/);

    // Nothing is cut at the right edge: at a desktop and a narrow laptop width the table fits its box and each text fits its cell.
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await fitsItsBox(page), `at ${width} px`).toEqual([]);
    }
    await page.context().close();
  });
});

/** A GET of the API with the page's own session. */
function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch(url, { headers: { 'x-access-token': token } });
    return (await response.json()) as T;
  }, path);
}

/** The audit table's texts that do not fit: the table wider than its box (scrolled or clipped), or a text wider than its cell. */
function fitsItsBox(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const table = document.querySelector('table[aria-label="Entradas da auditoria"]');
    if (!table?.parentElement) return ['no table'];
    const box = table.parentElement.getBoundingClientRect();
    const problems: string[] = [];
    if (table.parentElement.scrollWidth > table.parentElement.clientWidth + 1) problems.push(`table ${table.parentElement.scrollWidth} > box ${table.parentElement.clientWidth}`);
    if (box.right > window.innerWidth + 1) problems.push(`box right ${box.right} > window ${window.innerWidth}`);
    for (const cell of table.querySelectorAll('td, td *')) {
      const rect = cell.getBoundingClientRect();
      if (rect.right > box.right + 1 || cell.scrollWidth > cell.clientWidth + 1) problems.push(`${cell.tagName} "${(cell.textContent ?? '').slice(0, 40)}"`);
    }
    return problems;
  });
}
