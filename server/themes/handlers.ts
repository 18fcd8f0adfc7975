import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../shared/schemaTypes';
import { MISSING_RISK_MANAGER_ISSUE } from '../../src/domain/apiErrors';
import { isId } from '../../src/domain/ids';
import { themeSettingsSchema } from '../../src/domain/schemas/theme';
import { THEME_CONTRACTS } from '../../src/domain/themeContracts';
import {
  DEFAULT_THEME,
  THEME_IMAGE_EMPTY_ERROR,
  THEME_IMAGE_FOLDER,
  THEME_IMAGE_MAX_BYTES,
  THEME_IMAGE_SIZE_ERROR,
  THEME_IMAGE_TYPE_ERROR,
  type Theme,
} from '../../src/domain/theme';
import { canEditTheme } from '../../src/domain/themeAccess';
import type { Db } from '../db/client';
import { badRequest, forbidden, HttpError, invalid } from '../errors/httpErrors';
import { findTheme, saveImage, saveSettings } from './themeStore';
import { currentUser } from '../shared/session';
import { auditSource, recordAudit } from '../audit/record';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';
import { serves } from '../shared/serves';

/**
 * Themes service (docs/api.md, base /api/themes). Reading is public — the login page is themed before
 * anyone logs in. Writing (settings, images) is for canEditTheme, always on the caller's own risk
 * manager; a platform admin names the risk manager (body or ?riskManager=).
 */

/** GET /api/themes[?riskManager=] — the default theme without a (known) risk manager. */
export function publicThemeHandlers({ db }: FeatureDeps) {
  return {
    get: serves(THEME_CONTRACTS.get, async (request) => {
      const id = request.query.riskManager;
      return (isId(id) ? await findTheme(db, id) : null) ?? DEFAULT_THEME;
    }),
  };
}

/** The theme the caller may write: its own; a platform admin's named one. */
async function editableTheme(db: Db, request: FastifyRequest, requested: unknown): Promise<Theme> {
  const user = currentUser(request);
  if (!canEditTheme(user.role)) throw forbidden();
  const named = requested === undefined || requested === null || requested === '' ? null : requested;
  if (user.riskManager) {
    if (named !== null && named !== user.riskManager) throw forbidden();
    const own = await findTheme(db, user.riskManager);
    if (!own) throw forbidden();
    return own;
  }
  const theme = isId(named) ? await findTheme(db, named) : null;
  if (!theme) throw invalid([{ ...MISSING_RISK_MANAGER_ISSUE }]);
  return theme;
}

/** The theme as saved by `tx`, with its audit entry (what changed since `before`) in the same transaction. */
async function audited(tx: Db, request: FastifyRequest, before: Theme): Promise<Theme> {
  const riskManager = before.riskManager ?? '';
  const after = await findTheme(tx, riskManager);
  // Written by this transaction, so it is there; the answer's schema has no room for null.
  if (!after) throw new Error(`Tema de ${riskManager} ausente depois de salvo`);
  await recordAudit(tx, auditSource(request), { entity: 'themes', action: 'update', record: riskManager, tenant: riskManager, before, after });
  return after;
}

const IMAGE_REFUSALS = {
  empty: THEME_IMAGE_EMPTY_ERROR,
  tooLarge: THEME_IMAGE_SIZE_ERROR,
  badType: THEME_IMAGE_TYPE_ERROR,
} as const;

/** The content types an upload may declare; the file's real type is decided by its bytes. */
const UPLOAD_TYPES = /^(application\/octet-stream|image\/[a-z0-9.+-]+)$/;

/**
 * The scope of the theme writes (their rows in server/http/routeTable.ts): the images' own body
 * parser and body limit, apart from every other route.
 */
export function themeWriteScope(app: TypedApp): void {
  // Images travel as the request body itself (fetch sends a File as it is): one file per call, no
  // multipart parser needed. Up to twice the limit is read so that the usual oversize gets its own message on save.
  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: 2 * THEME_IMAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // The image call reads that much whatever the body's type (a JSON body too, then refused 415).
  app.addHook('onRoute', (options) => {
    const upload = THEME_CONTRACTS.uploadImage;
    if (options.method === upload.method && options.url === `${app.prefix}/${upload.path}`) options.bodyLimit = 2 * THEME_IMAGE_MAX_BYTES;
  });
}

/** PUT /api/themes and the image calls (behind the token). */
export function themeWriteHandlers({ db, storage }: FeatureDeps) {
  return {
    save: serves(THEME_CONTRACTS.save, async (request) => {
      const body = (request.body ?? {}) as { riskManager?: unknown };
      const theme = await editableTheme(db, request, body.riskManager);
      const value = await validBody(themeSettingsSchema, request.body);
      const riskManager = theme.riskManager ?? '';
      return db.transaction(async (tx) => {
        await saveSettings(tx, riskManager, { ...value, components: value.components ?? {} });
        return audited(tx, request, theme);
      });
    }),

    uploadImage: serves(THEME_CONTRACTS.uploadImage, async (request) => {
      const theme = await editableTheme(db, request, request.query.riskManager);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, { error: THEME_IMAGE_TYPE_ERROR });
      const saved = await storage.save(THEME_IMAGE_FOLDER, request.body, {
        types: ['png', 'jpeg', 'webp', 'gif', 'svg'],
        maxBytes: THEME_IMAGE_MAX_BYTES,
      });
      if (typeof saved === 'string') throw badRequest(IMAGE_REFUSALS[saved]);
      const { replaced, after } = await db.transaction(async (tx) => ({
        replaced: await saveImage(tx, theme, request.params.kind, saved.name),
        after: await audited(tx, request, theme),
      }));
      if (replaced) await storage.remove(THEME_IMAGE_FOLDER, replaced);
      return after;
    }),

    removeImage: serves(THEME_CONTRACTS.removeImage, async (request) => {
      const theme = await editableTheme(db, request, request.query.riskManager);
      const { replaced, after } = await db.transaction(async (tx) => ({
        replaced: await saveImage(tx, theme, request.params.kind, null),
        after: await audited(tx, request, theme),
      }));
      if (replaced) await storage.remove(THEME_IMAGE_FOLDER, replaced);
      return after;
    }),
  };
}
