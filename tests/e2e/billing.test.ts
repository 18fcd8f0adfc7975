/**
 * In the browser (docs/rules/billing.md): The provider finishes a started demo mission; the risk manager
 * prices and bills the
 * shipper's side, the provider bills its own; the mission becomes 'Faturado'; the risk manager
 * downloads the billing report in Excel and the mission's PDF, both read back and checked.
 */
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { describe, expect, test } from 'vitest';
import type { MissionDetail, MonitoringPage } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { cutText } from './cutText';
import { useE2eServer } from './harness';

const WAIT = 30_000;
const e2e = useE2eServer();

async function loggedIn(email: string, name: string): Promise<Page> {
  const page = await e2e.newPage(name);
  await e2e.logIn(page, email);
  return page;
}

/** A GET of the API with the page's own session. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch(url, { headers: { 'x-access-token': token } });
    return (await response.json()) as T;
  }, path);
}

async function downloaded(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function missionRow(page: Page, processNumber: string): Locator {
  return page.getByRole('row').filter({ hasText: processNumber });
}

async function bill(page: Page, missionId: string, target: 'shipper' | 'serviceProvider', party: string) {
  await page.goto(`${e2e.url}/home/missions/${missionId}/billing/${target}`);
  await page.getByRole('heading', { name: new RegExp(`Faturamento - ${party}`) }).waitFor({ timeout: WAIT });
  await page.getByRole('button', { name: 'Faturar' }).click();
  const dialog = page.getByRole('dialog', { name: `Faturar ${party}?` });
  await dialog.getByRole('button', { name: 'Sim, tenho certeza' }).click();
  await page.getByText(`Faturamento ${target === 'shipper' ? 'do Cliente' : 'da Prestadora'} concluído: somente leitura.`).waitFor({ timeout: WAIT });
  expect(await page.getByRole('button', { name: 'Faturar' }).count()).toBe(0);
}

describe('billing and reports in Chromium', () => {
  test('finish, bill both sides, see Faturado, download the Excel and the PDF', { timeout: 240_000 }, async () => {
    const [provider, manager] = await Promise.all([
      loggedIn('prestador@demo.com.br', 'billing-provider'),
      loggedIn('gestor@demo.com.br', 'billing-manager'),
    ]);
    const started = await apiGet<MonitoringPage>(provider, '/api/missions/request/monitoring?page=1&status=started');
    const mission = started.data.find((m) => m.serviceProvider === DEMO_IDS.provider && m.processNumber);
    if (!mission?.processNumber) throw new Error('no started demo mission held by the demo provider');
    const { _id: id, processNumber } = mission;

    // The holder finishes it from its row.
    await missionRow(provider, processNumber).getByRole('button', { name: `Finalizar missão ${processNumber}`, exact: true }).click({ timeout: WAIT });
    await provider.getByRole('button', { name: 'Sim, tenho certeza' }).click();
    await provider.getByText('Missão finalizada com sucesso').first().waitFor({ timeout: WAIT });

    // The risk manager adds the toll and saves: the final cost follows, and the save is read back.
    await manager.goto(`${e2e.url}/home/missions/${id}/billing/shipper`);
    await manager.getByRole('heading', { name: /Faturamento - Cliente/ }).waitFor({ timeout: WAIT });
    const costBefore = await apiGet<{ shipper: { finalCost: number } }>(manager, `/api/v1/billing/mission/id/${id}`);
    const toll = manager.getByLabel('Pedágio');
    await toll.fill('');
    await toll.pressSequentially('1234');
    await manager.getByRole('button', { name: 'Salvar' }).click();
    await manager.getByText('Faturamento atualizado').first().waitFor({ timeout: WAIT });
    const saved = await apiGet<{ shipper: { others: { toll: number }; finalCost: number } }>(manager, `/api/v1/billing/mission/id/${id}`);
    expect(saved.shipper.others.toll).toBe(1234);
    expect(saved.shipper.finalCost).toBe(costBefore.shipper.finalCost + 1234 - 0);

    await bill(manager, id, 'shipper', 'Cliente');
    await bill(provider, id, 'serviceProvider', 'Prestadora');

    const detail = await apiGet<MissionDetail>(manager, `/api/missions/request/id/${id}`);
    expect(detail.status).toBe('billed');
    await manager.goto(`${e2e.url}/home/missions`);
    await missionRow(manager, processNumber).getByText('Faturado', { exact: true }).waitFor({ timeout: WAIT });

    // The mission's PDF for the shipper, from the row's report dialog.
    await missionRow(manager, processNumber).getByRole('button', { name: `Relatório da missão ${processNumber}`, exact: true }).click();
    const dialog = manager.getByRole('dialog');
    await dialog.getByText('Linha do tempo íntegra', { exact: false }).waitFor({ timeout: WAIT });
    const [pdfDownload] = await Promise.all([
      manager.waitForEvent('download', { timeout: WAIT }),
      dialog.getByRole('button', { name: 'Baixar relatório Cliente' }).click(),
    ]);
    const pdf = await downloaded(pdfDownload);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
    expect(text).toContain(processNumber);
    await manager.getByText('Relatório gerado com sucesso!').first().waitFor({ timeout: WAIT });
    await dialog.getByRole('button', { name: 'Fechar' }).click();

    // The billing report in Excel, from the reports screen, holds the billed mission's row: the
    // screen opens on the current month, already searched, so neither a date nor Pesquisar is needed.
    await manager.goto(`${e2e.url}/home/reports`);
    await missionRow(manager, processNumber).first().waitFor({ timeout: WAIT });
    const [excelDownload] = await Promise.all([
      manager.waitForEvent('download', { timeout: WAIT }),
      manager.getByRole('button', { name: 'Extrair Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    const excel = await downloaded(excelDownload);
    await workbook.xlsx.load(excel.buffer.slice(excel.byteOffset, excel.byteOffset + excel.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the export has no sheet');
    const processCells: string[] = [];
    sheet.getColumn(2).eachCell((cell) => processCells.push(cell.text));
    expect(processCells).toContain(processNumber);
  });
  test('390 px: each price row a card with its usage, overage and cost whole in the screen', { timeout: 90_000 }, async () => {
    const manager = await e2e.newPage('billing-phone', { width: 390, height: 844 });
    await e2e.logIn(manager, 'gestor@demo.com.br');
    const finished = await apiGet<MonitoringPage>(manager, '/api/missions/request/monitoring?page=1&status=finished');
    const mission = finished.data.find((m) => m.storedStatus === 'finished');
    if (!mission) throw new Error('no finished demo mission');
    await manager.goto(`${e2e.url}/home/missions/${mission._id}/billing/shipper`);
    const cards = manager.getByRole('list', { name: 'Tabela de preços' }).getByRole('listitem');
    await cards.first().waitFor({ timeout: WAIT });
    expect(await cards.count()).toBe(2);
    for (const name of ['Hora', 'KM']) {
      const card = manager.getByRole('listitem', { name });
      for (const label of ['Definição', 'Limite', 'Utilização', 'Excedente', 'Valor excedente', 'Custo']) {
        expect(await card.getByText(label, { exact: true }).isVisible(), `${name}: ${label}`).toBe(true);
      }
      expect(await card.textContent()).toMatch(/Custo\s*R\$/);
      expect(await cutText(card), name).toEqual([]);
    }
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
