// The app's service worker (registered on load). It caches nothing — no fetch handler, so
// every request, API answers above all, goes to the network as if it were absent. Its one job is
// the missions screen's notifications ('Missão recebida', 'Proposta aceita', 'Outro fornecedor
// definido'): a click focuses an open /home/missions tab or opens one.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/home/missions', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const same = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (same) return same.focus();
      const any = windows[0];
      if (any) return any.navigate(target.href).then((client) => client && client.focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
