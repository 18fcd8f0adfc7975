import type { TypedApp } from '../shared/schemaTypes';
import { PUSH_CONTRACTS } from '../../src/domain/push/contracts';
import type { FeatureDeps } from '../shared/deps';
import { noContent } from '../shared/answered';
import { serves } from '../shared/serves';
import { currentUser } from '../shared/session';
import { listDevices, removeDevice, subscribeDevice, updateDeviceKinds } from './devices';
import { startPushDispatch } from './dispatch';

/**
 * The signed-in account's notification devices (docs/rules/notifications.md), under the auth base,
 * and this instance's dispatcher, which sends the pushes (docs/operations/notifications.md).
 */
export function pushHandlers(deps: FeatureDeps, app: TypedApp) {
  const { db, config } = deps;
  if (deps.push?.dispatch !== false) {
    const dispatch = startPushDispatch(deps, app.log);
    app.addHook('onClose', () => dispatch.close());
  }

  return {
    key: serves(PUSH_CONTRACTS.key, () => ({ publicKey: config.vapid.publicKey })),
    devices: serves(PUSH_CONTRACTS.devices, (request) => listDevices(db, currentUser(request))),
    subscribe: serves(PUSH_CONTRACTS.subscribe, async (request, reply) => {
      const device = await subscribeDevice(db, currentUser(request), request.body);
      reply.status(201);
      return device;
    }),
    update: serves(PUSH_CONTRACTS.update, (request) => updateDeviceKinds(db, currentUser(request), request.params.id, request.body.kinds)),
    remove: serves(PUSH_CONTRACTS.remove, async (request, reply) => {
      await removeDevice(db, currentUser(request), request.params.id);
      return noContent(reply);
    }),
  };
}
