/**
 * The browser notification of a received mission (spec 9, push notification): title 'Missão
 * recebida', body 'Missão #{id}' for one mission or 'Novas missões disponíveis...' for several,
 * opening /home/missions. Permission is asked only while it is in the default state. Shown through
 * the service worker when there is one (its notificationclick focuses or opens the screen), else
 * as a page notification whose click does the same.
 */
export const NOTIFICATION_TITLE = 'Missão recebida';
export const NOTIFICATION_URL = '/home/missions';

export async function notifyMissionReceived(body: string): Promise<void> {
  if (typeof Notification === 'undefined') return;
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission !== 'granted') return;
  const options: NotificationOptions = { body, tag: 'missao-recebida', data: { url: NOTIFICATION_URL } };
  const registration = await navigator.serviceWorker?.getRegistration();
  if (registration) {
    await registration.showNotification(NOTIFICATION_TITLE, options);
    return;
  }
  const notification = new Notification(NOTIFICATION_TITLE, options);
  notification.onclick = () => {
    window.focus();
    if (window.location.pathname !== NOTIFICATION_URL) window.location.assign(NOTIFICATION_URL);
    notification.close();
  };
}
