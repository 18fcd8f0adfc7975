/**
 * Provider scorecards and the live cost meter in Chromium: the risk manager opens the ranking, a
 * provider's page and exports its Excel; a provider sees its own scorecard only; the meter of a
 * running mission changes on the risk manager's screen when the provider sends a new reading.
 */
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import { SCORECARD_COLUMNS } from '../../src/domain/reports/scorecards';
import { axeViolations } from './axe';
import { useE2eServer } from './harness';

const WAIT = 30_000;
const e2e = useE2eServer();

async function loggedIn(email: string, name: string): Promise<Page> {
  const page = await e2e.newPage(name);
  await e2e.logIn(page, email);
  return page;
}

async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A call of the API with the page's own session. */
function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('prontaResposta.token') ?? '';
      const headers: Record<string, string> = { 'x-access-token': token };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

describe('provider scorecards and the cost meter in Chromium', () => {
  test('ranking → provider page → Excel; a provider sees its own only', { timeout: 120_000 }, async () => {
    const [manager, provider] = await Promise.all([loggedIn('gestor@demo.com.br', 'scorecards-manager'), loggedIn('prestador@demo.com.br', 'scorecards-provider')]);

    await manager.getByRole('link', { name: 'Desempenho' }).click();
    await manager.getByRole('heading', { name: 'Desempenho das prestadoras' }).waitFor({ timeout: WAIT });
    const ranking = manager.getByRole('table', { name: 'Classificação das prestadoras' });
    await ranking.waitFor({ timeout: WAIT });
    expect(await ranking.getByRole('row').count()).toBe(3);
    expect(await axeViolations(manager)).toEqual([]);

    await ranking.getByRole('link', { name: 'Pronta Resposta Demo' }).click();
    await manager.waitForURL(`**/home/performance/${DEMO_IDS.provider}`);
    await manager.getByRole('heading', { name: 'Pronta Resposta Demo' }).waitFor({ timeout: WAIT });
    await manager.getByTestId('scorecard-chart').locator('svg').first().waitFor({ timeout: WAIT });
    const won = await manager.getByTestId('scorecard-won').textContent();
    expect(Number(won)).toBeGreaterThan(0);
    expect(await axeViolations(manager)).toEqual([]);

    // The legend's swatches are painted as the bars: the same fill (colour or pattern), outline and pattern scale.
    const paints = await manager.getByTestId('scorecard-chart').evaluate((chart) => {
      const paint = (el: Element | null | undefined) =>
        el instanceof SVGGraphicsElement ? { fill: el.getAttribute('fill'), stroke: getComputedStyle(el).stroke, scale: el.getScreenCTM()?.a ?? 0 } : null;
      return {
        legend: [...chart.querySelectorAll('.recharts-legend-wrapper svg')].map((svg) => paint(svg.querySelector('path, rect'))),
        bars: [...chart.querySelectorAll('.recharts-bar')].map((bar) => paint(bar.querySelector('.recharts-rectangle'))),
      };
    });
    expect(paints.bars).toHaveLength(3);
    expect(paints.bars.every(Boolean)).toBe(true);
    expect(paints.legend).toEqual(paints.bars);

    // Each figure on one line, never cut ('R$ 1.007,89' wrapped at its space), from a desktop to a phone.
    for (const width of [1280, 1024, 900, 390]) {
      await manager.setViewportSize({ width, height: 900 });
      const figures = await manager.locator('[data-testid^="scorecard-"]:is(dd)').evaluateAll((dds) =>
        dds.map((dd) => {
          const range = document.createRange();
          range.selectNodeContents(dd);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          return { text: dd.textContent, lines, cut: dd.scrollWidth > dd.clientWidth + 1 };
        }),
      );
      expect(figures.length, `at ${width} px`).toBe(SCORECARD_COLUMNS.length);
      expect(figures.filter((f) => f.lines !== 1 || f.cut), `at ${width} px`).toEqual([]);
    }
    await manager.setViewportSize({ width: 1280, height: 800 });

    const [download] = await Promise.all([manager.waitForEvent('download', { timeout: WAIT }), manager.getByRole('button', { name: 'Extrair Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^desempenho-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await downloaded(download);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Mês');
    expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
    expect(sheet.getRow(sheet.rowCount).getCell(4).value).toBe(Number(won));

    await provider.getByRole('link', { name: 'Desempenho' }).click();
    await provider.getByRole('heading', { name: 'Meu desempenho' }).waitFor({ timeout: WAIT });
    await provider.getByRole('table', { name: 'Desempenho mês a mês de Pronta Resposta Demo' }).waitFor({ timeout: WAIT });
    expect(await provider.getByText('Escolta Sul').count()).toBe(0);
    await provider.goto(`${e2e.url}/home/performance/${DEMO_IDS.providerSul}`);
    await provider.getByText(/Prestadora não encontrada/).waitFor({ timeout: WAIT });
  });

  test('the running mission’s meter changes when a new odometer reading arrives', { timeout: 90_000 }, async () => {
    const [manager, provider] = await Promise.all([loggedIn('gestor@demo.com.br', 'meter-manager'), loggedIn('prestador@demo.com.br', 'meter-provider')]);
    const mission = MISSION_IDS.startedFinishAsked;
    await manager.goto(`${e2e.url}/home/missions/${mission}/details/started`);
    const km = manager.getByTestId('meter-km');
    // The demo agent is on place (24,3 km from its start); leaving and returning are still ahead.
    await expect.poll(() => km.textContent(), { timeout: WAIT }).toBe('24,3 de 100 km');
    await manager.getByTestId('cost-meter').getByText('Franquia: Pronta resposta padrão').waitFor();
    expect(await axeViolations(manager)).toEqual([]);

    const details = await api<MissionDetailsResponse>(provider, 'GET', `/api/missions/request/id/${mission}/details`);
    const agent = details.securityAgentsDisplay[0]!;
    const arrival = { ...agent.odometer.arrivalOnPlace, km: agent.odometer.start.km + 30 };
    // The demo agent's leaving and return readings lie an hour or more ahead, which the server no
    // longer takes (at most 5 minutes ahead of its clock): they are saved a few minutes ahead, still
    // ahead of the meter's clock.
    const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const odometer = {
      ...agent.odometer,
      arrivalOnPlace: arrival,
      endOnPlace: { ...agent.odometer.endOnPlace, time: soon(2) },
      end: { ...agent.odometer.end, time: soon(4) },
    };
    await api(provider, 'PUT', `/api/missions/${mission}/securityagents`, { name: agent.name, createdAt: agent.createdAt, odometer });
    // No reload: the live stream's odometer event refetches the meter.
    await expect.poll(() => km.textContent(), { timeout: WAIT }).toBe('30 de 100 km');
  });
});
