import { INTEGRATION_CONTRACTS } from '../../src/domain/integrations/contracts';
import { INBOUND_MISSION_MESSAGES, inboundMissionQuerySchema } from '../../src/domain/integrations/schemas';
import { createAddressService } from '../address/service';
import { auditSource } from '../audit/record';
import { badRequest, forbidden } from '../errors/httpErrors';
import { viewerOf } from '../missions/viewer';
import { noContent } from '../shared/answered';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import { validBody } from '../shared/validation';
import { createApiKey, listApiKeys, revokeApiKey } from './apiKeys';
import { listInboundMissions, openInboundMission, readInboundMission } from './inboundMissions';

/** The 'Integrações' screen's keys (docs/rules/integrations.md): a person's session only (the rows take no key scope). */
export function apiKeyHandlers({ db, now }: FeatureDeps) {
  return {
    list: serves(INTEGRATION_CONTRACTS.keys, (request) => listApiKeys(db, currentUser(request), request.query.riskManager)),
    create: serves(INTEGRATION_CONTRACTS.createKey, async (request, reply) => {
      const created = await createApiKey(db, currentUser(request), request.body, auditSource(request));
      reply.status(201);
      return created;
    }),
    revoke: serves(INTEGRATION_CONTRACTS.revokeKey, async (request, reply) => {
      await revokeApiKey(db, currentUser(request), request.params.id, now(), auditSource(request));
      return noContent(reply);
    }),
  };
}

/** Missions opened and read by other systems (docs/integrations.md); a risk manager's own users may call them too. */
export function inboundMissionHandlers({ db, config, now }: FeatureDeps) {
  // One cache per app instance, as the address endpoints keep theirs (server/address/cache.ts).
  const address = createAddressService(config);
  return {
    create: serves(INTEGRATION_CONTRACTS.createMission, async (request, reply) => {
      // A tracking platform retries an alert: without the key the retry would open a second mission.
      if (typeof request.headers['idempotency-key'] !== 'string') throw badRequest(INBOUND_MISSION_MESSAGES.idempotencyKeyRequired);
      const viewer = viewerOf(currentUser(request));
      if (viewer.kind !== 'tenant') throw forbidden();
      const mission = await openInboundMission(db, address, viewer, request.body, now());
      reply.status(201);
      return mission;
    }),
    one: serves(INTEGRATION_CONTRACTS.mission, (request) => readInboundMission(db, viewerOf(currentUser(request)), request.params.id)),
    list: serves(INTEGRATION_CONTRACTS.missions, async (request) =>
      listInboundMissions(db, viewerOf(currentUser(request)), await validBody(inboundMissionQuerySchema, request.query)),
    ),
  };
}
