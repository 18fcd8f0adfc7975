import { ROSTER_CONTRACTS } from '../../src/domain/agents/contracts';
import { auditSource } from '../audit/record';
import type { FeatureDeps } from '../shared/deps';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import { createRosterAgent, listRoster, updateRosterAgent } from './roster';

/**
 * The provider's roster of security agents (docs/rules/agents.md, base /api/service-providers):
 * the body is checked by the shared schema against the server's clock (a CNV validity already past,
 * a refresher in the future).
 */
export function rosterHandlers({ db, now }: FeatureDeps) {
  return {
    list: serves(ROSTER_CONTRACTS.list, (request) => listRoster(db, currentUser(request), now())),
    create: serves(ROSTER_CONTRACTS.create, async (request, reply) => {
      const agent = await createRosterAgent(db, currentUser(request), request.body, auditSource(request));
      reply.status(201);
      return agent;
    }),
    update: serves(ROSTER_CONTRACTS.update, (request) => updateRosterAgent(db, currentUser(request), request.params.id, request.body, auditSource(request))),
  };
}
