/** 'Sair' stops this phone ringing for the user leaving it (docs/rules/notifications.md), with or without signal. */
import { describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '../../src/domain/push/contracts';
import { forgetPushDevice } from '../../src/layout/forgetPushDevice';

const ENDPOINT = 'https://push.example/abc';
const device = (id: string, endpoint: string) => ({ _id: id, endpoint }) as unknown as PushDevice;

function fakes(devices: () => Promise<PushDevice[]>) {
  const api = { devices: vi.fn(devices), remove: vi.fn(() => Promise.resolve()) };
  const browser = { supported: () => true, currentEndpoint: vi.fn(() => Promise.resolve<string | null>(ENDPOINT)), unsubscribe: vi.fn(() => Promise.resolve()) };
  return { api, browser };
}

describe('forgetting this device at sign-out', () => {
  it("removes this browser's device on the server, not the user's other devices, and cancels the subscription", async () => {
    const { api, browser } = fakes(() => Promise.resolve([device('other', 'https://push.example/zzz'), device('this', ENDPOINT)]));
    await forgetPushDevice(api, browser);
    expect(api.remove).toHaveBeenCalledTimes(1);
    expect(api.remove).toHaveBeenCalledWith('this');
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('without signal, or with a server that does not answer, still cancels the subscription and returns', async () => {
    const down = fakes(() => Promise.reject(new Error('offline')));
    await forgetPushDevice(down.api, down.browser);
    expect(down.browser.unsubscribe).toHaveBeenCalledTimes(1);

    const silent = fakes(() => new Promise<PushDevice[]>(() => undefined));
    await forgetPushDevice(silent.api, silent.browser, 20);
    expect(silent.api.remove).not.toHaveBeenCalled();
    expect(silent.browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when the browser has no push or no subscription', async () => {
    const none = fakes(() => Promise.resolve([]));
    none.browser.currentEndpoint.mockResolvedValue(null);
    await forgetPushDevice(none.api, none.browser);
    await forgetPushDevice(none.api, { ...none.browser, supported: () => false });
    expect(none.api.devices).not.toHaveBeenCalled();
    expect(none.browser.unsubscribe).not.toHaveBeenCalled();
  });
});
