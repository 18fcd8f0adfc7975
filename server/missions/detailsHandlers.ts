import { crudOptionOf, DETAILS_ITEM_NOT_FOUND, INVALID_CRUD_OPTION, type CrudOption } from '../../src/domain/missionDetails';
import { DETAILS_CONTRACTS } from '../../src/domain/missionDetails/itemContracts';
import { createdAtSchema, occurrenceSchema, securityAgentSchema, vehicleSchema, type SecurityAgentValues } from '../../src/domain/schemas/missionDetails';
import { keptOrPickedAgent, pickedAgent, type PickedAgent } from '../agents/licences';
import { missionAgents } from '../db/schema';
import { forbidden, invalid, notFound } from '../errors/httpErrors';
import { auditSource } from '../audit/record';
import { deleteItem, insertItem, itemWhere, missionDetails, updateItem, type CollectionValues } from './detailsStore';
import { writeDetail } from './detailWrites';
import { readableMission, writableMission, type MissionAccess } from './missionAccess';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { fieldOf, validBody } from '../shared/validation';
import type { ClockContext } from '../../src/domain/validators/clock';

/**
 * Mission request details (docs/api.md), made from their contracts
 * (src/domain/missionDetails/itemContracts.ts): GET request/id/{id}/details (ours, beside the mission detail:
 * the sub-collections as docs/rules/missions.md's Mission detail response) and POST/PUT/DELETE
 * /{missionRequestId}/{crudOption} for vehicles, ocurrencies (also 'occurrences') and
 * securityagents. Items are addressed by createdAt (PUT body; DELETE body or ?createdAt=).
 * Every write answers the refreshed details and leaves its trace on the timeline and in the audit
 * trail (detailWrites.ts).
 */

/**
 * The body checked by the crudOption's shared schema, against the server's clock: it decides how
 * far ahead an odometer time and a vehicle's year may be (ClockContext).
 */
async function validItem(option: CrudOption, body: unknown, now: () => Date, pick: (values: SecurityAgentValues) => Promise<PickedAgent>): Promise<CollectionValues> {
  const context = { now } satisfies ClockContext;
  if (option === 'vehicles') return { option, values: await validBody(vehicleSchema, body, context) };
  if (option === 'ocurrencies') return { option, values: await validBody(occurrenceSchema, body, context) };
  const values = await validBody(securityAgentSchema, body, context);
  return { option, values, picked: await pick(values) };
}

/** The provider holding the mission: only it writes the agents (collections.ts). */
function holderOf(mission: MissionAccess): string {
  if (!mission.serviceProvider) throw forbidden();
  return mission.serviceProvider;
}

/** The createdAt an update or delete names (body first, then the query string). */
async function addressedItem(body: unknown, query: { createdAt?: string }): Promise<string> {
  const { createdAt } = await validBody(createdAtSchema, { createdAt: fieldOf(body, 'createdAt') ?? query.createdAt });
  return createdAt;
}

export function detailsHandlers({ db, now }: FeatureDeps) {
  const optionOf = (crudOption: string) => {
    const option = crudOptionOf(crudOption);
    if (!option) throw invalid([{ code: 'invalidCrudOption', path: 'crudOption', message: INVALID_CRUD_OPTION }]);
    return option;
  };

  return {
    details: serves(DETAILS_CONTRACTS.details, async (request) => {
      const mission = await readableMission(db, currentUser(request), request.params.id);
      return missionDetails(db, mission);
    }),

    addItem: serves(DETAILS_CONTRACTS.addItem, async (request, reply) => {
      const option = optionOf(request.params.crudOption);
      const user = currentUser(request);
      const mission = await writableMission(db, user, request.params.id, option);
      // A roster agent with a CNV valid today, or a typed name while the roster is empty (docs/rules/agents.md).
      const item = await validItem(option, request.body, now, (values) => pickedAgent(db, holderOf(mission), values, now()));
      const at = now();
      await writeDetail(db, { user, source: auditSource(request) }, mission, option, 'add', at, (tx) => insertItem(tx, mission.id, at, item));
      reply.code(201);
      return missionDetails(db, mission);
    }),

    changeItem: serves(DETAILS_CONTRACTS.changeItem, async (request) => {
      const option = optionOf(request.params.crudOption);
      const user = currentUser(request);
      const mission = await writableMission(db, user, request.params.id, option);
      const createdAt = await addressedItem(request.body, request.query);
      const item = await validItem(option, request.body, now, async (values) => {
        const [current] = await db
          .select({ name: missionAgents.name, rosterAgent: missionAgents.rosterAgent, cpf: missionAgents.cpf, cnvNumber: missionAgents.cnvNumber, cnvValidUntil: missionAgents.cnvValidUntil })
          .from(missionAgents)
          .where(itemWhere(missionAgents, mission.id, createdAt));
        return keptOrPickedAgent(db, holderOf(mission), current, values, now());
      });
      const written = await writeDetail(db, { user, source: auditSource(request) }, mission, option, 'update', now(), (tx) => updateItem(tx, mission.id, createdAt, item));
      if (!written) throw notFound(DETAILS_ITEM_NOT_FOUND);
      return missionDetails(db, mission);
    }),

    removeItem: serves(DETAILS_CONTRACTS.removeItem, async (request) => {
      const option = optionOf(request.params.crudOption);
      const user = currentUser(request);
      const mission = await writableMission(db, user, request.params.id, option);
      const createdAt = await addressedItem(request.body, request.query);
      const written = await writeDetail(db, { user, source: auditSource(request) }, mission, option, 'delete', now(), (tx) => deleteItem(tx, mission.id, option, createdAt));
      if (!written) throw notFound(DETAILS_ITEM_NOT_FOUND);
      return missionDetails(db, mission);
    }),
  };
}
