import { WEBHOOK_CONTRACTS } from '../../src/domain/webhooks/contracts';
import { auditSource } from '../audit/record';
import { noContent } from '../shared/answered';
import type { FeatureDeps } from '../shared/deps';
import type { TypedApp } from '../shared/schemaTypes';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import { listDeliveries, resendMessage, sendTest } from './deliveries';
import { createEndpoint, listEndpoints, removeEndpoint, rotateSecret, updateEndpoint } from './endpoints';
import { startWebhookWorker } from './worker';

/**
 * The risk manager's webhooks (docs/rules/webhooks.md), under /api/v1/integrations, and this
 * instance's worker, which delivers them.
 */
export function webhookHandlers(deps: FeatureDeps, app: TypedApp) {
  const { db, config, now } = deps;
  const worker = deps.webhooks?.worker === false ? null : startWebhookWorker(deps, app.log);
  if (worker) app.addHook('onClose', () => worker.close());
  const wake = () => worker?.wake();

  return {
    list: serves(WEBHOOK_CONTRACTS.list, (request) => listEndpoints(db, currentUser(request), request.query.riskManager)),
    create: serves(WEBHOOK_CONTRACTS.create, async (request, reply) => {
      const created = await createEndpoint(db, currentUser(request), request.body, config.webhooks, auditSource(request));
      reply.status(201);
      return created;
    }),
    update: serves(WEBHOOK_CONTRACTS.update, async (request) => {
      const updated = await updateEndpoint(db, currentUser(request), request.params.id, request.body, config.webhooks, auditSource(request));
      // Turned back on: what waited for it goes out now.
      if (updated.active) wake();
      return updated;
    }),
    remove: serves(WEBHOOK_CONTRACTS.remove, async (request, reply) => {
      await removeEndpoint(db, currentUser(request), request.params.id, auditSource(request));
      return noContent(reply);
    }),
    rotate: serves(WEBHOOK_CONTRACTS.rotate, (request) => rotateSecret(db, currentUser(request), request.params.id, now(), auditSource(request))),
    test: serves(WEBHOOK_CONTRACTS.test, async (request, reply) => {
      const message = await sendTest(db, currentUser(request), request.params.id, now());
      wake();
      reply.status(202);
      return message;
    }),
    deliveries: serves(WEBHOOK_CONTRACTS.deliveries, (request) => listDeliveries(db, currentUser(request), request.params.id)),
    resend: serves(WEBHOOK_CONTRACTS.resend, async (request) => {
      const message = await resendMessage(db, currentUser(request), request.params.id);
      wake();
      return message;
    }),
  };
}
