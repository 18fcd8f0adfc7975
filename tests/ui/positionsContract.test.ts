/**
 * The tracking devices' calls of the data provider (src/dataProvider/positionsApi.ts, made from
 * src/domain/positions/contracts.ts) against the real server: each call's answer as the screen reads
 * it, and a refusal read as the screens read it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { isHttpError } from '../../src/dataProvider/HttpError';
import { DEVICE_IDENTIFIER_PATTERN, POSITION_MESSAGES } from '../../src/domain/positions';
import { DEVICE_NAME_REQUIRED } from '../../src/domain/schemas/trackerDevice';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, login, type TestApp } from '../server/helpers';
import { tokenClient } from './contractHarness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());

const providerFor = async (email: string) => createDataProvider({ httpClient: tokenClient(t.app, await login(t.app, email)), endpoints: resourceEndpoints });

describe('tracking devices through the data provider', () => {
  it('registers, lists and revokes a device', async () => {
    const dataProvider = await providerFor('prestador@demo.com.br');
    const device = await dataProvider.createTrackerDevice({ name: 'Celular da viatura 3', agent: null });
    expect(Object.keys(device)).toEqual(['_id', 'name', 'agent', 'identifier', 'url', 'qrSvg', 'createdAt', 'revokedAt']);
    expect(device.identifier).toMatch(DEVICE_IDENTIFIER_PATTERN);
    expect(device.url).toBe(`${t.config.publicUrl}/api/positions/osmand`);
    expect(await dataProvider.trackerDevices()).toEqual([device]);
    await dataProvider.revokeTrackerDevice(device._id);
    expect((await dataProvider.trackerDevices())[0]?.revokedAt).toEqual(expect.any(String));
  });

  it("a refusal reaches the screen as the server's Portuguese message", async () => {
    const provider = await providerFor('prestador@demo.com.br');
    const invalid = await provider.createTrackerDevice({ name: ' ', agent: null }).catch((e: unknown) => e);
    expect(isHttpError(invalid) && invalid.apiError.kind === 'validation' && invalid.apiError.issues.map((i) => i.message)).toEqual([DEVICE_NAME_REQUIRED]);
    const gestor = await providerFor('gestor@demo.com.br');
    const refused = await gestor.trackerDevices().catch((e: unknown) => e);
    expect(isHttpError(refused) && refused.apiError.kind === 'generic_error' && refused.apiError.message).toBe(POSITION_MESSAGES.providersOnly);
  });
});
