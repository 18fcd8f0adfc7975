/**
 * The provider's roster of security agents (docs/rules/agents.md; base /api/service-providers) as
 * typed extra methods of the data provider, made from their contracts (src/domain/agents/contracts.ts):
 *
 * | method             | call                                           |
 * |--------------------|------------------------------------------------|
 * | roster             | GET agents → Roster                            |
 * | createRosterAgent  | POST agents RosterAgentValues → RosterAgent    |
 * | updateRosterAgent  | PUT agents/{id} RosterAgentValues → RosterAgent |
 */
import { ROSTER_CONTRACTS } from '../domain/agents/contracts';
import type { RosterAgentValues } from '../domain/schemas/rosterAgent';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createRosterApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    roster: (signal?: AbortSignal) => call(ROSTER_CONTRACTS.list, { signal }),
    createRosterAgent: (values: RosterAgentValues) => call(ROSTER_CONTRACTS.create, { body: values }),
    updateRosterAgent: (id: string, values: RosterAgentValues) => call(ROSTER_CONTRACTS.update, { params: { id }, body: values }),
  };
}
