import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../shared/schemaTypes';
import { MISSION_NOT_FOUND, MISSION_PATHS } from '../../src/domain/missions';
import { MISSION_RESPONSES as ANSWERS } from '../../src/domain/missions/responseSchemas';
import { INVALID_OPTION } from '../../src/domain/messages';
import { monitoringQuerySchema, proposalCreateSchema, proposalFormSchema, statusChangeSchema } from '../../src/domain/schemas';
import { invalid, notFound } from '../errors/httpErrors';
import { ROUTE_SCHEMAS } from '../shared/routeSchemas';
import { createMission } from './create';
import { listEvents } from './events';
import { monitoring } from './monitoring';
import { UnreadCounts } from './unreadCounts';
import { memoizedQuery } from '../cache/queryMemo';
import { sendReady } from '../cache/readyJson';
import { listProposals, removeProposal, updateProposal, upsertProposal } from './proposals';
import { loadMission, seeMission } from './rows';
import { applyAction } from './status';
import { viewerOf } from './viewer';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';

/**
 * The missions service (docs/api.md, base /api/missions; paths from MISSION_PATHS). Tenancy comes from
 * the session only (viewer.ts); mutations honour Idempotency-Key through the global plugin.
 */

/** `:id` (Fastify's own syntax) → the route path. */
const route = (key: keyof typeof MISSION_PATHS) => `/${MISSION_PATHS[key]}`;

/** Query strings are text: a page number sent as digits is read as a number, anything else stays
 * as sent so the shared schema answers its type message. */
function monitoringInput(query: unknown): Record<string, unknown> {
  const raw = { ...(query as Record<string, unknown>) };
  if (typeof raw.page === 'string' && /^\d{1,10}$/.test(raw.page)) raw.page = Number(raw.page);
  return raw;
}

export default async function missionRoutes(app: TypedApp, { db, now, stamps, notifications }: FeatureDeps) {
  const viewer = (request: FastifyRequest) => viewerOf(currentUser(request));
  const page = monitoring(db, stamps, await UnreadCounts.open(db, notifications, stamps));
  const monitoringQuery = memoizedQuery((query) => validBody(monitoringQuerySchema, monitoringInput(query)));

  app.get(route('monitoring'), { schema: { querystring: { type: 'object' }, response: ANSWERS.page } }, async (request, reply) =>
    sendReady(request, reply, await page(viewer(request), await monitoringQuery(request))),
  );

  app.get(route('one'), { schema: { ...ROUTE_SCHEMAS.byId, response: ANSWERS.detail } }, async (request) => {
    const mission = await loadMission(db, viewer(request), request.params.id);
    if (!mission) throw notFound(MISSION_NOT_FOUND);
    return mission;
  });

  app.post(route('create'), { schema: { ...ROUTE_SCHEMAS.create, response: ANSWERS.created } }, async (request, reply) => {
    const mission = await createMission(db, viewer(request), request.body, now());
    return reply.status(201).send(mission);
  });

  app.put(route('status'), { schema: { ...ROUTE_SCHEMAS.update, response: ANSWERS.detail } }, async (request) => {
    const who = viewer(request);
    const value = await validBody(statusChangeSchema, request.body);
    if (value.missionRequest !== request.params.id) {
      throw invalid([{ code: 'invalid_enum_value', path: 'missionRequest', message: INVALID_OPTION }]);
    }
    return applyAction(db, who, request.params.id, { kind: 'status', target: value.status, serviceProvider: value.serviceProvider ?? null }, now());
  });

  app.post(route('askFinish'), { schema: { ...ROUTE_SCHEMAS.byId, response: ANSWERS.detail } }, (request) =>
    applyAction(db, viewer(request), request.params.id, { kind: 'finishRequest', action: 'askFinish' }, now()),
  );
  app.delete(route('askFinish'), { schema: { ...ROUTE_SCHEMAS.byId, response: ANSWERS.detail } }, (request) =>
    applyAction(db, viewer(request), request.params.id, { kind: 'finishRequest', action: 'cancelFinish' }, now()),
  );

  app.get(route('proposals'), { schema: { ...ROUTE_SCHEMAS.byId, response: ANSWERS.proposals } }, (request) =>
    listProposals(db, viewer(request), request.params.id),
  );

  app.post(route('proposalCreate'), { schema: { ...ROUTE_SCHEMAS.create, response: ANSWERS.proposalSent } }, async (request, reply) => {
    const who = viewer(request);
    const value = await validBody(proposalCreateSchema, request.body);
    const { proposal, created } = await upsertProposal(db, who, value, now());
    return reply.status(created ? 201 : 200).send(proposal);
  });

  app.put(route('proposalOne'), { schema: { ...ROUTE_SCHEMAS.update, response: ANSWERS.proposal } }, async (request) => {
    const who = viewer(request);
    const value = await validBody(proposalFormSchema, request.body);
    return updateProposal(db, who, request.params.id, value, now());
  });

  app.delete(route('proposalOne'), { schema: { ...ROUTE_SCHEMAS.byId, response: ANSWERS.removed } }, async (request, reply) => {
    await removeProposal(db, viewer(request), request.params.id, now());
    return reply.status(204).send();
  });

  app.get(route('events'), { schema: { ...ROUTE_SCHEMAS.byId, response: ANSWERS.events } }, async (request) => {
    const who = viewer(request);
    const seen = await seeMission(db, who, request.params.id);
    if (!seen) throw notFound(MISSION_NOT_FOUND);
    return listEvents(db, request.params.id, who, seen.standing);
  });
}
