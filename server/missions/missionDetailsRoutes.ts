import multipart from '@fastify/multipart';
import type { TypedApp } from '../shared/schemaTypes';
import attachmentRoutes from './attachmentRoutes';
import chatRoutes from './chatRoutes';
import detailsRoutes from './detailsRoutes';
import type { FeatureDeps } from '../shared/deps';

/**
 * The details and chat calls of the missions service (docs/rules/missions.md), mounted at API_BASES.missions in
 * the authenticated scope beside the missions routes. The multipart parser lives only here: the
 * attachment and chat uploads are the only multipart calls.
 */
export default async function missionDetailsService(app: TypedApp, options: FeatureDeps & { prefix?: string }): Promise<void> {
  // The prefix applies to this plugin once; passed on, it would prefix the inner plugins again.
  const { prefix: _prefix, ...deps } = options;
  await app.register(multipart);
  await app.register(detailsRoutes, deps);
  await app.register(attachmentRoutes, deps);
  await app.register(chatRoutes, deps);
}
