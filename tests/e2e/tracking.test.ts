import { describe, expect, test } from 'vitest';
import { axeViolations } from './axe';
import { apiJson, demoToken, useE2eServer } from './harness';
import { missionBody, proposalBody } from '../server/missionsClient';

/**
 * The shipper's tracking link in Chromium: the risk manager shares an open mission from its row
 * action; a phone without any login opens the link and follows it live (the acceptance arrives
 * without a reload); the risk manager sees the view and revokes, and the page says so at once.
 */
const e2e = useE2eServer();

const api = (path: string, token: string, method = 'GET', body?: unknown) => apiJson(e2e.url, path, token, method, body);
const tokenOf = (email: string) => demoToken(e2e.url, email);

describe('shipper tracking link', () => {
  test('shared from the row action, followed live on a phone without login, counted and revoked', async () => {
    const [gestor, prestador] = await Promise.all([tokenOf('gestor@demo.com.br'), tokenOf('prestador@demo.com.br')]);
    const mission = await api('/missions/request', gestor, 'POST', missionBody({ processNumber: 'PR-ACOMP' }));
    const proposal = await api('/missions/proposals', prestador, 'POST', proposalBody(String(mission._id)));

    const manager = await e2e.newPage('tracking-manager');
    await e2e.logIn(manager, 'gestor@demo.com.br');
    await manager.getByRole('button', { name: 'Compartilhar acompanhamento da missão PR-ACOMP' }).first().click();
    const dialog = manager.getByRole('dialog', { name: 'Compartilhar acompanhamento — Missão PR-ACOMP' });
    const urlField = dialog.getByTestId('tracking-url');
    await urlField.waitFor({ timeout: 15_000 });
    const url = await urlField.inputValue();
    expect(url).toMatch(/\/acompanhar\/[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByTestId('tracking-views').textContent()).resolves.toContain('Visualizações: 0');
    expect(await axeViolations(manager)).toEqual([]);

    // A fresh context (no session, no storage) on a phone-sized screen.
    const phone = await e2e.newPage('tracking-phone', { width: 390, height: 844 });
    const scripts: string[] = [];
    phone.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await phone.goto(url.replace(/^https?:\/\/[^/]+/, e2e.url));
    const status = phone.getByTestId('tracking-status');
    await expect(status.textContent({ timeout: 15_000 })).resolves.toBe('Solicitada');
    await phone.getByRole('heading', { name: 'Missão PR-ACOMP' }).waitFor();
    await phone.getByRole('img', { name: /^Mapa do local da missão/ }).waitFor();
    await expect(phone.getByTestId('tracking-timeline').textContent()).resolves.toContain('Missão solicitada');
    await phone.getByTestId('tracking-live').filter({ hasText: 'Ao vivo' }).waitFor({ timeout: 15_000 });
    // Its own light chunk: neither the MUI shell nor react-admin is loaded.
    expect(scripts.filter((path) => /AppShell|react-admin|ra-core|mui/i.test(path))).toEqual([]);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // It wears the sharing risk manager's theme: its logo and its colour (Gerenciadora Demo's #00796b), not the product's.
    await phone.locator('.tk-bar').getByRole('img', { name: 'Logo da gerenciadora' }).waitFor({ timeout: 15_000 });
    expect(await phone.locator('.tk-bar').getByRole('img', { name: 'Pronta Resposta' }).count()).toBe(0);
    await expect.poll(() => phone.evaluate(() => getComputedStyle(document.querySelector('.pr-brand')!).getPropertyValue('--pr-primary').trim())).toBe('#00796b');
    expect(await axeViolations(phone)).toEqual([]);
    // Nothing a shipper may not know: no provider, no bidder.
    expect(await phone.locator('body').textContent()).not.toMatch(/Pronta Resposta Demo|Escolta Sul/);

    // The risk manager accepts the proposal: the phone hears it live, no reload.
    const loads: string[] = [];
    phone.on('load', () => loads.push(phone.url()));
    await api(`/missions/request/${String(mission._id)}/status`, gestor, 'PUT', {
      missionRequest: mission._id,
      status: 'started',
      serviceProvider: proposal.serviceProvider,
    });
    await phone.getByTestId('tracking-status').filter({ hasText: 'Em andamento' }).waitFor({ timeout: 10_000 });
    // The estimate is a duration, not a clock time.
    await expect(phone.getByTestId('tracking-eta').textContent()).resolves.toBe('Previsão de chegada da equipe: 40 min (12,5 km)');
    await expect(phone.getByTestId('tracking-timeline').textContent()).resolves.toContain('Equipe de pronta resposta acionada');
    expect(loads).toEqual([]);

    // The risk manager sees the view (the dialog refreshes it), then revokes: the phone says so at once.
    await dialog.getByTestId('tracking-views').filter({ hasText: /Visualizações: 1\b/ }).waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Revogar' }).click();
    await manager.getByTestId('toast').filter({ hasText: 'Link de acompanhamento revogado' }).waitFor();
    const gone = phone.getByTestId('tracking-gone');
    await gone.waitFor({ timeout: 10_000 });
    await expect(gone.textContent()).resolves.toContain('Link revogado ou expirado');
    await expect(gone.textContent()).resolves.toContain('revogado por quem o compartilhou');
  });
});
