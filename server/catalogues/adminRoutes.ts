import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { missionConfigSchema, type MissionConfigValues } from '../../src/domain/schemas';
import { INVALID_ADMIN_SUB } from '../../src/domain/apiErrors';
import { isId } from '../../src/domain/ids';
import { CITY_STATE_REQUIRED } from '../../src/domain/messages';
import type { ChangeStamps } from '../cache/changeStamps';
import { sendReady } from '../cache/readyJson';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { cities, missionConfigs, riskManagers, states } from '../db/schema';
import { badRequest, forbidden, invalid, notFound } from '../errors/httpErrors';
import { APP_CATALOGUES, fromApiGroups, recordColumns, registryHandlers, toApiGroups, type AdminCatalogues, type RecordExtras } from './records';
import { shipperPlansOf } from './franchisePlans';
import { ROUTE_SCHEMAS, objectBody, tenantQuery, typeIdParams, typeParams, type IdRoute, type ListRoute, type TypeIdRoute, type TypeRoute } from '../shared/routeSchemas';
import { readRule, writeRule, type ApiRecord, type CrudHandlers } from './crud';
import { currentUser, type AuthUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { scopeOf, tenantWhere } from '../shared/tenancy';
import { validBody } from '../shared/validation';

/**
 * The admin service (spec 7 "Administration", base /api/admin): the registry's catalogues through
 * the generic CRUD factory (catalogueRecords.ts), dispatched by {type} — an unknown type is a 400
 * 'invalid admin sub' — plus the mission parameters, the cached city list and a shipper's plans.
 */

/** GET /cities: one query (cities ⋈ states, by name) — the issue 3 budget is 5,000 rows in < 30 ms. */
async function selectCities(db: Db, where: SQL | undefined): Promise<ApiRecord[]> {
  const rows = await db
    .select({ id: cities.id, name: cities.name, state: cities.state, stateName: states.name, active: cities.active })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.state))
    .where(where)
    .orderBy(asc(cities.name));
  return rows.map((r) => ({ _id: r.id, name: r.name, state: r.state, stateName: r.stateName, active: r.active }));
}

/** What cities need beyond their table: the state's name in one joined read, a state that exists. */
const ADMIN_EXTRAS: Record<string, RecordExtras> = {
  cities: {
    select: selectCities,
    alsoReads: ['states'],
    // An unknown state is a bad form value (400 on the state field), not a missing city (404).
    async checkReferences(ctx, value) {
      const [state] = await ctx.db
        .select({ id: states.id })
        .from(states)
        .where(eq(states.id, String(value.state)));
      if (!state) throw invalid([{ code: 'invalid_id', path: 'state', message: CITY_STATE_REQUIRED }]);
    },
  },
};

/**
 * The catalogues served at /:type, by type: every lookup and record of the registry
 * (catalogueRecords.ts). Exported for the endpoint check (tests/server/endpoints.test.ts).
 */
export const adminCatalogues = (db: Db, catalogues: AdminCatalogues = APP_CATALOGUES, stamps?: ChangeStamps): Record<string, CrudHandlers> =>
  registryHandlers(db, catalogues, ADMIN_EXTRAS, stamps);

type ConfigRow = typeof missionConfigs.$inferSelect;
/** The parameters' columns, from the shared schema: the `required` group is stored as requiredCause… */
const CONFIG_COLUMNS = recordColumns(missionConfigSchema, { prefixed: ['required'] });
const configApi = (row: ConfigRow): ApiRecord => ({
  _id: row.id,
  riskManager: row.riskManager,
  ...toApiGroups(row, CONFIG_COLUMNS),
});

/**
 * GET /mission/configs: the caller's tenant row (admins: every tenant's), creating missing rows
 * with every flag false — a tenant has parameters from its first read on.
 */
async function listMissionConfigs(db: Db, user: AuthUser, filter: string | undefined): Promise<ApiRecord[]> {
  const scope = scopeOf(user);
  const missing = await db
    .select({ id: riskManagers.id })
    .from(riskManagers)
    .leftJoin(missionConfigs, eq(missionConfigs.riskManager, riskManagers.id))
    .where(and(scope.all ? undefined : eq(riskManagers.id, scope.riskManager), isNull(missionConfigs.id)));
  if (missing.length > 0) {
    // Two first reads at once must not fail: the unique risk_manager_id keeps one row.
    await db
      .insert(missionConfigs)
      .values(missing.map((m) => ({ id: newId(), riskManager: m.id })))
      .onConflictDoNothing({ target: missionConfigs.riskManager });
  }
  const narrowed = scope.all && isId(filter) ? eq(missionConfigs.riskManager, filter) : undefined;
  const rows = await db
    .select()
    .from(missionConfigs)
    .where(and(tenantWhere(scope, missionConfigs.riskManager), narrowed))
    .orderBy(asc(missionConfigs.createdAt));
  return rows.map(configApi);
}

/** GET /mission/configs/:id: one tenant's parameters, under the list's rules (another tenant's: 404). */
async function readMissionConfig(db: Db, request: FastifyRequest, id: string): Promise<ApiRecord> {
  const user = currentUser(request);
  if (!readRule('configs')(user)) throw forbidden();
  const [row] = await db
    .select()
    .from(missionConfigs)
    .where(and(eq(missionConfigs.id, id), tenantWhere(scopeOf(user), missionConfigs.riskManager)));
  if (!row) throw notFound();
  return configApi(row);
}

async function updateMissionConfig(db: Db, request: FastifyRequest, id: string): Promise<ApiRecord> {
  const user = currentUser(request);
  if (!writeRule('configs')(user)) throw forbidden();
  const scope = scopeOf(user);
  const [existing] = await db
    .select({ id: missionConfigs.id })
    .from(missionConfigs)
    .where(and(eq(missionConfigs.id, id), tenantWhere(scope, missionConfigs.riskManager)));
  if (!existing) throw notFound();
  const value = await validBody<MissionConfigValues>(missionConfigSchema, request.body);
  const [row] = await db
    .update(missionConfigs)
    .set(fromApiGroups(value, CONFIG_COLUMNS))
    .where(and(eq(missionConfigs.id, id), tenantWhere(scope, missionConfigs.riskManager)))
    .returning();
  if (!row) throw notFound();
  return configApi(row);
}

export default async function adminRoutes(app: FastifyInstance, { db, catalogues: registry, stamps }: FeatureDeps & { catalogues?: AdminCatalogues }) {
  const catalogues = adminCatalogues(db, registry, stamps);
  const handlersFor = (type: string) => {
    const handlers = Object.hasOwn(catalogues, type) ? catalogues[type] : undefined;
    if (!handlers) throw badRequest(INVALID_ADMIN_SUB);
    return handlers;
  };

  // Static paths first in meaning; Fastify also prefers them over /:type routes.
  app.get<ListRoute>('/mission/configs', { schema: ROUTE_SCHEMAS.list }, (request) => {
    const user = currentUser(request);
    if (!readRule('configs')(user)) throw forbidden();
    return listMissionConfigs(db, user, request.query.riskManager);
  });
  app.get<IdRoute>('/mission/configs/:id', { schema: ROUTE_SCHEMAS.byId }, (request) =>
    readMissionConfig(db, request, request.params.id),
  );
  app.put<IdRoute>('/mission/configs/:id', { schema: ROUTE_SCHEMAS.update }, (request) =>
    updateMissionConfig(db, request, request.params.id),
  );
  // The full city list is the big one (issue 3 budget), and the same for every signed-in user: the
  // browser may keep it and revalidate it (304 while unchanged).
  app.get('/cities', async (request, reply) => sendReady(request, reply, await handlersFor('cities').listReady(request, {}), { revalidate: true }));
  app.get<IdRoute & ListRoute>('/shippers/:id/franchises', { schema: ROUTE_SCHEMAS.childList }, (request) =>
    shipperPlansOf(db, request, request.params.id, request.query),
  );

  const typeQuery = { params: typeParams, querystring: tenantQuery };
  app.get<TypeRoute>('/:type', { schema: typeQuery }, async (request, reply) =>
    sendReady(request, reply, await handlersFor(request.params.type).listReady(request, request.query)),
  );
  app.get<TypeIdRoute>('/:type/:id', { schema: { params: typeIdParams } }, (request) =>
    handlersFor(request.params.type).one(request, request.params.id),
  );
  app.post<TypeRoute>('/:type', { schema: { params: typeParams, body: objectBody } }, (request, reply) =>
    handlersFor(request.params.type).create(request, reply),
  );
  app.put<TypeIdRoute>('/:type/:id', { schema: { params: typeIdParams, body: objectBody } }, (request) =>
    handlersFor(request.params.type).update(request, request.params.id),
  );
  app.delete<TypeIdRoute>('/:type/:id', { schema: { params: typeIdParams } }, async (request, reply) => {
    await handlersFor(request.params.type).remove(request, reply, request.params.id);
    return reply.send();
  });
}
