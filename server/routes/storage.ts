import type { FastifyInstance } from 'fastify';
import { THEME_IMAGE_FOLDER } from '../../src/domain/theme';
import { createStorage } from '../storage/store';
import { PUBLIC_KIND, registerStorageKinds } from '../storage/routes';
import type { RouteDeps } from '.';

/**
 * Storage service (spec 7, base /api/storage). Public: the risk managers' theme images, shown on
 * the login page before anyone logs in. Mission attachments and chat files add their kinds here
 * with an access check that authenticates and scopes by tenant.
 */
export default function storageRoutes(app: FastifyInstance, { config }: RouteDeps): Promise<void> {
  registerStorageKinds(app, createStorage(config.dataDir), [PUBLIC_KIND(THEME_IMAGE_FOLDER)]);
  return Promise.resolve();
}
