/**
 * The device's outbox in Chromium on a 390 px phone (docs/rules/field-app.md, "Nada se perde sem
 * sinal"): the provider loses the signal, types a chat message and an occurrence, sees 'Aguardando
 * conexão' with the count, reloads the app still without signal (the service worker's shell; the
 * actions come back from IndexedDB), and once the signal returns each is sent exactly once — the
 * server holds one of each, none lost, none twice.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ChatMessage, MissionDetailsResponse } from '../../src/domain/missionDetails';
import { heldStartedMission, useE2eServer } from './harness';

const PHONE = { width: 390, height: 844 };
const WAIT = 30_000;
const e2e = useE2eServer();

/** A GET of the API with the page's session (after the signal is back). */
function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('prontaResposta.token') ?? '';
    const response = await fetch(url, { headers: { 'x-access-token': token }, cache: 'no-store' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return (await response.json()) as unknown;
  }, path) as Promise<T>;
}

/** Ten minutes ago as the phone's datetime-local field takes it. */
const tenMinutesAgo = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() - 10 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });

describe('the outbox through a dropped connection', () => {
  test('a chat message and an occurrence typed offline survive a reload and are sent once each when the signal returns', { timeout: 240_000 }, async () => {
    const page = await e2e.newPage('outbox', PHONE);
    await e2e.logIn(page, 'prestador@demo.com.br');
    // The shell must come from the service worker for the app to open again without signal.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const mission = await heldStartedMission(page);
    const chatUrl = `${e2e.url}/home/missions/${mission._id}/chat/started`;
    const message = `Sem sinal na serra ${Date.now()}`;
    const description = `Pneu furado sem sinal ${Date.now()}`;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });

    await page.goto(chatUrl);
    const composer = page.getByRole('textbox', { name: 'Mensagem' });
    await composer.waitFor({ timeout: WAIT });

    await page.context().setOffline(true);
    await composer.fill(message);
    await composer.press('Enter');
    const waiting = page.getByTestId('outbox-waiting');
    await expect.poll(() => waiting.textContent(), { timeout: WAIT }).toBe('Aguardando conexão: 1 ação guardada no aparelho');

    // To the details on the phone, still offline: the screen's data is the one the chat read.
    await page.getByRole('button', { name: 'Detalhes' }).click();
    await page.getByRole('button', { name: 'Registrar ocorrência' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Data da ocorrência').fill(await tenMinutesAgo(page));
    await dialog.getByRole('combobox', { name: /Tipo/ }).click();
    await page.getByRole('option', { name: 'Roubo', exact: true }).click();
    await dialog.getByLabel(/Descrição/).fill(description);
    await dialog.getByLabel(/Cidade/).fill('São Paulo');
    await dialog.getByLabel(/Estado/).fill('SP');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached', timeout: WAIT });
    await expect.poll(() => waiting.textContent(), { timeout: WAIT }).toBe('Aguardando conexão: 2 ações guardadas no aparelho');
    await page.getByRole('tab', { name: 'Ocorrências' }).click();
    await page.getByTestId('details-queued').filter({ hasText: description }).waitFor({ timeout: WAIT });

    // The app opened again with no signal: its shell from the service worker, the actions from IndexedDB.
    await page.reload();
    await expect.poll(() => waiting.textContent(), { timeout: WAIT }).toBe('Aguardando conexão: 2 ações guardadas no aparelho');
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('prontaResposta.outbox');
          open.onerror = () => reject(new Error('IndexedDB'));
          open.onsuccess = () => {
            const request = open.result.transaction('actions', 'readonly').objectStore('actions').count();
            request.onsuccess = () => resolve(request.result);
          };
        }),
    );
    expect(kept).toBe(2);
    expect(posts.filter((p) => p === '/api/missions/chat' || p.endsWith('/ocurrencies'))).toEqual([]);

    // The signal returns: the browser's `online` sends them, in order, once each.
    await page.context().setOffline(false);
    await waiting.waitFor({ state: 'detached', timeout: 60_000 });
    const chat = await api<ChatMessage[]>(page, `/api/missions/${mission._id}/chat`);
    expect(chat.filter((m) => m.message === message)).toHaveLength(1);
    const details = await api<MissionDetailsResponse>(page, `/api/missions/request/id/${mission._id}/details`);
    expect(details.ocurrenciesDisplay.filter((o) => o.description === description)).toHaveLength(1);
    // Sent once each: the outbox made one request per action (the server's key would have caught a second).
    expect(posts.filter((p) => p === '/api/missions/chat')).toHaveLength(1);
    expect(posts.filter((p) => p === `/api/missions/${mission._id}/ocurrencies`)).toHaveLength(1);
    await page.close();
  });
});
