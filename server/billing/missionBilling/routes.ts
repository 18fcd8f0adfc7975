import type { TypedApp } from '../../shared/schemaTypes';
import { BILLING_CONTRACTS } from '../../../src/domain/billing/contracts';
import { canUseMissions } from '../../../src/domain/permissions';
import { forbidden } from '../../errors/httpErrors';
import { route } from '../../shared/route';
import { costMeter } from './meter';
import { riskManagerPriceTables, shipperPriceTables } from './priceTables';
import { missionBillingView } from './view';
import { billingCalculus, finalizeBilling, saveBilling } from './writes';
import { currentUser } from '../../shared/session';
import { auditSource } from '../../audit/record';
import type { FeatureDeps } from '../../shared/deps';

/**
 * Mission billing (docs/rules/billing.md), mounted under the billing service (base /api/v1/billing)
 * from its contracts (src/domain/billing/contracts.ts). Billing belongs to the missions area, so the
 * tech profile, which has no missions (docs/rules/billing.md), is refused here as it is there.
 */
export default function missionBillingRoutes(app: TypedApp, { db, now }: FeatureDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!canUseMissions(currentUser(request).role)) throw forbidden();
  });

  route(app, BILLING_CONTRACTS.byMission, (request) => missionBillingView(db, currentUser(request), request.params.id, now()));
  route(app, BILLING_CONTRACTS.calculus, (request) => billingCalculus(db, currentUser(request), request.params.id, request.body));
  route(app, BILLING_CONTRACTS.save, (request) =>
    saveBilling(db, currentUser(request), auditSource(request), request.params.id, request.body, now()),
  );
  route(app, BILLING_CONTRACTS.finalize, (request) =>
    finalizeBilling(db, currentUser(request), auditSource(request), request.params.id, request.body, now()),
  );
  route(app, BILLING_CONTRACTS.meter, (request) => costMeter(db, currentUser(request), request.params.id, now()));
  route(app, BILLING_CONTRACTS.riskManagerPriceTables, (request) => riskManagerPriceTables(db, currentUser(request), request.params.id));
  route(app, BILLING_CONTRACTS.shipperPriceTables, (request) => shipperPriceTables(db, currentUser(request), request.params.id));
  return Promise.resolve();
}
