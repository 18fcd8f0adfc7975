/**
 * What the 'Notificações' section asks of the browser (docs/rules/notifications.md): permission to
 * notify, and a push subscription from the service worker's PushManager with the server's VAPID
 * key. An interface, so the section's tests can stand in for a browser that refuses or lacks push.
 */

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushBrowser {
  /** Notifications, service workers and PushManager all present. */
  supported(): boolean;
  requestPermission(): Promise<NotificationPermission>;
  /** Subscribes (or returns the existing subscription) with the VAPID public key (base64url). */
  subscribe(publicKey: string): Promise<BrowserSubscription>;
  /** This browser's current subscription's endpoint, or null. */
  currentEndpoint(): Promise<string | null>;
  unsubscribe(): Promise<void>;
  /** How the device is named in the list ('Chrome em Android'). */
  label(): string;
}

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

const registration = async (): Promise<ServiceWorkerRegistration> => {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new Error('no service worker');
  return found;
};

const NAMES: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iPhone/iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS/, 'Mac'],
  [/Linux/, 'Linux'],
];
const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

export const browserPush: PushBrowser = {
  supported: () => typeof Notification !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined',
  requestPermission: () => (Notification.permission === 'default' ? Notification.requestPermission() : Promise.resolve(Notification.permission)),
  async subscribe(publicKey) {
    const { pushManager } = await registration();
    const subscription =
      (await pushManager.getSubscription()) ?? (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
    const { endpoint = '', keys = {} } = subscription.toJSON();
    return { endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' } };
  },
  async currentEndpoint() {
    const found = await navigator.serviceWorker.getRegistration();
    return (await found?.pushManager.getSubscription())?.endpoint ?? null;
  },
  async unsubscribe() {
    const found = await navigator.serviceWorker.getRegistration();
    await (await found?.pushManager.getSubscription())?.unsubscribe();
  },
  label() {
    const agent = navigator.userAgent;
    const name = first(NAMES, agent);
    const system = first(SYSTEMS, agent);
    return name && system ? `${name} em ${system}` : (name ?? system ?? 'Este navegador');
  },
};
