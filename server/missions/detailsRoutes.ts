import type { TypedApp } from '../shared/schemaTypes';
import { crudOptionOf, DETAILS_ITEM_NOT_FOUND, INVALID_CRUD_OPTION, type CrudOption } from '../../src/domain/missionDetails';
import { DETAILS_RESPONSES } from '../../src/domain/missionDetails/responseSchemas';
import { createdAtSchema, occurrenceSchema, securityAgentSchema, vehicleSchema } from '../../src/domain/schemas/missionDetails';
import { invalid, notFound } from '../errors/httpErrors';
import { auditSource } from '../audit/record';
import { deleteItem, insertItem, missionDetails, updateItem, type CollectionValues } from './detailsStore';
import { writeDetail } from './detailWrites';
import { readableMission, writableMission } from './missionAccess';
import { CHECKED_IN_HANDLER } from '../../src/domain/fromSchema';
import { textIdParams, yupDescribed } from '../shared/routeSchemas';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { fieldOf, validBody } from '../shared/validation';
import type { ClockContext } from '../../src/domain/validators/clock';

/**
 * Mission request details (docs/api.md): GET request/id/{id}/details (ours, beside the mission detail:
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
async function validItem(option: CrudOption, body: unknown, now: () => Date): Promise<CollectionValues> {
  const context = { now } satisfies ClockContext;
  if (option === 'vehicles') return { option, values: await validBody(vehicleSchema, body, context) };
  if (option === 'ocurrencies') return { option, values: await validBody(occurrenceSchema, body, context) };
  return { option, values: await validBody(securityAgentSchema, body, context) };
}

/** The createdAt an update or delete names (body first, then the query string). */
async function addressedItem(body: unknown, query: { createdAt?: string }): Promise<string> {
  const { createdAt } = await validBody(createdAtSchema, { createdAt: fieldOf(body, 'createdAt') ?? query.createdAt });
  return createdAt;
}

export default function detailsRoutes(app: TypedApp, deps: FeatureDeps): Promise<void> {
  const { db, now } = deps;
  const params = {
    type: 'object',
    required: ['id', 'crudOption'],
    properties: { id: { type: 'string', maxLength: 64 }, crudOption: { type: 'string', maxLength: 64 } },
  } as const;

  // The item's fields, by crudOption (the shared schema each is validated with); a change names its createdAt.
  const itemBody = (addressed: boolean) => ({
    type: 'object',
    description: 'Veículo (vehicles), ocorrência (ocurrencies) ou agente (securityagents), conforme {crudOption}.',
    anyOf: [vehicleSchema, occurrenceSchema, securityAgentSchema].map((schema) => {
      const body = yupDescribed(schema);
      if (!addressed) return body;
      const properties = { ...(body.properties as object), createdAt: { type: 'string', format: 'date-time' } };
      return { ...body, properties, required: [...(body.required as string[]), 'createdAt'] };
    }),
    [CHECKED_IN_HANDLER]: 'yup',
  });
  // The item a change or a delete addresses: its createdAt, in the body or in ?createdAt=.
  // Checked by createdAtSchema (its Portuguese message), so only described here.
  const addressQuery = { type: 'object', properties: { createdAt: { type: 'string', description: 'Instante ISO do item.' } } } as const;

  app.get('/request/id/:id/details', { schema: { params: textIdParams, response: DETAILS_RESPONSES.details } }, async (request) => {
    const mission = await readableMission(db, currentUser(request), request.params.id);
    return missionDetails(db, mission);
  });

  const optionOf = (crudOption: string) => {
    const option = crudOptionOf(crudOption);
    if (!option) throw invalid([{ code: 'invalidCrudOption', path: 'crudOption', message: INVALID_CRUD_OPTION }]);
    return option;
  };

  app.post('/:id/:crudOption', { schema: { params, body: itemBody(false), response: DETAILS_RESPONSES.added } }, async (request, reply) => {
    const option = optionOf(request.params.crudOption);
    const user = currentUser(request);
    const mission = await writableMission(db, user, request.params.id, option);
    const item = await validItem(option, request.body, now);
    const at = now();
    await writeDetail(db, { user, source: auditSource(request) }, mission, option, 'add', at, (tx) => insertItem(tx, mission.id, at, item));
    return reply.code(201).send(await missionDetails(db, mission));
  });

  app.put('/:id/:crudOption', { schema: { params, querystring: addressQuery, body: itemBody(true), response: DETAILS_RESPONSES.changed } }, async (request) => {
    const option = optionOf(request.params.crudOption);
    const user = currentUser(request);
    const mission = await writableMission(db, user, request.params.id, option);
    const createdAt = await addressedItem(request.body, request.query);
    const item = await validItem(option, request.body, now);
    const written = await writeDetail(db, { user, source: auditSource(request) }, mission, option, 'update', now(), (tx) => updateItem(tx, mission.id, createdAt, item));
    if (!written) throw notFound(DETAILS_ITEM_NOT_FOUND);
    return missionDetails(db, mission);
  });

  app.delete('/:id/:crudOption', { schema: { params, querystring: addressQuery, response: DETAILS_RESPONSES.changed } }, async (request) => {
    const option = optionOf(request.params.crudOption);
    const user = currentUser(request);
    const mission = await writableMission(db, user, request.params.id, option);
    const createdAt = await addressedItem(request.body, request.query);
    const written = await writeDetail(db, { user, source: auditSource(request) }, mission, option, 'delete', now(), (tx) => deleteItem(tx, mission.id, option, createdAt));
    if (!written) throw notFound(DETAILS_ITEM_NOT_FOUND);
    return missionDetails(db, mission);
  });
  return Promise.resolve();
}
