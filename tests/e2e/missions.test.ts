/**
 * In the browser (docs/rules/missions.md): The marketplace in Chromium with three people at once (one
 * browser context each):
 * the risk manager creates a mission through 'Nova Missão' (CEP looked up against the local address
 * stub); the first provider sees it on its screen, launches a search notice and completes a
 * proposal; a second provider proposes too; the risk manager accepts the first; the first asks to
 * finish, the risk manager cancels the request, the provider finishes; the second provider sees
 * 'Outro fornecedor definido'; the timeline shows every step. Each step is also read back from the
 * API with the page's own token, so a screen that only looks right fails.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { MISSION_EVENT_LABELS, type MissionDetail, type MissionEvent } from '../../src/domain/missions';
import { useE2eServer } from './harness';
import { screenshotOnFailure } from './screenshot';

const TOKEN_KEY = 'prontaResposta.token';
const WAIT = 20_000;
/** One poll (15 s) plus the page's own work on a loaded machine. */
const POLL_WAIT = 40_000;
const PROCESS = `E2E-${Date.now().toString(36).toUpperCase()}`;

const e2e = useE2eServer();
let manager: Page;
let provider: Page;
let rival: Page;
let missionId = '';

beforeAll(async () => {
  [manager, provider, rival] = await Promise.all([e2e.browser.newPage(), e2e.browser.newPage(), e2e.browser.newPage()]);
});

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
  const response = await fetch(`${e2e.url}${path}`, { headers: { 'x-access-token': token ?? '' } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const mission = (page: Page) => api<MissionDetail>(page, `/api/missions/request/id/${missionId}`);

/** The row of the mission under test, once the page lists it. */
function row(page: Page): Locator {
  return page.getByRole('row').filter({ hasText: PROCESS });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function rowAction(page: Page, action: string, timeout = WAIT) {
  await row(page).getByRole('button', { name: action, exact: true }).click({ timeout });
}

async function confirm(page: Page, toast: string) {
  await page.getByRole('button', { name: 'Sim, tenho certeza' }).click();
  await page.getByText(toast).first().waitFor({ timeout: WAIT });
}

async function sendProposal(page: Page, eta: string, km: string) {
  await rowAction(page, `Enviar proposta para a missão ${PROCESS}`, POLL_WAIT);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Prazo de chegada (hh:mm)').fill(eta);
  await dialog.getByLabel('Previsão em KM').fill(km);
  await dialog.getByLabel('CEP').fill('01310100');
  // The proposal form looks the CEP up when its field is left (docs/rules/validation.md).
  await dialog.getByLabel('Número').click();
  await expect.poll(() => dialog.getByLabel('Endereço', { exact: true }).inputValue(), { timeout: WAIT }).toBe('Avenida Paulista');
  await dialog.getByLabel('Número').fill('1000');
  // Leaving the number geocodes street and number (a CEP answer asked without the number is dropped).
  await dialog.getByLabel('Número').press('Tab');
  await expect.poll(() => dialog.getByLabel('Latitude').inputValue(), { timeout: WAIT }).not.toBe('');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByText('Proposta lançada').first().waitFor({ timeout: WAIT });
}

describe('missions marketplace in the browser', () => {
  test('create, propose, accept, finish request and finish, with the lost provider and the timeline', async () => {
    screenshotOnFailure(manager, 'missions-manager');
    screenshotOnFailure(provider, 'missions-provider');
    screenshotOnFailure(rival, 'missions-rival');
    await Promise.all([
      e2e.logIn(manager, 'gestor@demo.com.br'),
      e2e.logIn(provider, 'prestador@demo.com.br'),
      e2e.logIn(rival, 'prestador2@demo.com.br'),
    ]);
    await manager.getByRole('heading', { name: 'Missões - Gerenciadora de Risco' }).waitFor({ timeout: WAIT });
    await provider.getByRole('heading', { name: 'Missões - Pronta Resposta' }).waitFor({ timeout: WAIT });

    // 1. The risk manager creates the mission; the CEP fills the address from the stub.
    await manager.getByRole('button', { name: 'Nova Missão' }).click();
    const form = manager.getByRole('dialog');
    await choose(manager, 'Cliente', 'Andrade Alimentos');
    await choose(manager, 'Serviço', 'Pronta resposta padrão');
    await choose(manager, 'Solicitante', 'Central de Monitoramento');
    // The demo risk manager's parameters require the cause and the carrier.
    await choose(manager, 'Motivo do acionamento', 'Roubo de carga');
    await choose(manager, 'Transportador', 'TransLog Cargas');
    await form.getByLabel('Número do processo (opcional)').fill(PROCESS);
    await form.getByLabel('CEP').fill('01310100');
    await expect.poll(() => form.getByLabel('Endereço', { exact: true }).inputValue(), { timeout: WAIT }).toBe('Avenida Paulista');
    await expect.poll(() => form.getByLabel('Cidade').inputValue()).toBe('São Paulo');
    // The complement is no house number: typing it while the CEP's geocoding runs loses nothing.
    await form.getByLabel('Complemento').fill('Portão 2');
    await expect.poll(() => form.getByLabel('Latitude').inputValue(), { timeout: WAIT }).not.toBe('');
    await form.getByRole('button', { name: 'Confirmar' }).click();
    await manager.getByText('Nova missão criada').first().waitFor({ timeout: WAIT });
    await row(manager).getByText('Em leilão').waitFor({ timeout: WAIT });
    const listed = await api<{ data: { _id: string; processNumber: string | null }[] }>(manager, '/api/missions/request/monitoring?page=1');
    missionId = listed.data.find((m) => m.processNumber === PROCESS)?._id ?? '';
    expect(missionId).toMatch(/^[0-9a-f]{24}$/);
    expect(await mission(manager)).toMatchObject({ status: 'open', location: { city: 'São Paulo', zipcode: '01310100', number: 'Portão 2' } });

    // 2. The first provider sees it on its next poll, launches a notice, then completes a proposal.
    await rowAction(provider, `Lançar aviso de busca da missão ${PROCESS}`, POLL_WAIT);
    await provider.getByText('Aviso de proposta enviado').first().waitFor({ timeout: WAIT });
    await sendProposal(provider, '00:40', '12,5');

    // 3. A second provider proposes too.
    await sendProposal(rival, '01:10', '30');
    const proposals = await api<{ status: string; serviceProviderInfo: { name: string } }[]>(manager, `/api/missions/${missionId}/proposals`);
    expect(proposals.map((p) => [p.serviceProviderInfo.name, p.status]).sort()).toEqual([
      ['Escolta Sul', 'completed'],
      ['Pronta Resposta Demo', 'completed'],
    ]);

    // 4. The risk manager accepts the first provider's proposal.
    await manager.reload();
    await rowAction(manager, `Propostas da missão ${PROCESS}`);
    const list = manager.getByRole('table', { name: 'Propostas' });
    await list.getByRole('row').filter({ hasText: 'Pronta Resposta Demo' }).getByRole('button', { name: 'Aceitar' }).click();
    await manager.getByRole('dialog', { name: 'Aceitar a proposta de Pronta Resposta Demo?' }).getByRole('button', { name: 'Sim, tenho certeza' }).click();
    await manager.getByText('Status da missão atualizado').first().waitFor({ timeout: WAIT });
    await manager.getByRole('button', { name: 'Fechar' }).click().catch(() => undefined);
    expect(await mission(manager)).toMatchObject({ status: 'started', serviceProviderName: 'Pronta Resposta Demo' });

    // 5. The holder asks to finish; the risk manager cancels the request; the holder finishes.
    await provider.reload();
    await rowAction(provider, `Solicitar finalização da missão ${PROCESS}`);
    await confirm(provider, 'Finalização da missão solicitada com sucesso!');
    expect(await mission(provider)).toMatchObject({ status: 'started', finishingAsked: true });
    await manager.reload();
    await rowAction(manager, `Cancelar solicitação de finalização da missão ${PROCESS}`);
    await confirm(manager, 'Solicitação de finalização cancelada com sucesso');
    expect(await mission(manager)).toMatchObject({ status: 'started', finishingAsked: false });
    await provider.reload();
    await rowAction(provider, `Finalizar missão ${PROCESS}`);
    await confirm(provider, 'Missão finalizada com sucesso');
    expect(await mission(provider)).toMatchObject({ status: 'finished' });

    // 6. The second provider lost it: its row and its timeline say that much and nothing of the
    // winner or of what followed (competition.ts).
    await rival.reload();
    await row(rival).getByText('Outro fornecedor definido').waitFor({ timeout: WAIT });
    expect(await row(rival).innerText()).not.toContain('Pronta Resposta Demo');
    await rowAction(rival, `Linha do tempo da missão ${PROCESS}`);
    const rivalTimeline = rival.getByRole('list', { name: 'Eventos da missão' });
    await rivalTimeline.getByText(MISSION_EVENT_LABELS.created).waitFor({ timeout: WAIT });
    const seenByRival = await rivalTimeline.innerText();
    for (const hidden of ['Pronta Resposta Demo', 'Prestador Demo', MISSION_EVENT_LABELS.accepted, MISSION_EVENT_LABELS.finished]) {
      expect(seenByRival).not.toContain(hidden);
    }

    // 7. The timeline shows every step, in order.
    await manager.reload();
    await rowAction(manager, `Linha do tempo da missão ${PROCESS}`);
    const timeline = manager.getByRole('list', { name: 'Eventos da missão' });
    const expected = ['created', 'proposal_notice', 'proposal_completed', 'proposal_completed', 'accepted', 'finish_asked', 'finish_request_canceled', 'finished'] as const;
    await timeline.getByText(MISSION_EVENT_LABELS.finished).waitFor({ timeout: WAIT });
    const events = await api<MissionEvent[]>(manager, `/api/missions/${missionId}/events`);
    expect(events.map((e) => e.action)).toEqual(expected);
    for (const action of new Set(expected)) {
      expect(await timeline.getByText(MISSION_EVENT_LABELS[action], { exact: true }).count(), action).toBeGreaterThan(0);
    }
  });
});
