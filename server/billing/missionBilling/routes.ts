import type { TypedApp } from '../../shared/schemaTypes';
import { BILLING_MISSION_PATHS } from '../../../src/domain/billing/api';
import { canUseMissions } from '../../../src/domain/permissions';
import { forbidden } from '../../errors/httpErrors';
import { BILLING_ANSWERS } from '../../../src/domain/billing/responseSchemas';
import { billingSchema } from '../../../src/domain/schemas';
import { ROUTE_SCHEMAS, idParams, yupDescribed } from '../../shared/routeSchemas';
import { METER_RESPONSES } from '../../../src/domain/billing/meterSchemas';
import { costMeter } from './meter';
import { riskManagerPriceTables, shipperPriceTables } from './priceTables';
import { missionBillingView } from './view';
import { billingCalculus, finalizeBilling, saveBilling } from './writes';
import { currentUser } from '../../shared/session';
import { auditSource } from '../../audit/record';
import type { FeatureDeps } from '../../shared/deps';

/**
 * Mission billing (docs/rules/billing.md), mounted under the billing service (base /api/v1/billing) at the
 * paths of BILLING_MISSION_PATHS. Billing belongs to the missions area, so the tech profile, which
 * has no missions (docs/rules/billing.md), is refused here as it is there.
 */
const route = (key: keyof typeof BILLING_MISSION_PATHS) => `/${BILLING_MISSION_PATHS[key]}`;

export default function missionBillingRoutes(app: TypedApp, { db, now }: FeatureDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    if (!canUseMissions(currentUser(request).role)) throw forbidden();
  });

  const priceTables = { ...ROUTE_SCHEMAS.byId, response: BILLING_ANSWERS.priceTables };
  const billingBody = { params: idParams, body: yupDescribed(billingSchema) };
  app.get(route('byMission'), { schema: { ...ROUTE_SCHEMAS.byId, response: BILLING_ANSWERS.mission } }, (request) =>
    missionBillingView(db, currentUser(request), request.params.id, now()),
  );
  app.post(route('calculus'), { schema: { ...billingBody, response: BILLING_ANSWERS.calculus } }, (request) =>
    billingCalculus(db, currentUser(request), request.params.id, request.body),
  );
  app.put(route('save'), { schema: { ...billingBody, response: BILLING_ANSWERS.saved } }, (request) =>
    saveBilling(db, currentUser(request), auditSource(request), request.params.id, request.body, now()),
  );
  app.post(route('finalize'), { schema: { ...billingBody, response: BILLING_ANSWERS.finalized } }, (request) =>
    finalizeBilling(db, currentUser(request), auditSource(request), request.params.id, request.body, now()),
  );
  app.get(route('meter'), { schema: { ...ROUTE_SCHEMAS.byId, response: METER_RESPONSES } }, (request) =>
    costMeter(db, currentUser(request), request.params.id, now()),
  );
  app.get(route('riskManagerPriceTables'), { schema: priceTables }, (request) =>
    riskManagerPriceTables(db, currentUser(request), request.params.id),
  );
  app.get(route('shipperPriceTables'), { schema: priceTables }, (request) =>
    shipperPriceTables(db, currentUser(request), request.params.id),
  );
  return Promise.resolve();
}
