/**
 * 'Notificações' on 'Segurança da conta' over the real server (contractHarness.tsx), with a stand-in
 * for the browser's permission and PushManager: turning notifications on for this device with the
 * kinds chosen, changing and removing a device, and the Portuguese messages when the browser refuses
 * or lacks push.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushBrowser } from '../../src/serviceWorker/pushBrowser';
import AccountSecurityPage from '../../src/custom/twoFactor/AccountSecurityPage';
import { createPushApi } from '../../src/dataProvider/pushApi';
import { createTwoFactorApi } from '../../src/dataProvider/twoFactorApi';
import { PUSH_MESSAGES } from '../../src/domain/push';
import { notify } from '../../src/layout/notify';
import { createTestApp, type TestApp } from '../server/helpers';
import { resetSession } from './authTestUtils';
import { signIn } from './contractHarness';
import { renderAt } from './publicHarness';
import { SUBSCRIPTION_KEYS } from '../pushKeys';

const PATH = '/home/account/security';
const ENDPOINT = 'https://push.example.com/send/este-celular';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
beforeEach(async () => {
  resetSession();
  await t.reset();
});
afterEach(() => notify.dismiss());

/** A browser whose permission answer is `permission`; it subscribes like PushManager would. */
function fakeBrowser(permission: NotificationPermission = 'granted', supported = true) {
  let endpoint: string | null = null;
  const browser = {
    supported: () => supported,
    requestPermission: vi.fn(() => Promise.resolve(permission)),
    subscribe: vi.fn((_key: string) => {
      endpoint = ENDPOINT;
      return Promise.resolve({ endpoint, keys: SUBSCRIPTION_KEYS });
    }),
    currentEndpoint: () => Promise.resolve(endpoint),
    unsubscribe: vi.fn(() => {
      endpoint = null;
      return Promise.resolve();
    }),
    label: () => 'Chrome em Android',
  } satisfies PushBrowser;
  return browser;
}

async function open(email: string, browser: PushBrowser) {
  const signedIn = await signIn(t.app, email);
  const push = createPushApi(signedIn.httpClient);
  renderAt(PATH, {
    [PATH]: <AccountSecurityPage api={createTwoFactorApi(signedIn.httpClient)} push={push} pushBrowser={browser} user={signedIn.getUser()} />,
  });
  return push;
}

describe("Segurança da conta: 'Notificações'", () => {
  it('turns notifications on for this device with the kinds chosen, changes them and removes the device', async () => {
    const browser = fakeBrowser();
    const push = await open('prestador@demo.com.br', browser);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Notificações' });
    const choices = screen.getByRole('group', { name: 'Tipos de notificação para este dispositivo' });
    expect(within(choices).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Missão recebida',
      'Proposta aceita',
      'Outro fornecedor definido',
      'Nova mensagem no chat',
      'Solicitação de finalização respondida',
    ]);
    await user.click(within(choices).getByRole('checkbox', { name: 'Nova mensagem no chat' }));
    await user.click(screen.getByRole('button', { name: 'Ativar notificações neste dispositivo' }));

    const device = await screen.findByRole('group', { name: 'Tipos de notificação de Chrome em Android (este dispositivo)' });
    expect(browser.subscribe).toHaveBeenCalledWith(t.config.vapid.publicKey);
    expect((await push.devices()).map((d) => [d.label, d.endpoint, d.kinds])).toEqual([
      ['Chrome em Android', ENDPOINT, ['missionOffered', 'proposalAccepted', 'proposalLost', 'finishAnswered']],
    ]);
    // Already on: no second button to turn it on.
    expect(screen.queryByRole('button', { name: 'Ativar notificações neste dispositivo' })).not.toBeInTheDocument();

    await user.click(within(device).getByRole('checkbox', { name: 'Missão recebida' }));
    await waitFor(async () => expect((await push.devices())[0]?.kinds).toEqual(['proposalAccepted', 'proposalLost', 'finishAnswered']));

    await user.click(screen.getByRole('button', { name: 'Remover Chrome em Android (este dispositivo)' }));
    expect(await screen.findByText('Nenhum dispositivo recebe notificações.')).toBeInTheDocument();
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(await push.devices()).toEqual([]);
  });

  it('says so in Portuguese when the browser refuses permission, and subscribes nothing', async () => {
    const browser = fakeBrowser('denied');
    const push = await open('gestor@demo.com.br', browser);
    const user = userEvent.setup();
    // A risk manager's kinds.
    expect(await screen.findByRole('checkbox', { name: 'SLA estourado' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Ativar notificações neste dispositivo' }));
    expect(await screen.findByText(PUSH_MESSAGES.denied)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(await push.devices()).toEqual([]);
  });

  it('says so when the browser lacks push, before asking anything', async () => {
    const browser = fakeBrowser('granted', false);
    await open('prestador2@demo.com.br', browser);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ativar notificações neste dispositivo' }));
    expect(await screen.findByText(PUSH_MESSAGES.unsupported)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  it('the tech profile has no such section', async () => {
    await open('ti@demo.com.br', fakeBrowser());
    await screen.findByRole('heading', { name: 'Segurança da conta' });
    expect(screen.queryByRole('heading', { name: 'Notificações' })).not.toBeInTheDocument();
  });
});
