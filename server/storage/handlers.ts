import type { TypedApp } from '../shared/schemaTypes';
import { ATTACHMENT_FOLDER, CHAT_FOLDER } from '../../src/domain/missionDetails';
import { THEME_IMAGE_FOLDER } from '../../src/domain/theme';
import { STORAGE_CONTRACTS } from '../../src/domain/storageContracts';
import { canUseMissions } from '../../src/domain/permissions';
import { forbidden, notFound } from '../errors/httpErrors';
import { PUBLIC_KIND, storageKindHandler, type StorageKind } from './kinds';
import { missionOfFile } from '../files/fileStore';
import { readableMission } from '../missions/missionAccess';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';

/**
 * Storage service (docs/api.md, base /api/storage). Public: the risk managers' theme images, shown on
 * the login page before anyone logs in. Private: mission attachments and chat files, served only to
 * the people who may read their mission's details and chat (its risk manager's users, its holder,
 * platform admins) — authenticated by the x-access-token header (the browser fetches with it and
 * opens a blob URL). The tech profile gets the missions routes' 403; anyone else (another tenant,
 * a competing provider) the same 404 as for a file that does not exist.
 */
export function storageHandlers({ db, storage }: FeatureDeps, app: TypedApp) {
  const missionKind = (contract: StorageKind['contract'], folder: string, kind: 'attachments' | 'chat'): StorageKind => ({
    contract,
    folder,
    cacheControl: 'private, no-store',
    async access(request, reply, file) {
      await app.authenticate(request, reply);
      // The tech profile has no missions area (docs/rules/screens.md): refused by its role, as by every
      // missions route.
      if (!canUseMissions(currentUser(request).role)) throw forbidden();
      const mission = await missionOfFile(db, kind, file);
      // One answer for "no such file" and "not yours": an outsider cannot probe names.
      const readable = mission ? await readableMission(db, currentUser(request), mission).catch(() => null) : null;
      if (!readable) throw notFound('Arquivo não encontrado.');
    },
  });

  return {
    themeImage: storageKindHandler(storage, PUBLIC_KIND(STORAGE_CONTRACTS.themeImage, THEME_IMAGE_FOLDER)),
    attachment: storageKindHandler(storage, missionKind(STORAGE_CONTRACTS.attachment, ATTACHMENT_FOLDER, 'attachments')),
    chat: storageKindHandler(storage, missionKind(STORAGE_CONTRACTS.chat, CHAT_FOLDER, 'chat')),
  };
}
