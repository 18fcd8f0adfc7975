import { session } from '../authProvider/session';
import { createHttpClient } from '../dataProvider/httpClient';
import { createPushApi, type PushApi } from '../dataProvider/pushApi';
import { browserPush, type PushBrowser } from '../serviceWorker/pushBrowser';

/** How long 'Sair' waits for the server before going on without it (no signal must not hold a sign-out). */
const SERVER_WAIT_MS = 3000;

const signedInPushApi = createPushApi(createHttpClient({ getToken: () => session.getState().token }));

/**
 * At 'Sair', this phone stops ringing for the user leaving it (docs/rules/notifications.md): the
 * server forgets the device while the session is still valid, and the browser's subscription is
 * cancelled in any case, so even without signal the push service answers 410 to the next send and
 * the server drops the device then. Never throws: signing out always goes on.
 */
export async function forgetPushDevice(
  api: Pick<PushApi, 'devices' | 'remove'> = signedInPushApi,
  browser: Pick<PushBrowser, 'supported' | 'currentEndpoint' | 'unsubscribe'> = browserPush,
  waitMs = SERVER_WAIT_MS,
): Promise<void> {
  if (!browser.supported()) return;
  const endpoint = await browser.currentEndpoint().catch(() => null);
  if (!endpoint) return;
  const onServer = (async () => {
    const device = (await api.devices()).find((d) => d.endpoint === endpoint);
    if (device) await api.remove(device._id);
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([onServer, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  await browser.unsubscribe().catch(() => undefined);
}
