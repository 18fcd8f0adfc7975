/**
 * The notification devices' client (src/dataProvider/pushApi.ts, made from src/domain/push/contracts.ts)
 * against the real server: each call's path, body and answer, and a refusal read as the screens read it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isHttpError } from '../../src/dataProvider/HttpError';
import { createPushApi } from '../../src/dataProvider/pushApi';
import { PUSH_MESSAGES } from '../../src/domain/push';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { tokenClient } from './contractHarness';
import { SUBSCRIPTION_KEYS } from '../pushKeys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());

const apiFor = async (email: string) => {
  const token = await login(t.app, email);
  return createPushApi(tokenClient(t.app, token));
};

const subscription = {
  endpoint: 'https://push.example.com/send/1',
  keys: SUBSCRIPTION_KEYS,
  label: 'Firefox em Linux',
};

describe('pushApi', () => {
  it('reads the key, subscribes, lists, changes and removes through the contracts', async () => {
    const api = await apiFor('prestador@demo.com.br');
    expect(await api.publicKey()).toBe(t.config.vapid.publicKey);
    const device = await api.subscribe({ ...subscription, kinds: ['missionOffered'] });
    expect(Object.keys(device)).toEqual(['_id', 'label', 'endpoint', 'kinds', 'createdAt']);
    expect(device).toMatchObject({ label: 'Firefox em Linux', endpoint: subscription.endpoint, kinds: ['missionOffered'] });
    expect(await api.devices()).toEqual([device]);
    expect((await api.setKinds(device._id, ['proposalLost', 'missionOffered'])).kinds).toEqual(['missionOffered', 'proposalLost']);
    await api.remove(device._id);
    expect(await api.devices()).toEqual([]);
  });

  it("a refusal reaches the screen as the server's Portuguese issue", async () => {
    const api = await apiFor('gestor@demo.com.br');
    const refused = await api.subscribe({ ...subscription, endpoint: 'http://push.example.com/x', kinds: ['slaBreached'] }).catch((e: unknown) => e);
    expect(isHttpError(refused) && refused.apiError.kind === 'validation' && refused.apiError.issues.map((i) => i.message)).toEqual([PUSH_MESSAGES.endpointNotHttps]);
  });
});
