/**
 * In the browser (docs/rules/missions.md): On a started demo mission, the holding provider logs two
 * agents' odometers and
 * uploads a PDF attachment; the risk manager adds a vehicle with plate 'abc1d23' (shown
 * 'ABC1D23') and sees the provider's agents and attachment; both exchange chat messages, one with
 * an image, and each sees the other's within seconds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { cutText } from './cutText';
import { heldStartedMission, useE2eServer } from './harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

const e2e = useE2eServer();

async function loggedIn(email: string, name: string): Promise<Page> {
  const page = await e2e.newPage(name);
  await e2e.logIn(page, email);
  return page;
}

/** A started demo mission held by the demo provider. */
const startedMission = async (page: Page): Promise<string> => (await heldStartedMission(page))._id;

/** A Volkswagen car added to the mission through the API with the page's session; the answer's status. */
async function addVehicle(page: Page, missionId: string, vehicle: { driver: string; plate: string; model: string; year: number; color: string }): Promise<number> {
  return page.evaluate(
    async ({ id, body }) => {
      const token = localStorage.getItem('prontaResposta.token') ?? '';
      const response = await fetch(`/api/missions/${id}/vehicles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-access-token': token },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { id: missionId, body: { driverPIN: '529.982.247-25', type: 'car', make: 'Volkswagen', ...vehicle } },
  );
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
      await provider.getByRole('cell', { name: agent.total, exact: true }).waitFor();
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

  test('390 px: every tab in view, each vehicle a card with its Placa whole, nothing wider than the screen', { timeout: 90_000 }, async () => {
    const manager = await e2e.newPage('details-phone', { width: 390, height: 844 });
    await e2e.logIn(manager, 'gestor@demo.com.br');
    const id = await startedMission(manager);
    expect(await addVehicle(manager, id, { driver: 'Motorista Celular', plate: 'abc1d23', model: 'Constellation', year: 2020, color: 'Branco' })).toBe(201);
    await manager.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await manager.getByRole('tab', { name: 'Veículos' }).waitFor();
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The four tabs wrap rather than run past the screen's edge.
    for (const name of ['Veículos', 'Ocorrências', 'Prestadores', 'Anexos']) {
      expect(await cutText(manager.getByRole('tab', { name })), name).toEqual([]);
    }
    const card = manager.getByRole('list', { name: 'Tabela: Veículos' }).getByRole('listitem').filter({ hasText: 'Motorista Celular' });
    await card.waitFor();
    for (const part of ['Placa', 'ABC1D23', 'Cor', 'Branco', 'Constellation']) expect(await card.textContent()).toContain(part);
    expect(await cutText(card)).toEqual([]);
    const last = manager.getByRole('tab', { name: 'Anexos' });
    await last.click();
    expect(await last.getAttribute('aria-selected')).toBe('true');
  });

  test("390 px: the answers of Aceitar's and Deletar's confirmations are at least 44 px tall", { timeout: 90_000 }, async () => {
    const manager = await e2e.newPage('confirmations-phone', { width: 390, height: 844 });
    await e2e.logIn(manager, 'gestor@demo.com.br');
    const answerHeights = async () => {
      const dialog = manager.getByRole('dialog').filter({ has: manager.getByRole('button', { name: 'Sim, tenho certeza' }) });
      const heights: Record<string, number> = {};
      await dialog.waitFor();
      for (const name of ['Não, cancelar', 'Sim, tenho certeza']) heights[name] = Math.round((await dialog.getByRole('button', { name }).boundingBox())?.height ?? 0);
      await dialog.getByRole('button', { name: 'Não, cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      return heights;
    };
    // DEMO-0002: open, with Pronta Resposta Demo's completed proposal.
    await manager.getByRole('button', { name: 'Propostas da missão DEMO-0002', exact: true }).click();
    await manager.getByRole('dialog').getByRole('button', { name: 'Aceitar' }).click();
    expect(Object.entries(await answerHeights()).filter(([, height]) => height < 44)).toEqual([]);
    await manager.keyboard.press('Escape');

    const id = await startedMission(manager);
    expect(await addVehicle(manager, id, { driver: 'Motorista Polegar', plate: 'abc1d24', model: 'Gol', year: 2021, color: 'Prata' })).toBe(201);
    await manager.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await manager.getByRole('tab', { name: 'Veículos' }).click();
    const card = manager.getByRole('list', { name: 'Tabela: Veículos' }).getByRole('listitem').filter({ hasText: 'Motorista Polegar' });
    await card.getByRole('radio', { name: 'Selecionar' }).check();
    await manager.getByRole('button', { name: 'Deletar' }).click();
    expect(Object.entries(await answerHeights()).filter(([, height]) => height < 44)).toEqual([]);
  });

  test("390 px: the odometer dialog stacks its rows, each field readable, at least 44 px tall, its errors on whole lines", { timeout: 90_000 }, async () => {
    const provider = await e2e.newPage('details-odometer-phone', { width: 390, height: 844 });
    await e2e.logIn(provider, 'prestador@demo.com.br');
    const id = await startedMission(provider);
    await provider.goto(`${e2e.url}/home/missions/${id}/details/started`);
    await provider.getByRole('tab', { name: 'Prestadores' }).click();
    await provider.getByRole('button', { name: 'Adicionar' }).click();
    const dialog = provider.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Preencha a kilometragem do início da missão').waitFor();
    const fields = [dialog.getByLabel('Nome'), dialog.getByLabel('Km'), dialog.getByLabel('Data e hora')];
    const boxes: { label: string; width: number; height: number }[] = [];
    for (const field of fields) {
      for (let i = 0; i < (await field.count()); i++) {
        // The outlined box around the input, what a finger aims at.
        const box = await field.nth(i).locator('xpath=ancestor::div[contains(@class,"MuiInputBase-root")][1]').boundingBox();
        boxes.push({ label: `${(await field.nth(i).getAttribute('name')) ?? ''}`, width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) });
      }
    }
    expect(boxes).toHaveLength(9);
    // 240 px holds a date and time whole (squeezed to 50 px it read 'n📅').
    expect(boxes.filter((b) => b.width < 240 || b.height < 44)).toEqual([]);
    // Each message reads on at most two lines, not one word a line.
    // The later points may stay blank (read one at a time): half-filled, and read after a blank one, they speak too.
    await dialog.getByLabel('Km').nth(1).fill('5');
    await dialog.getByLabel('Km').nth(3).fill('9');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Preencha o horário da chegada no local da missão').waitFor();
    await dialog.getByText('Preencha a kilometragem da saída do local da missão').waitFor();
    const errors = dialog.locator('.MuiFormHelperText-root');
    const count = await errors.count();
    expect(count).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < count; i++) {
      const box = await errors.nth(i).boundingBox();
      expect(box && box.height <= 45 && box.width >= 240, `message ${i}: ${JSON.stringify(box)}`).toBe(true);
    }
  });
});
