import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { franchiseSchema, type FranchiseValues } from '../../src/domain/schemas';
import { riskManagers, serviceProviders, franchises } from '../db/schema';
import { forbidden, notFound } from '../httpErrors';
import { currentUser } from '../plugins/auth';
import type { RouteDeps } from '.';
import { crudHandlers, idParam, inScope, mountCrud, readRule, scopeOf, writeRule } from './crud';
import { franchisePlanHandlers, providerPlansOf, shipperPlansOf } from './franchisePlans';
import { ROUTE_SCHEMAS } from './routeSchemas';

/**
 * The franchise part of the billing service (spec 7, base /api/v1/billing): services ("Serviços e
 * Franquias"), the plans shippers pay and the plans providers are paid (franchisePlans.ts).
 * Mission billing lives elsewhere (issue of the missions).
 */
export default async function billingRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const onRequest = app.authenticate;
  const { shipperPlans, providerPlans } = franchisePlanHandlers(db);

  mountCrud(
    app,
    '/franchise',
    crudHandlers(db, {
      entity: 'franchises',
      table: franchises,
      tenancy: 'riskManager',
      schema: franchiseSchema,
      canRead: readRule('franchises'),
      canWrite: writeRule('franchises'),
      toApi: (row) => ({ _id: row.id, name: row.name, type: row.type, active: row.active, riskManager: row.riskManager }),
      fromApi: (value: FranchiseValues) => ({ name: value.name, type: value.type, active: value.active }),
    }),
  );

  app.get('/shipper/:id', { onRequest, schema: ROUTE_SCHEMAS.byId }, (request) => shipperPlansOf(db, request, idParam(request)));
  app.post('/shipper', { onRequest, schema: ROUTE_SCHEMAS.create }, (request, reply) => shipperPlans.create(request, reply));
  app.put('/shipper/:id', { onRequest, schema: ROUTE_SCHEMAS.update }, (request) => shipperPlans.update(request));
  app.delete('/shipper/:id', { onRequest, schema: ROUTE_SCHEMAS.byId }, async (request, reply) => {
    await shipperPlans.remove(request, reply);
    return reply.send();
  });

  app.get('/franchise/:id/serviceProviders', { onRequest, schema: ROUTE_SCHEMAS.byId }, (request) =>
    providerPlansOf(db, request, idParam(request)),
  );
  app.post('/serviceProvider', { onRequest, schema: ROUTE_SCHEMAS.create }, (request, reply) => providerPlans.create(request, reply));
  app.put('/serviceProvider/:id', { onRequest, schema: ROUTE_SCHEMAS.update }, (request) => providerPlans.update(request));
  app.delete('/serviceProvider/:id', { onRequest, schema: ROUTE_SCHEMAS.byId }, async (request, reply) => {
    await providerPlans.remove(request, reply);
    return reply.send();
  });

  /** The providers of one risk manager, for the plan form's provider select. */
  app.get('/riskManager/:id/serviceProviders', { onRequest, schema: ROUTE_SCHEMAS.byId }, async (request) => {
    const user = currentUser(request);
    if (!readRule('franchiseProviders')(user)) throw forbidden();
    const riskManager = idParam(request);
    if (!inScope(scopeOf(user), riskManager)) throw notFound();
    const [tenant] = await db.select({ id: riskManagers.id }).from(riskManagers).where(eq(riskManagers.id, riskManager));
    if (!tenant) throw notFound();
    const rows = await db
      .select({ _id: serviceProviders.id, name: serviceProviders.name })
      .from(serviceProviders)
      .where(eq(serviceProviders.riskManager, riskManager))
      .orderBy(asc(serviceProviders.name));
    return rows;
  });
}
