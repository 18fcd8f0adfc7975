/**
 * The themes service (docs/api.md, base /api/themes) and the contact form's call (base /api/contact).
 * Reading a theme and sending the contact form are public; the writes need the session's token.
 */
import { CONTACT_CONTRACT } from '../domain/company';
import type { ContactValues } from '../domain/schemas/contact';
import type { Theme, ThemeImageKind, ThemeSettings } from '../domain/theme';
import { createCall } from './call';
import { createHttpClient, type HttpClient } from './httpClient';

export interface ThemesApi {
  /** GET ?riskManager= → that risk manager's theme (the default one without, or for an unknown id). */
  get(riskManager: string | null): Promise<Theme>;
  /** PUT: the caller's own theme; a platform admin names `riskManager`. */
  save(settings: ThemeSettings, riskManager?: string | null): Promise<Theme>;
  /** POST /images/{kind}: the file itself is the body. */
  uploadImage(kind: ThemeImageKind, file: Blob, riskManager?: string | null): Promise<Theme>;
  removeImage(kind: ThemeImageKind, riskManager?: string | null): Promise<Theme>;
}

export function createThemesApi(client: HttpClient): ThemesApi {
  const query = (riskManager?: string | null) => (riskManager ? { riskManager } : undefined);
  return {
    async get(riskManager) {
      return (await client<Theme>('themes', '/', { authorized: false, query: query(riskManager) })).data;
    },
    async save(settings, riskManager) {
      return (await client<Theme>('themes', '/', { method: 'PUT', body: { ...settings, riskManager: riskManager ?? null } })).data;
    },
    async uploadImage(kind, file, riskManager) {
      const headers = { 'Content-Type': file.type || 'application/octet-stream' };
      return (await client<Theme>('themes', `/images/${kind}`, { method: 'POST', body: file, headers, query: query(riskManager) })).data;
    },
    async removeImage(kind, riskManager) {
      return (await client<Theme>('themes', `/images/${kind}`, { method: 'DELETE', query: query(riskManager) })).data;
    },
  };
}

/** POST /api/contact (its contract, src/domain/company.ts): no session token, no Idempotency-Key, so a failure is never re-sent behind the visitor's back. */
export async function sendContact(client: HttpClient, values: ContactValues): Promise<void> {
  const call = createCall((base, path, options) => client(base, path, { ...options, authorized: false }));
  await call(CONTACT_CONTRACT, { body: values, idempotencyKey: false });
}

/** The public pages' client (no session). */
export const publicClient: HttpClient = createHttpClient();
