import type { TypedApp } from '../shared/schemaTypes';
import { INVALID_ADMIN_SUB } from '../../src/domain/apiErrors';
import { sendReady } from '../cache/readyJson';
import { badRequest, forbidden } from '../errors/httpErrors';
import type { AdminCatalogues } from './records';
import { adminCatalogues } from './adminCatalogues';
import { MISSION_CONFIG_ANSWER, listMissionConfigs, readMissionConfig, updateMissionConfig } from './missionConfigs';
import { SHIPPER_PLAN_ANSWER, shipperPlansOf } from './franchisePlans';
import { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';
import { NO_CONTENT, answers, crudSchemas, listOf, tenantQuery, typeIdParams, typeParams, yupDescribed } from '../shared/routeSchemas';
import { missionConfigSchema, shipperFranchisePlanSchema } from '../../src/domain/schemas';
import { recordSlaBreaches } from '../missions/slaBreaches';
import { readRule, writeRule } from './crudQueries';
import { pagedListRoute } from '../shared/crudRoutes';
import { currentUser } from '../shared/session';
import { auditSource } from '../audit/record';
import type { FeatureDeps } from '../shared/deps';

/**
 * The admin service (docs/api.md, base /api/admin): the registry's catalogues through
 * the generic CRUD factory (records.ts, adminCatalogues.ts), dispatched by {type} — an unknown type is a 400
 * 'invalid admin sub' — plus the mission parameters (missionConfigs.ts), the cached city list and a shipper's plans.
 */

export default async function adminRoutes(app: TypedApp, { db, catalogues: registry, stamps, now }: FeatureDeps & { catalogues?: AdminCatalogues }) {
  const catalogues = adminCatalogues(db, registry, stamps);
  const handlersFor = (type: string) => {
    const handlers = Object.hasOwn(catalogues, type) ? catalogues[type] : undefined;
    if (!handlers) throw badRequest(INVALID_ADMIN_SUB);
    return handlers;
  };

  // Static paths first in meaning; Fastify also prefers them over /:type routes.
  const config = crudSchemas(MISSION_CONFIG_ANSWER, missionConfigSchema);
  app.get('/mission/configs', { schema: config.list }, (request) => {
    const user = currentUser(request);
    if (!readRule('configs')(user)) throw forbidden();
    return listMissionConfigs(db, user, request.query.riskManager);
  });
  app.get('/mission/configs/:id', { schema: config.one }, (request) => {
    const user = currentUser(request);
    if (!readRule('configs')(user)) throw forbidden();
    return readMissionConfig(db, user, request.params.id);
  });
  app.put('/mission/configs/:id', { schema: config.update }, (request) => {
    const user = currentUser(request);
    if (!writeRule('configs')(user)) throw forbidden();
    return updateMissionConfig(db, user, auditSource(request), request.params.id, request.body, (riskManager) => recordSlaBreaches(db, now(), riskManager));
  });
  // The lists that grow with a tenant page, sort and filter on the server (server/shared/crudRoutes.ts pagedListRoute).
  // The full city list is the big one (the budget in docs/performance.md), and the same for every
  // signed-in user: the
  // browser may keep it and revalidate it (304 while unchanged).
  for (const [type, handlers] of Object.entries(catalogues)) {
    if (!handlers.listing) continue;
    const paged = pagedListRoute(handlers, { revalidate: type === 'cities' });
    app.get(`/${type}`, { schema: paged.schema }, paged.handler);
  }
  app.get('/shippers/:id/franchises', { schema: crudSchemas(SHIPPER_PLAN_ANSWER, shipperFranchisePlanSchema).childList }, (request) =>
    shipperPlansOf(db, request, request.params.id, request.query),
  );

  // One record of any catalogue at /:type: each catalogue's answer, named by its label.
  const anyRecord = { anyOf: Object.values(catalogues).map((handlers) => handlers.answer) };
  const anyBody = { anyOf: Object.values(catalogues).map((handlers) => yupDescribed(handlers.schema)), [CHECKED_IN_HANDLER]: 'yup', type: 'object' };
  const typeQuery = { params: typeParams, querystring: tenantQuery, response: answers(listOf(anyRecord)) };
  app.get('/:type', { schema: typeQuery }, async (request, reply) =>
    sendReady(request, reply, await handlersFor(request.params.type).listReady(request, request.query)),
  );
  app.get('/:type/:id', { schema: { params: typeIdParams, response: answers(anyRecord) } }, (request) =>
    handlersFor(request.params.type).one(request, request.params.id),
  );
  app.post('/:type', { schema: { params: typeParams, body: anyBody, response: answers(anyRecord, 201) } }, (request, reply) =>
    handlersFor(request.params.type).create(request, reply),
  );
  app.put('/:type/:id', { schema: { params: typeIdParams, body: anyBody, response: answers(anyRecord) } }, (request) =>
    handlersFor(request.params.type).update(request, request.params.id),
  );
  app.delete('/:type/:id', { schema: { params: typeIdParams, response: NO_CONTENT } }, async (request, reply) => {
    await handlersFor(request.params.type).remove(request, reply, request.params.id);
    return reply.send();
  });
}
