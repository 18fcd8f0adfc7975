import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (docs/rules/webhooks.md): the secret is `whsec_` and the base64 of
 * 32 random bytes; each signature is `v1,` and the base64 HMAC-SHA256, keyed by those bytes, of
 * `{webhook-id}.{webhook-timestamp}.{body}`. During a rotation both secrets sign, separated by a
 * space, so a receiver holding either one verifies.
 */

const PREFIX = 'whsec_';

export const newWebhookSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

const sign = (secret: string, content: string): string =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice(PREFIX.length), 'base64')).update(content).digest('base64')}`;

/** The three headers of one attempt: `secrets` first the current one, then the previous one while it is valid. */
export function signedHeaders(id: string, at: Date, body: string, secrets: string[]): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const content = `${id}.${timestamp}.${body}`;
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((secret) => sign(secret, content)).join(' '),
  };
}
