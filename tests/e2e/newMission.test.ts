/**
 * 'Nova Missão' in Chromium with the geocoding service out of reach (GEOCODE_UPSTREAM_URL on a port
 * nothing listens on; the CEP service is the local stub): a shipper with no franchise plan says why
 * Serviço offers nothing; a mission whose coordinates the person typed by hand is created with its
 * success message, and no warning about the location service (nothing was missing).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { COORDINATES_SERVICE_UNAVAILABLE } from '../../src/domain/address';
import { MISSION_CREATED, NO_FRANCHISE_PLAN_HINT } from '../../src/domain/missions';
import { useE2eServer } from './harness';

const WAIT = 20_000;
const e2e = useE2eServer({ env: { GEOCODE_UPSTREAM_URL: 'http://127.0.0.1:9' } });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function newMission(name: string): Promise<Page> {
  const page = await e2e.newPage(name);
  await e2e.logIn(page, 'gestor@demo.com.br');
  await page.getByRole('button', { name: 'Nova Missão' }).click();
  return page;
}

/** Every toast shown since the page opened, in order (they hide after a few seconds). */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenToasts: string[] }).seenToasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts);
}

describe('Nova Missão in Chromium, the geocoding service unreachable', () => {
  test('a shipper with no franchise plan: Serviço says why it is empty and where to add one', { timeout: 90_000 }, async () => {
    const page = await newMission('new-mission-no-plan');
    const form = page.getByRole('dialog');
    await choose(page, 'Cliente', 'Nexa Farma');
    await form.getByText(NO_FRANCHISE_PLAN_HINT).waitFor({ timeout: WAIT });
    await choose(page, 'Cliente', 'Andrade Alimentos');
    await page.getByRole('combobox', { name: 'Serviço' }).click();
    await page.getByRole('option', { name: 'Pronta resposta padrão', exact: true }).waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');
    expect(await form.getByText(NO_FRANCHISE_PLAN_HINT).count()).toBe(0);
  });

  test('coordinates typed by hand: created with its success message, no location-service warning', { timeout: 90_000 }, async () => {
    const page = await newMission('new-mission-by-hand');
    const toasts = await recordToasts(page);
    const form = page.getByRole('dialog');
    await choose(page, 'Cliente', 'Andrade Alimentos');
    await choose(page, 'Serviço', 'Pronta resposta padrão');
    await choose(page, 'Solicitante', 'Central de Monitoramento');
    await choose(page, 'Motivo do acionamento', 'Roubo de carga');
    await choose(page, 'Transportador', 'TransLog Cargas');
    await form.getByLabel('Número do processo (opcional)').fill('E2E-A-MAO');
    await form.getByLabel('Latitude').fill('-23,550300');
    await form.getByLabel('Longitude').fill('-46,633900');
    await form.getByLabel('CEP').fill('01310100');
    await expect.poll(() => form.getByLabel('Cidade').inputValue(), { timeout: WAIT }).toBe('São Paulo');
    await form.getByLabel('Complemento').fill('Portão 2');
    await form.getByLabel('Endereço', { exact: true }).fill('Avenida Paulista, 1000');
    await form.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByTestId('toast').filter({ hasText: MISSION_CREATED }).first().waitFor({ timeout: WAIT });
    await form.waitFor({ state: 'detached', timeout: WAIT });
    expect(await toasts()).not.toContain(COORDINATES_SERVICE_UNAVAILABLE);
  });
});
