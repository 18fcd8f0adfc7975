/**
 * Issue 9 E2E: on a started demo mission, the holding provider logs two agents' odometers and
 * uploads a PDF attachment; the risk manager adds a vehicle with plate 'abc1d23' (shown
 * 'ABC1D23') and sees the provider's agents and attachment; both exchange chat messages, one with
 * an image, and each sees the other's within seconds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { MonitoringPage } from '../../src/domain/missions';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { useE2eServer } from './harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

const e2e = useE2eServer();

async function loggedIn(email: string, name: string): Promise<Page> {
  const page = await e2e.newPage(name);
  await e2e.logIn(page, email);
  return page;
}

/** A started demo mission held by the demo provider, found through the API with the page's session. */
async function startedMission(page: Page): Promise<string> {
  const monitoring = await page.evaluate(async () => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch('/api/missions/request/monitoring?page=1&status=started', { headers: { 'x-access-token': token } });
    return (await response.json()) as MonitoringPage;
  });
  const mission = monitoring.data.find((m) => m.serviceProvider === DEMO_IDS.provider);
  if (!mission) throw new Error('no started demo mission held by the demo provider');
  return mission._id;
}

describe('mission details and chat in Chromium', () => {
  test('provider and risk manager fill the details and talk', { timeout: 180_000 }, async () => {
    const provider = await loggedIn('prestador@demo.com.br', 'details-provider');
    const id = await startedMission(provider);

    await provider.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await provider.getByRole('tab', { name: 'Prestadores' }).click();
    // Two agents, each with its four odometer readings; the list shows each one's total time.
    const agents = [
      { name: 'Agente E2E', kms: ['100', '110', '120', '130'], times: ['2026-11-20T08:00', '2026-11-20T08:30', '2026-11-20T09:30', '2026-11-20T10:00'], total: '02:00' },
      { name: 'Agente Apoio E2E', kms: ['200', '215', '240', '260'], times: ['2026-11-20T08:15', '2026-11-20T09:00', '2026-11-20T10:45', '2026-11-20T11:15'], total: '03:00' },
    ];
    for (const agent of agents) {
      await provider.getByRole('button', { name: 'Adicionar' }).click();
      const agentDialog = provider.getByRole('dialog');
      await agentDialog.getByLabel('Nome').fill(agent.name);
      for (let i = 0; i < 4; i++) {
        await agentDialog.getByLabel('Km').nth(i).fill(agent.kms[i] ?? '');
        await agentDialog.getByLabel('Data e hora').nth(i).fill(agent.times[i] ?? '');
      }
      await agentDialog.getByRole('button', { name: 'Salvar' }).click();
      await provider.getByText('Prestador adicionado com sucesso').first().waitFor();
      await provider.getByRole('cell', { name: agent.total }).waitFor();
    }

    await provider.getByRole('tab', { name: 'Anexos' }).click();
    await provider.getByRole('button', { name: 'Adicionar' }).click();
    const attachmentDialog = provider.getByRole('dialog');
    await attachmentDialog.getByLabel('Descrição').fill('Nota fiscal E2E');
    await attachmentDialog.getByLabel('Arquivo').setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: PDF });
    await attachmentDialog.getByRole('button', { name: 'Salvar' }).click();
    await provider.getByTestId('toast').filter({ hasText: 'Arquivo adicionado com sucesso' }).waitFor();

    const manager = await loggedIn('gestor@demo.com.br', 'details-manager');
    await manager.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await manager.getByRole('button', { name: 'Adicionar' }).click();
    const vehicleDialog = manager.getByRole('dialog');
    await vehicleDialog.getByRole('textbox', { name: /^Motorista/ }).fill('Motorista E2E');
    await vehicleDialog.getByRole('combobox', { name: /Espécie/ }).click();
    await manager.getByRole('option', { name: 'Caminhão' }).click();
    await vehicleDialog.getByLabel('Placa').fill('abc1d23');
    await vehicleDialog.getByLabel('Placa').blur();
    expect(await vehicleDialog.getByLabel('Placa').inputValue()).toBe('ABC1D23');
    await vehicleDialog.getByRole('button', { name: 'Salvar' }).click();
    await manager.getByRole('cell', { name: 'ABC1D23' }).waitFor();
    await manager.getByRole('tab', { name: 'Prestadores' }).click();
    await manager.getByRole('cell', { name: 'Agente E2E', exact: true }).waitFor();
    await manager.getByRole('cell', { name: 'Agente Apoio E2E' }).waitFor();
    await manager.getByRole('tab', { name: 'Anexos' }).click();
    await manager.getByRole('cell', { name: 'Nota fiscal E2E' }).waitFor();

    await provider.goto(`${e2e.url}/home/missions/${id}/chat/started`);
    await provider.getByText('Chat com a gerenciadora de risco').waitFor();
    await manager.getByRole('button', { name: 'Chat' }).click();
    await manager.getByText('Chat com Pronta Resposta Demo').waitFor();

    await provider.getByLabel('Mensagem').fill('Equipe no local');
    await provider.getByRole('button', { name: 'Enviar' }).click();
    await manager.getByText('Equipe no local').waitFor({ timeout: 15_000 });

    await manager.getByTestId('chat-file').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
    await manager.getByLabel('Mensagem').fill('Segue a foto');
    await manager.getByRole('button', { name: 'Enviar' }).click();
    await provider.getByText('Segue a foto').waitFor({ timeout: 15_000 });
    await provider.getByText('Imagem').waitFor();
  });

  test('390 px: a swipe along the tab strip reaches every tab, nothing wider than the screen', { timeout: 90_000 }, async () => {
    const manager = await e2e.newPage('details-phone', { width: 390, height: 844 });
    await e2e.logIn(manager, 'gestor@demo.com.br');
    const id = await startedMission(manager);
    await manager.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await manager.getByRole('tab', { name: 'Veículos' }).waitFor();
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The last tab lies past the screen's edge: a swipe along the tab strip brings it into view.
    const last = manager.getByRole('tab', { name: 'Anexos' });
    await manager.getByRole('tablist').hover();
    await manager.mouse.wheel(400, 0);
    await manager.waitForFunction(() => {
      const tab = [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === 'Anexos');
      return tab !== undefined && tab.getBoundingClientRect().right <= window.innerWidth;
    });
    await last.click();
    expect(await last.getAttribute('aria-selected')).toBe('true');
    const box = await last.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'Anexos inside the screen').toBe(true);
  });
});
