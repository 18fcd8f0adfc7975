import { BILLING_CONTRACTS } from '../../../src/domain/billing/contracts';
import { serves } from '../../shared/serves';
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
 * tech profile, which has no missions (docs/rules/billing.md), is refused here as it is there
 * (their rows in server/http/routeTable.ts).
 */
export function missionBillingHandlers({ db, now }: FeatureDeps) {
  return {
    byMission: serves(BILLING_CONTRACTS.byMission, (request) => missionBillingView(db, currentUser(request), request.params.id, now())),

    calculus: serves(BILLING_CONTRACTS.calculus, (request) => billingCalculus(db, currentUser(request), request.params.id, request.body)),

    save: serves(BILLING_CONTRACTS.save, (request) =>
      saveBilling(db, currentUser(request), auditSource(request), request.params.id, request.body, now()),
    ),

    finalize: serves(BILLING_CONTRACTS.finalize, (request) =>
      finalizeBilling(db, currentUser(request), auditSource(request), request.params.id, request.body, now()),
    ),

    meter: serves(BILLING_CONTRACTS.meter, (request) => costMeter(db, currentUser(request), request.params.id, now())),

    riskManagerPriceTables: serves(BILLING_CONTRACTS.riskManagerPriceTables, (request) => riskManagerPriceTables(db, currentUser(request), request.params.id)),

    shipperPriceTables: serves(BILLING_CONTRACTS.shipperPriceTables, (request) => shipperPriceTables(db, currentUser(request), request.params.id)),
  };
}
