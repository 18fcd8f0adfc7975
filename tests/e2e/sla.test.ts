/**
 * SLA clocks in Chromium: the risk manager sets a tiny target in 'Parâmetros da missão'; the open
 * demo mission's clock turns amber then red on the monitoring table (the browser's clock is moved,
 * not waited for); the breach the server wrote on saving is on the mission's timeline; the
 * dashboard shows the compliance, and passes axe.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { MonitoringPage } from '../../src/domain/missions';
import { axeViolations } from './axe';
import { useE2eServer } from './harness';

const WAIT = 30_000;
const e2e = useE2eServer();

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch(url, { headers: { 'x-access-token': token } });
    return (await response.json()) as T;
  }, path);
}

const missionRow = (page: Page, processNumber: string): Locator => page.getByRole('row').filter({ hasText: processNumber });

describe('SLA clocks in Chromium', () => {
  test('a tiny target: amber, then red, the breach on the timeline, compliance on the dashboard', { timeout: 180_000 }, async () => {
    const page = await e2e.newPage('sla-manager');
    await e2e.logIn(page, 'gestor@demo.com.br');
    const open = (await apiGet<MonitoringPage>(page, '/api/missions/request/monitoring?page=1&status=open')).data.find(
      (m) => m.processNumber === 'DEMO-0001',
    );
    expect(open?.sla?.firstProposalAt).toBeNull();

    // Two minutes to a first proposal: DEMO-0001, open for half an hour, is past it at once.
    await page.goto(`${e2e.url}/home/admin/configs`);
    await page.getByRole('button', { name: 'Editar' }).click();
    const target = page.getByRole('spinbutton', { name: 'Até a primeira proposta (min)' });
    await target.waitFor({ timeout: WAIT });
    await target.fill('2');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent(), { timeout: WAIT }).toContain('Parâmetros atualizados com sucesso');

    await page.goto(`${e2e.url}/home/missions`);
    const row = missionRow(page, 'DEMO-0001');
    await row.locator('[data-sla-color="red"]').waitFor({ timeout: WAIT });
    // Past its target the clock says so in words, visibly (not a bare '-28:30').
    expect(await row.locator('[data-sla-color="red"]').textContent()).toMatch(/^Primeira proposta atrasada \d\d:\d\d$/);
    await row.getByRole('button', { name: /^Linha do tempo/ }).click();
    const timeline = page.getByRole('dialog', { name: /Linha do tempo — Missão/ });
    await timeline.getByText('Prazo estourado: primeira proposta').waitFor({ timeout: WAIT });
    expect(await timeline.getByText('Monitor de prazos (Administrador)').count()).toBe(1);
    await timeline.getByRole('button', { name: 'Fechar' }).click();

    // The same row in a browser whose clock starts a minute after the mission's creation (half the
    // target): green; moved to 100 s (83%): amber; 30 s later, with no reload nor poll, red.
    const live = await e2e.newPage('sla-live');
    const created = Date.parse(open!.createdAt);
    await live.clock.install({ time: created + 60_000 });
    await e2e.logIn(live, 'gestor@demo.com.br');
    const clock = missionRow(live, 'DEMO-0001').locator('[data-sla-color]');
    await clock.waitFor({ timeout: WAIT });
    expect(await clock.getAttribute('data-sla-color')).toBe('green');
    await live.clock.pauseAt(created + 100_000);
    await expect.poll(() => clock.getAttribute('data-sla-color'), { timeout: WAIT }).toBe('amber');
    expect(await clock.getAttribute('aria-label')).toMatch(/^Prazo \(Primeira proposta\): perto do prazo, restam 00:2[01]$/);
    await live.clock.runFor(30_000);
    await expect.poll(() => clock.getAttribute('data-sla-color'), { timeout: WAIT }).toBe('red');
    expect(await clock.textContent()).toMatch(/^Primeira proposta atrasada 00:(09|1\d)$/);
    await live.close();

    await page.goto(`${e2e.url}/home/reports`);
    await page.getByRole('tab', { name: 'Painel' }).click();
    const phases = page.getByRole('table', { name: 'SLA por fase' });
    await phases.waitFor({ timeout: WAIT });
    const proposalLine = phases.getByRole('row').filter({ hasText: 'Primeira proposta' });
    // Against 2 minutes every demo mission's first proposal (10 to 20 min) was late; DEMO-0001's is recorded.
    await expect.poll(() => proposalLine.textContent(), { timeout: WAIT }).toMatch(/^Primeira proposta0\d+0%$/);
    await page.getByRole('table', { name: 'SLA por embarcador' }).getByText('Andrade Alimentos').waitFor({ timeout: WAIT });
    expect(await axeViolations(page)).toEqual([]);
  });
});
