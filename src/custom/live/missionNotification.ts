/**
 * The missions screen's notices to a provider, said in the page (a toast, which the app's polite
 * live region also says) and outside it (the browser notification, docs/rules/missions.md push notification):
 * 'Missão recebida' (docs/rules/missions.md: body 'Missão #{id}' for one mission or 'Novas missões
 * disponíveis...'
 * for several) and what became of its bid, 'Proposta aceita' or 'Outro fornecedor definido' (body
 * 'Missão #{id}'). Every notification opens /home/missions. Permission is asked only while it is in
 * the default state. Shown through the service worker when there is one (its notificationclick
 * focuses or opens the screen), else as a page notification whose click does the same.
 */
import { notify } from '../../layout/notify';

export const NOTIFICATION_URL = '/home/missions';

export interface MissionNotice {
  title: string;
  body: string;
  /** A later notification of the same tag replaces the earlier one still on screen. */
  tag: string;
}

async function showNotification({ title, body, tag }: MissionNotice): Promise<void> {
  if (typeof Notification === 'undefined') return;
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission !== 'granted') return;
  const options: NotificationOptions = { body, tag, data: { url: NOTIFICATION_URL } };
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration) {
    await registration.showNotification(title, options);
    return;
  }
  const notification = new Notification(title, options);
  notification.onclick = () => {
    window.focus();
    if (window.location.pathname !== NOTIFICATION_URL) window.location.assign(NOTIFICATION_URL);
    notification.close();
  };
}

/** 'Title: body' in the page; the notification outside it. */
export function announceMissionNotice(notice: MissionNotice): void {
  notify.info(`${notice.title}: ${notice.body}`);
  // A browser may refuse to ask without a click; the in-page notice above is then enough.
  showNotification(notice).catch(() => undefined);
}
