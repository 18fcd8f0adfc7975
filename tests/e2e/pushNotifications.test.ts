/**
 * Notifications with the app closed, end to end (docs/rules/notifications.md): on a 390 px phone the
 * provider turns them on in 'Segurança da conta' → 'Notificações' (the notifications permission
 * granted to the browser context, as the phone's prompt would), the risk manager accepts its
 * proposal, and the real server's dispatcher sends the push to a push service started by this test,
 * which decrypts it with the subscription's own keys: 'Proposta aceita' for the provider, nothing
 * for a competitor of the same tenant subscribed to every kind.
 *
 * The one stand-in is the browser's own push service: Chromium subscribes through Google's, out of
 * reach here, so PushManager.subscribe/getSubscription answer with the stub's subscription; the rest
 * of src/serviceWorker/pushBrowser.ts (the permission, the service worker's registration, the VAPID
 * key handed to subscribe, toJSON) runs in the real browser.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MissionDetail, Proposal } from '../../src/domain/missions';
import { PROVIDER_PUSH_KINDS } from '../../src/domain/push';
import { missionBody, proposalBody } from '../server/missionsClient';
import { startPushService, type PushService } from '../server/pushService';
import { DEMO_PASSWORD, demoToken, launchBrowser, startServer, stopServer, type Browser, type RunningServer } from './harness';
import { screenshotOnFailure } from './screenshot';

const PHONE = { width: 390, height: 844 };

let service: PushService;
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;

beforeAll(async () => {
  service = await startPushService();
  [server, browser] = await Promise.all([startServer(undefined, { NODE_EXTRA_CA_CERTS: service.certificateFile }), launchBrowser()]);
  phone = await browser.browser.newContext({ locale: 'pt-BR', viewport: PHONE, permissions: ['notifications'] });
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  if (server) {
    await stopServer(server);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  await service?.close();
});

const tokenOf = (email: string) => demoToken(server.url, email);

async function api<T>(token: string, method: string, path: string, body: unknown, status: number): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-access-token': token },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe('push notifications in the browser', () => {
  test('the provider turns them on at 390 px; an accepted proposal reaches its subscription encrypted, a competitor hears nothing', { timeout: 180_000 }, async () => {
    const [manager, provider, competitor] = await Promise.all([tokenOf('gestor@demo.com.br'), tokenOf('prestador@demo.com.br'), tokenOf('prestador2@demo.com.br')]);
    const mission = await api<MissionDetail>(manager, 'POST', '/api/missions/request', missionBody({ processNumber: 'PR-E2E-PUSH' }), 201);
    const proposal = await api<Proposal>(provider, 'POST', '/api/missions/proposals', proposalBody(mission._id), 201);

    const device = service.device('provider-phone');
    await phone.addInitScript((subscription) => {
      const KEY = 'e2e.pushSubscription';
      const wrap = (json: typeof subscription) => ({
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: () => {
          localStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.getSubscription = function () {
        const kept = localStorage.getItem(KEY);
        return Promise.resolve((kept ? wrap(JSON.parse(kept) as typeof subscription) : null) as PushSubscription | null);
      };
      PushManager.prototype.subscribe = function (options) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        localStorage.setItem('e2e.subscribeOptions', JSON.stringify({ userVisibleOnly: options?.userVisibleOnly, key: btoa(String.fromCharCode(...key)) }));
        localStorage.setItem(KEY, JSON.stringify(subscription));
        return Promise.resolve(wrap(subscription) as unknown as PushSubscription);
      };
    }, device.subscription);

    const page = await phone.newPage();
    screenshotOnFailure(page, 'push-notifications');
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').fill('prestador@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/home/missions');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

    await page.goto(`${server.url}/home/account/security`);
    await page.getByRole('heading', { name: 'Notificações' }).waitFor({ timeout: 30_000 });
    const kinds = page.getByRole('group', { name: 'Tipos de notificação para este dispositivo' });
    for (const label of ['Missão recebida', 'Proposta aceita', 'Outro fornecedor definido']) expect(await kinds.getByLabel(label).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Ativar notificações neste dispositivo' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Notificações ativadas neste dispositivo' }).waitFor({ timeout: 15_000 });
    await page.getByText(/\(este dispositivo\)$/).waitFor();

    // pushBrowser handed the server's VAPID key to PushManager.subscribe, for visible notifications only.
    const { publicKey } = await api<{ publicKey: string }>(provider, 'GET', '/api/auth/push/key', undefined, 200);
    const options = JSON.parse((await page.evaluate(() => localStorage.getItem('e2e.subscribeOptions'))) ?? 'null') as { userVisibleOnly: boolean; key: string };
    expect(options).toEqual({ userVisibleOnly: true, key: Buffer.from(publicKey, 'base64url').toString('base64') });

    // A competitor's device that would ring for every kind a provider has.
    const rival = service.device('competitor-phone');
    await api(competitor, 'POST', '/api/auth/push/devices', { ...rival.subscription, label: 'Concorrente', kinds: PROVIDER_PUSH_KINDS }, 201);

    await api(manager, 'PUT', `/api/missions/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider }, 200);
    await service.waitForDelivered(1, 30_000);
    expect(service.deliveredTo('provider-phone')).toEqual([
      { title: 'Proposta aceita', body: 'Missão #PR-E2E-PUSH', tag: expect.any(String) as string, url: `/home/missions/${mission._id}/details/started` },
    ]);
    // The dispatcher has had time to send anything else it would.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(service.deliveredTo('competitor-phone')).toEqual([]);
    expect(service.received.map((r) => r.device)).toEqual(['provider-phone']);
    expect(service.received[0]?.topic).toBe(service.received[0]?.payload.tag);
    await page.close();
  });
});
