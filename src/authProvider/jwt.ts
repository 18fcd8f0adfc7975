/**
 * Local decoding of the session token (docs/rules/sign-in.md: "The token is decoded locally to obtain
 * riskManager, name, email and role"). No signature check here: the server verifies every request;
 * the browser only needs the claims to draw menus and redirect.
 */
import { isPerfil, isRoleType, type TokenClaims } from '../domain/roles';

const base64UrlDecode = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** Payload of a JWT, or null when the text is not a decodable JWT. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export type DecodeResult =
  | { ok: true; claims: TokenClaims }
  | { ok: false; reason: 'invalidToken' | 'invalidRoleType' };

/** Decodes and checks the claims the app relies on. */
export function decodeToken(token: string): DecodeResult {
  const payload = decodeJwtPayload(token);
  if (!payload) return { ok: false, reason: 'invalidToken' };
  const role = payload.role as { type?: unknown; perfil?: unknown } | undefined;
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return { ok: false, reason: 'invalidToken' };
  if (!role || !isRoleType(role.type) || !isPerfil(role.perfil)) return { ok: false, reason: 'invalidRoleType' };
  return { ok: true, claims: payload as unknown as TokenClaims };
}

/** True when the token carries an `exp` (seconds) that is already past. */
export const isExpired = (claims: Pick<TokenClaims, 'exp'>, nowMs: number = Date.now()): boolean =>
  typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs;
