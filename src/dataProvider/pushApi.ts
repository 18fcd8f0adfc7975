/**
 * The signed-in account's notification devices (docs/rules/notifications.md; base /api/auth), made
 * from their contracts (src/domain/push/contracts.ts): the answers' types are the schemas' own.
 *
 * | method    | call                                                        |
 * |-----------|-------------------------------------------------------------|
 * | publicKey | GET push/key → the VAPID public key                         |
 * | devices   | GET push/devices → PushDevice[]                             |
 * | subscribe | POST push/devices PushSubscribeValues → PushDevice          |
 * | setKinds  | PUT push/devices/{id} { kinds } → PushDevice                |
 * | remove    | DELETE push/devices/{id} → 204                              |
 */
import type { PushKind } from '../domain/push';
import { PUSH_CONTRACTS } from '../domain/push/contracts';
import type { PushSubscribeValues } from '../domain/schemas/pushDevice';
import { createCall } from './call';
import type { HttpClient } from './httpClient';

export function createPushApi(httpClient: HttpClient) {
  const call = createCall(httpClient);
  return {
    publicKey: async () => (await call(PUSH_CONTRACTS.key, {})).publicKey,
    devices: (signal?: AbortSignal) => call(PUSH_CONTRACTS.devices, { signal }),
    subscribe: (values: PushSubscribeValues) => call(PUSH_CONTRACTS.subscribe, { body: values }),
    setKinds: (id: string, kinds: PushKind[]) => call(PUSH_CONTRACTS.update, { params: { id }, body: { kinds } }),
    remove: async (id: string) => {
      await call(PUSH_CONTRACTS.remove, { params: { id } });
    },
  };
}

export type PushApi = ReturnType<typeof createPushApi>;
