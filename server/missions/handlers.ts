import type { FastifyRequest } from 'fastify';
import { MISSION_NOT_FOUND } from '../../src/domain/missions';
import { MISSION_CONTRACTS } from '../../src/domain/missions/contracts';
import { INVALID_OPTION } from '../../src/domain/messages';
import { monitoringQuerySchema } from '../../src/domain/schemas';
import { invalid, notFound } from '../errors/httpErrors';
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
import { noContent } from '../shared/answered';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { validBody } from '../shared/validation';

/**
 * The missions service (docs/api.md, base /api/missions), made from its contracts
 * (src/domain/missions/contracts.ts). Tenancy comes from the session only (viewer.ts); mutations
 * honour Idempotency-Key through the global plugin.
 */

/** Query strings are text: a page number sent as digits is read as a number, anything else stays
 * as sent so the shared schema answers its type message. */
function monitoringInput(query: unknown): Record<string, unknown> {
  const raw = { ...(query as Record<string, unknown>) };
  if (typeof raw.page === 'string' && /^\d{1,10}$/.test(raw.page)) raw.page = Number(raw.page);
  return raw;
}

export async function missionHandlers({ db, now, stamps, notifications }: FeatureDeps) {
  const viewer = (request: FastifyRequest) => viewerOf(currentUser(request));

  const page = monitoring(db, stamps, await UnreadCounts.open(db, notifications, stamps));

  const monitoringQuery = memoizedQuery((query) => validBody(monitoringQuerySchema, monitoringInput(query)));

  return {
    monitoring: serves(MISSION_CONTRACTS.monitoring, async (request, reply) =>
      sendReady(request, reply, await page(viewer(request), await monitoringQuery(request))),
    ),

    one: serves(MISSION_CONTRACTS.one, async (request) => {
      const mission = await loadMission(db, viewer(request), request.params.id);
      if (!mission) throw notFound(MISSION_NOT_FOUND);
      return mission;
    }),

    create: serves(MISSION_CONTRACTS.create, async (request, reply) => {
      const mission = await createMission(db, viewer(request), request.body, now());
      reply.status(201);
      return mission;
    }),

    status: serves(MISSION_CONTRACTS.status, (request) => {
      const value = request.body;
      if (value.missionRequest !== request.params.id) {
        throw invalid([{ code: 'invalid_enum_value', path: 'missionRequest', message: INVALID_OPTION }]);
      }
      return applyAction(db, viewer(request), request.params.id, { kind: 'status', target: value.status, serviceProvider: value.serviceProvider ?? null }, now());
    }),

    askFinish: serves(MISSION_CONTRACTS.askFinish, (request) =>
      applyAction(db, viewer(request), request.params.id, { kind: 'finishRequest', action: 'askFinish' }, now()),
    ),

    cancelFinish: serves(MISSION_CONTRACTS.cancelFinish, (request) =>
      applyAction(db, viewer(request), request.params.id, { kind: 'finishRequest', action: 'cancelFinish' }, now()),
    ),

    proposals: serves(MISSION_CONTRACTS.proposals, (request) => listProposals(db, viewer(request), request.params.id)),

    proposalCreate: serves(MISSION_CONTRACTS.proposalCreate, async (request, reply) => {
      const { proposal, created } = await upsertProposal(db, viewer(request), request.body, now());
      reply.status(created ? 201 : 200);
      return proposal;
    }),

    proposalUpdate: serves(MISSION_CONTRACTS.proposalUpdate, (request) => updateProposal(db, viewer(request), request.params.id, request.body, now())),

    proposalDelete: serves(MISSION_CONTRACTS.proposalDelete, async (request, reply) => {
      await removeProposal(db, viewer(request), request.params.id, now());
      return noContent(reply);
    }),

    events: serves(MISSION_CONTRACTS.events, async (request) => {
      const who = viewer(request);
      const seen = await seeMission(db, who, request.params.id);
      if (!seen) throw notFound(MISSION_NOT_FOUND);
      return listEvents(db, request.params.id, who, seen.standing);
    }),
  };
}
