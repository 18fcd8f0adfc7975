import { forbidden, notFound } from '../errors/httpErrors';
import { appRecordHandlers } from '../catalogues/records';
import { readRule } from '../catalogues/crudQueries';
import { crudOf } from '../shared/crudHandlers';
import { franchisePlanHandlers, providerPlansOf, shipperPlansOf } from '../catalogues/franchisePlans';
import { PROVIDER_PLAN_CONTRACTS, RISK_MANAGER_PROVIDERS_CONTRACT, SHIPPER_PLAN_CONTRACTS } from '../../src/domain/planContracts';
import { noContent } from '../shared/answered';
import { serves } from '../shared/serves';
import { providersOfRiskManager } from './riskManagerProviders';
import { currentUser } from '../shared/session';
import type { FeatureDeps } from '../shared/deps';
import { inScope, scopeOf } from '../shared/tenancy';

/**
 * The franchise part of the billing service (docs/api.md, base /api/v1/billing): services ("Serviços e
 * Franquias"), the plans shippers pay and the plans providers are paid (franchisePlans.ts).
 * A mission's billing and the price tables it offers: missionBilling/handlers.ts.
 */
export function billingHandlers({ db, stamps }: FeatureDeps) {
  const { shipperPlans, providerPlans } = franchisePlanHandlers(db);

  return {
    shipperPlans: serves(SHIPPER_PLAN_CONTRACTS.list, (request) => shipperPlansOf(db, request, request.params.id, request.query)),

    // GET /shipper/:id is the shipper's list (docs/api.md), so one plan is read at /shipper/plan/:id.
    shipperPlan: serves(SHIPPER_PLAN_CONTRACTS.one, (request) => shipperPlans.one(request, request.params.id)),

    createShipperPlan: serves(SHIPPER_PLAN_CONTRACTS.create, (request, reply) => shipperPlans.create(request, reply)),

    updateShipperPlan: serves(SHIPPER_PLAN_CONTRACTS.update, (request) => shipperPlans.update(request, request.params.id)),

    removeShipperPlan: serves(SHIPPER_PLAN_CONTRACTS.remove, async (request, reply) => {
      await shipperPlans.remove(request, reply, request.params.id);
      return noContent(reply);
    }),

    providerPlans: serves(PROVIDER_PLAN_CONTRACTS.list, (request) => providerPlansOf(db, request, request.params.id, request.query)),

    providerPlan: serves(PROVIDER_PLAN_CONTRACTS.one, (request) => providerPlans.one(request, request.params.id)),

    createProviderPlan: serves(PROVIDER_PLAN_CONTRACTS.create, (request, reply) => providerPlans.create(request, reply)),

    updateProviderPlan: serves(PROVIDER_PLAN_CONTRACTS.update, (request) => providerPlans.update(request, request.params.id)),

    removeProviderPlan: serves(PROVIDER_PLAN_CONTRACTS.remove, async (request, reply) => {
      await providerPlans.remove(request, reply, request.params.id);
      return noContent(reply);
    }),

    riskManagerProviders: serves(RISK_MANAGER_PROVIDERS_CONTRACT, async (request) => {
      const user = currentUser(request);
      if (!readRule('franchiseProviders')(user)) throw forbidden();
      const riskManager = request.params.id;
      if (!inScope(scopeOf(user), riskManager)) throw notFound();
      const providers = await providersOfRiskManager(db, riskManager);
      if (!providers) throw notFound();
      return providers;
    }),
    franchise: crudOf('billing', 'franchise', appRecordHandlers(db, 'franchises', stamps)),
  };
}
