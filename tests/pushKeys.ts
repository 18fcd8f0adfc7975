/**
 * The keys of a browser's PushSubscription as the device endpoints' tests send them
 * (docs/rules/notifications.md): a P-256 public key and an auth secret, base64url. Never used to
 * decrypt: the push service stub (tests/server/pushService.ts) makes real pairs for that.
 */
export const SUBSCRIPTION_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
} as const;
