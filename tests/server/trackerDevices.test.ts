import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { DEVICE_IDENTIFIER_PATTERN, POSITION_MESSAGES } from '../../src/domain/positions';
import type { AuditPage } from '../../src/domain/audit/responseSchemas';
import type { TrackerDevice } from '../../src/domain/positions/contracts';
import { DEVICE_NAME_REQUIRED } from '../../src/domain/schemas/trackerDevice';
import { JSON_TOO_DEEP } from '../../server/http/plugins/jsonBody';
import { createTestApp, login, type TestApp } from './helpers';
import { MISSION_ACCOUNTS, type MissionAccount } from './missionsClient';

/**
 * The provider's tracking devices (docs/rules/positions.md, base /api/positions): registered,
 * listed and revoked by the provider's own users only — another provider (a competitor of the same
 * tenant) sees none of them and cannot revoke them, and no risk manager, admin or tech user
 * manages devices — and bad input refused in Portuguese with nothing written.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://pr.example.com.br' });
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());


async function as(account: MissionAccount) {
  const token = await login(t.app, MISSION_ACCOUNTS[account]);
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/positions/${url}`,
      headers: { 'x-access-token': token, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
      payload: payload as string,
    });
  return { send, devices: async () => (await send('GET', 'devices')).json<TrackerDevice[]>() };
}

describe('tracking devices', () => {
  it('a provider registers a device: a 128-bit identifier, the URL and a QR code to set up Traccar Client', async () => {
    const prestador = await as('prestador');
    const response = await prestador.send('POST', 'devices', { name: '  Celular da viatura 7 ', agent: 'Carlos' });
    expect(response.statusCode).toBe(201);
    const device = response.json<TrackerDevice>();
    expect(device).toMatchObject({ name: 'Celular da viatura 7', agent: 'Carlos', revokedAt: null, url: 'https://pr.example.com.br/api/positions/osmand' });
    expect(device.identifier).toMatch(DEVICE_IDENTIFIER_PATTERN);
    expect(device.qrSvg).toMatch(/^<svg/);
    const second = (await prestador.send('POST', 'devices', { name: 'Celular 2' })).json<TrackerDevice>();
    expect(second.agent).toBeNull();
    expect(second.identifier).not.toBe(device.identifier);
    expect((await prestador.devices()).map((one) => one._id)).toEqual([device._id, second._id]);
  });

  it('a competitor of the same tenant sees none of them and cannot revoke them (404); revoking twice is a conflict', async () => {
    const prestador = await as('prestador');
    const device = (await prestador.send('POST', 'devices', { name: 'Celular A' })).json<TrackerDevice>();
    const sul = await as('sul');
    expect(await sul.devices()).toEqual([]);
    expect((await sul.send('DELETE', `devices/${device._id}`)).statusCode).toBe(404);
    expect((await prestador.devices())[0]?.revokedAt).toBeNull();
    const own = (await sul.send('POST', 'devices', { name: 'Celular Sul' })).json<TrackerDevice>();
    expect((await prestador.devices()).map((one) => one._id)).toEqual([device._id]);
    expect((await sul.devices()).map((one) => one._id)).toEqual([own._id]);
    expect((await prestador.send('DELETE', `devices/${device._id}`)).statusCode).toBe(204);
    expect((await prestador.devices())[0]?.revokedAt).not.toBeNull();
    const again = await prestador.send('DELETE', `devices/${device._id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: POSITION_MESSAGES.alreadyRevoked });
  });

  it("registering and revoking are in the trail of the provider's risk manager, never with the identifier; another tenant sees none", async () => {
    const prestador = await as('prestador');
    const device = (await prestador.send('POST', 'devices', { name: 'Celular B', agent: 'Ana' })).json<TrackerDevice>();
    expect((await prestador.send('DELETE', `devices/${device._id}`)).statusCode).toBe(204);
    expect((await prestador.send('DELETE', `devices/${device._id}`)).statusCode).toBe(409);
    const trail = async (account: MissionAccount) => {
      const token = await login(t.app, MISSION_ACCOUNTS[account]);
      const response = await t.app.inject({ url: '/api/admin/audit?entity=trackerDevices', headers: { 'x-access-token': token } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditPage>();
    };
    const seen = await trail('gestor');
    expect(seen.data.map((entry) => entry.action).sort()).toEqual(['create', 'update']);
    const created = seen.data.find((entry) => entry.action === 'create');
    expect(created).toMatchObject({ record: device._id, userEmail: MISSION_ACCOUNTS.prestador, after: { name: 'Celular B', agent: 'Ana' } });
    expect(created?.names[device._id]).toBe('Celular B');
    const revoked = seen.data.find((entry) => entry.action === 'update');
    expect(revoked?.before).toEqual({ revokedAt: null });
    expect(typeof revoked?.after?.revokedAt).toBe('string');
    expect(Object.keys(revoked?.after ?? {})).toEqual(['revokedAt']);
    expect(JSON.stringify(seen)).not.toContain(device.identifier);
    expect((await trail('norte')).data).toEqual([]);
  });

  it.each(['gestor', 'operador', 'norte', 'admin'] as const)('%s (not a provider) manages no devices: 403 and nothing written', async (account) => {
    const prestador = await as('prestador');
    const device = (await prestador.send('POST', 'devices', { name: 'Celular A' })).json<TrackerDevice>();
    const other = await as(account);
    expect((await other.send('GET', 'devices')).statusCode).toBe(403);
    const create = await other.send('POST', 'devices', { name: 'Intruso' });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: POSITION_MESSAGES.providersOnly });
    expect((await other.send('DELETE', `devices/${device._id}`)).statusCode).toBe(403);
    expect(await prestador.devices()).toHaveLength(1);
    expect((await prestador.devices())[0]?.revokedAt).toBeNull();
  });

  it('the tech profile has no missions area (403), and without a token 401', async () => {
    expect((await (await as('ti')).send('GET', 'devices')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/positions/devices' })).statusCode).toBe(401);
  });

  it('refuses bad input in Portuguese and writes nothing', async () => {
    const prestador = await as('prestador');
    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'name', DEVICE_NAME_REQUIRED],
      [{ name: 42 }, 'name', INVALID_TYPE],
      [{ name: 'Celular\u0000' }, 'name', CONTROL_CHARACTERS_NOT_ALLOWED],
      [{ name: 'x'.repeat(121) }, 'name', maxLength(120)],
      [{ name: 'Celular', agent: ['João'] }, 'agent', INVALID_TYPE],
    ];
    for (const [payload, path, message] of cases) {
      const response = await prestador.send('POST', 'devices', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual(expect.objectContaining({ path, message }));
    }
    const deep = await prestador.send('POST', 'devices', `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: JSON_TOO_DEEP });
    expect((await prestador.send('DELETE', 'devices/not-an-id')).statusCode).toBe(400);
    expect(await prestador.devices()).toEqual([]);
  });
});
