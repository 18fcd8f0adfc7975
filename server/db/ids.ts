import { randomBytes } from 'node:crypto';

/** ObjectId-style id: 4 bytes of seconds since epoch + 8 random bytes, hex → sorts by creation time. */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
