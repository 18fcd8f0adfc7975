/**
 * One submission per click, in Chromium: a double click on 'Sim, tenho certeza' of Aceitar
 * (Propostas), of Cancelar missão and on the landing's 'Enviar mensagem' sends one request each. Only
 * a browser delivers a real double click (two clicks a few milliseconds apart, before React has
 * rendered the busy button), so only here does the old behaviour show.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { CONTACT_SENT, COMPANY } from '../../src/domain/company';
import { MISSION_STATUS_NOT_UPDATED, MISSION_STATUS_UPDATED, missionChangeFailedMessage, missionChangedMessage } from '../../src/domain/missions';
import { readOutbox, useE2eServer } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer();

/** The requests of `page` that match, as they are sent. */
function recordRequests(page: Page, matches: (request: Request) => boolean): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (matches(request)) seen.push(request);
  });
  return seen;
}

const statusChanges = (page: Page) => recordRequests(page, (r) => r.method() === 'PUT' && /\/api\/missions\/request\/[0-9a-f]{24}\/status$/.test(r.url()));

/** Waits past the moment a second request would have gone out. */
const settle = (page: Page) => page.waitForTimeout(1500);

describe('a double click sends once', () => {
  test('Aceitar in Propostas: asked first, then one request for a double click on Sim, tenho certeza', { timeout: 60_000 }, async () => {
    const page = await e2e.newPage('one-submission-accept');
    await e2e.logIn(page, 'gestor@demo.com.br');
    const puts = statusChanges(page);
    // DEMO-0002: open, with Pronta Resposta Demo's completed proposal.
    await page.getByRole('row').filter({ hasText: 'DEMO-0002' }).getByRole('button', { name: 'Propostas da missão DEMO-0002', exact: true }).click();
    // Aceitar asks first, naming the offer; the double click lands on its 'Sim, tenho certeza'.
    await page.getByRole('dialog').getByRole('button', { name: 'Aceitar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Aceitar a proposta de Pronta Resposta Demo?' });
    await confirm.getByText(/^Tempo de chegada: .+ · Distância: .+ km$/).waitFor({ timeout: WAIT });
    expect(puts).toHaveLength(0);
    await confirm.getByRole('button', { name: 'Sim, tenho certeza' }).dblclick();
    await page.getByText(MISSION_STATUS_UPDATED, { exact: true }).first().waitFor({ timeout: WAIT });
    await settle(page);
    expect(puts).toHaveLength(1);
    expect(await page.getByText(MISSION_STATUS_NOT_UPDATED).count()).toBe(0);
  });

  test('Sim, tenho certeza of Cancelar missão', { timeout: 60_000 }, async () => {
    const page = await e2e.newPage('one-submission-cancel');
    await e2e.logIn(page, 'gestor@demo.com.br');
    const puts = statusChanges(page);
    // DEMO-0001: open, no proposals.
    await page.getByRole('row').filter({ hasText: 'DEMO-0001' }).getByRole('button', { name: 'Cancelar missão DEMO-0001', exact: true }).click();
    await page.getByRole('button', { name: 'Sim, tenho certeza' }).dblclick();
    await page.getByText(missionChangedMessage('cancel')).first().waitFor({ timeout: WAIT });
    await settle(page);
    expect(puts).toHaveLength(1);
    expect(await page.getByText(missionChangeFailedMessage('cancel')).count()).toBe(0);
  });

  test("the landing's Enviar mensagem sends one e-mail", { timeout: 60_000 }, async () => {
    const page = await e2e.newPage('one-submission-contact');
    const posts = recordRequests(page, (r) => r.method() === 'POST' && new URL(r.url()).pathname.replace(/\/$/, '') === '/api/contact');
    const before = readOutbox(e2e.server.dataDir).length;
    await page.goto(`${e2e.url}/`);
    await page.getByLabel('Nome').fill('Ana Ribeiro');
    await page.getByLabel('E-mail').fill('ana@transportadora.com.br');
    await page.getByLabel('Mensagem').fill('Quero uma cotação de escolta.');
    await page.getByRole('button', { name: 'Enviar mensagem' }).dblclick();
    await page.getByText(CONTACT_SENT).first().waitFor({ timeout: WAIT });
    await settle(page);
    expect(posts).toHaveLength(1);
    expect(readOutbox(e2e.server.dataDir).slice(before).filter((m) => m.to === COMPANY.email)).toHaveLength(1);
  });
});
