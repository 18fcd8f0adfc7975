/**
 * The themes service (docs/api.md, base /api/themes) and the contact form's call (base /api/contact).
 * Reading a theme and sending the contact form are public; the writes need the session's token.
 */
import { CONTACT_CONTRACT } from '../domain/company';
import type { ContactValues } from '../domain/schemas/contact';
import type { Theme, ThemeImageKind, ThemeSettings } from '../domain/theme';
import type { ServiceBase } from '../domain/endpointPaths';
import { THEME_CONTRACTS } from '../domain/themeContracts';
import { createCall } from './call';
import { createHttpClient, type HttpClient, type RequestOptions } from './httpClient';

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
  const call = createCall(client);
  /** A call with what its contract does not carry: no token for the public read, the image's own Content-Type. */
  const callWith = (extra: RequestOptions) =>
    createCall(<T>(base: ServiceBase, path: string, options?: RequestOptions) => client<T>(base, path, { ...options, ...extra }));
  const query = (riskManager?: string | null) => (riskManager ? { riskManager } : {});
  return {
    get: (riskManager) => callWith({ authorized: false })(THEME_CONTRACTS.get, { query: query(riskManager) }),
    save: (settings, riskManager) => call(THEME_CONTRACTS.save, { body: { ...settings, riskManager: riskManager ?? null } }),
    uploadImage: (kind, file, riskManager) =>
      callWith({ headers: { 'Content-Type': file.type || 'application/octet-stream' } })(THEME_CONTRACTS.uploadImage, {
        params: { kind },
        query: query(riskManager),
        body: file,
      }),
    removeImage: (kind, riskManager) => call(THEME_CONTRACTS.removeImage, { params: { kind }, query: query(riskManager) }),
  };
}

/** POST /api/contact (its contract, src/domain/company.ts): no session token, no Idempotency-Key, so a failure is never re-sent behind the visitor's back. */
export async function sendContact(client: HttpClient, values: ContactValues): Promise<void> {
  const call = createCall((base, path, options) => client(base, path, { ...options, authorized: false }));
  await call(CONTACT_CONTRACT, { body: values, idempotencyKey: false });
}

/** The public pages' client (no session). */
export const publicClient: HttpClient = createHttpClient();
