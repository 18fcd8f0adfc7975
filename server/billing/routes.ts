import type { TypedApp } from '../shared/schemaTypes';
import { forbidden, notFound } from '../errors/httpErrors';
import { appRecordHandlers } from '../catalogues/records';
import { readRule } from '../catalogues/crudQueries';
import { mountCrud } from '../shared/crudRoutes';
import { franchisePlanHandlers, providerPlansOf, shipperPlansOf } from '../catalogues/franchisePlans';
import { PROVIDER_PLAN_CONTRACTS, RISK_MANAGER_PROVIDERS_CONTRACT, SHIPPER_PLAN_CONTRACTS } from '../../src/domain/planContracts';
import { noContent } from '../shared/answered';
import { route } from '../shared/route';
import missionBillingRoutes from './missionBilling/routes';
import { providersOfRiskManager } from './riskManagerProviders';
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

  route(app, SHIPPER_PLAN_CONTRACTS.list, (request) => shipperPlansOf(db, request, request.params.id, request.query));
  // GET /shipper/:id is the shipper's list (docs/api.md), so one plan is read at /shipper/plan/:id.
  route(app, SHIPPER_PLAN_CONTRACTS.one, (request) => shipperPlans.one(request, request.params.id));
  route(app, SHIPPER_PLAN_CONTRACTS.create, (request, reply) => shipperPlans.create(request, reply));
  route(app, SHIPPER_PLAN_CONTRACTS.update, (request) => shipperPlans.update(request, request.params.id));
  route(app, SHIPPER_PLAN_CONTRACTS.remove, async (request, reply) => {
    await shipperPlans.remove(request, reply, request.params.id);
    return noContent(reply);
  });

  route(app, PROVIDER_PLAN_CONTRACTS.list, (request) => providerPlansOf(db, request, request.params.id, request.query));
  route(app, PROVIDER_PLAN_CONTRACTS.one, (request) => providerPlans.one(request, request.params.id));
  route(app, PROVIDER_PLAN_CONTRACTS.create, (request, reply) => providerPlans.create(request, reply));
  route(app, PROVIDER_PLAN_CONTRACTS.update, (request) => providerPlans.update(request, request.params.id));
  route(app, PROVIDER_PLAN_CONTRACTS.remove, async (request, reply) => {
    await providerPlans.remove(request, reply, request.params.id);
    return noContent(reply);
  });

  route(app, RISK_MANAGER_PROVIDERS_CONTRACT, async (request) => {
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
