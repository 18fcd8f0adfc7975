import type { TypedApp } from '../shared/schemaTypes';
import { forbidden, notFound } from '../errors/httpErrors';
import { appRecordHandlers } from '../catalogues/records';
import { readRule } from '../catalogues/crudQueries';
import { mountCrud } from '../shared/crudRoutes';
import {
  PROVIDER_PLAN_ANSWER,
  SHIPPER_PLAN_ANSWER,
  franchisePlanHandlers,
  providerPlansOf,
  shipperPlansOf,
} from '../catalogues/franchisePlans';
import { namedAnswer } from '../../src/domain/recordAnswers';
import { providerFranchisePlanSchema, shipperFranchisePlanSchema } from '../../src/domain/schemas';
import missionBillingRoutes from './missionBilling/routes';
import { providersOfRiskManager } from './riskManagerProviders';
import { ROUTE_SCHEMAS, answers, crudSchemas, listOf } from '../shared/routeSchemas';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { inScope, scopeOf } from '../shared/tenancy';

/**
 * The franchise part of the billing service (docs/api.md, base /api/v1/billing): services ("Serviços e
 * Franquias"), the plans shippers pay and the plans providers are paid (franchisePlans.ts).
 * A mission's billing and the price tables it offers: missionBilling/routes.ts.
 */
export default async function billingRoutes(app: TypedApp, deps: FeatureDeps) {
  const { db, stamps } = deps;
  const { shipperPlans, providerPlans } = franchisePlanHandlers(db);

  mountCrud(app, '/franchise', appRecordHandlers(db, 'franchises', stamps));

  const shipper = crudSchemas(SHIPPER_PLAN_ANSWER, shipperFranchisePlanSchema);
  app.get('/shipper/:id', { schema: shipper.childList }, (request) =>
    shipperPlansOf(db, request, request.params.id, request.query),
  );
  // GET /shipper/:id is the shipper's list (docs/api.md), so one plan is read at /shipper/plan/:id.
  app.get('/shipper/plan/:id', { schema: shipper.one }, (request) => shipperPlans.one(request, request.params.id));
  app.post('/shipper', { schema: shipper.create }, (request, reply) => shipperPlans.create(request, reply));
  app.put('/shipper/:id', { schema: shipper.update }, (request) => shipperPlans.update(request, request.params.id));
  app.delete('/shipper/:id', { schema: shipper.remove }, async (request, reply) => {
    await shipperPlans.remove(request, reply, request.params.id);
    return reply.send();
  });

  const provider = crudSchemas(PROVIDER_PLAN_ANSWER, providerFranchisePlanSchema);
  app.get('/franchise/:id/serviceProviders', { schema: provider.childList }, (request) =>
    providerPlansOf(db, request, request.params.id, request.query),
  );
  app.get('/serviceProvider/:id', { schema: provider.one }, (request) => providerPlans.one(request, request.params.id));
  app.post('/serviceProvider', { schema: provider.create }, (request, reply) => providerPlans.create(request, reply));
  app.put('/serviceProvider/:id', { schema: provider.update }, (request) =>
    providerPlans.update(request, request.params.id),
  );
  app.delete('/serviceProvider/:id', { schema: provider.remove }, async (request, reply) => {
    await providerPlans.remove(request, reply, request.params.id);
    return reply.send();
  });

  /** The providers of one risk manager, for the plan form's provider select. */
  app.get('/riskManager/:id/serviceProviders', { schema: { ...ROUTE_SCHEMAS.byId, response: answers(listOf(namedAnswer)) } }, async (request) => {
    const user = currentUser(request);
    if (!readRule('franchiseProviders')(user)) throw forbidden();
    const riskManager = request.params.id;
    if (!inScope(scopeOf(user), riskManager)) throw notFound();
    const providers = await providersOfRiskManager(db, riskManager);
    if (!providers) throw notFound();
    return providers;
  });

  // `deps` still carries this plugin's own prefix; the child adds none of its own.
  await app.register(missionBillingRoutes, { ...deps, prefix: '' });
}
