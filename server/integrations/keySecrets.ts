import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SECRET_BYTES, API_KEY_SHOWN_LENGTH } from '../../src/domain/integrations/apiKeys';

/**
 * An API key's secret (docs/rules/integrations.md): `prk_` and 32 random bytes in base64url. Only
 * its SHA-256 is stored: with 256 random bits there is nothing to guess, so a slow password hash
 * would only slow every call down.
 */
export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(API_KEY_SECRET_BYTES).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_SHOWN_LENGTH), hash: hashApiKeySecret(secret) };
}

export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
