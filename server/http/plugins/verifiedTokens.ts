import { jwtVerify } from 'jose';
import type { TokenClaims } from '../../../src/domain/roles';

/** Tokens remembered per instance: each entry is the token text and its claims, well under 1 KB. */
const MAX_REMEMBERED = 20_000;

/**
 * Session tokens (HS256) checked by jose once, then remembered with their claims until they
 * expire: a signature check through WebCrypto is an asynchronous job of its own, and with the key
 * conversion it was ~47% of the CPU of an authenticated request whose answer was cached. A token is
 * the same signed text on every request of a session, so the verdict cannot change before its
 * `exp`; what can change (revocation, deactivation, a new profile) is the user row, which the
 * caller checks on every request (plugins/auth.ts). Only valid tokens are remembered.
 */
export function tokenVerifier(key: CryptoKey, now: () => number = Date.now) {
  const verified = new Map<string, TokenClaims>();
  return async (token: string): Promise<TokenClaims> => {
    const known = verified.get(token);
    if (known && typeof known.exp === 'number' && known.exp * 1000 > now()) return known;
    if (known) verified.delete(token);
    // algorithms pins HS256: 'none' and asymmetric algorithms are refused.
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    const claims = payload as unknown as TokenClaims;
    verified.set(token, claims);
    if (verified.size > MAX_REMEMBERED) verified.delete(verified.keys().next().value as string);
    return claims;
  };
}

/** The HMAC key as WebCrypto wants it, imported once (given raw bytes, jose imported it on every call). */
export const hmacKey = (secret: string): Promise<CryptoKey> =>
  crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
