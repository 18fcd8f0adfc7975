import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_OPTION, INVALID_TYPE, maxLength } from '../../src/domain/messages';
import { PUSH_MESSAGES } from '../../src/domain/push';
import type { PushDevice } from '../../src/domain/push/contracts';
import { JSON_TOO_DEEP } from '../../server/http/plugins/jsonBody';
import { ConfigError, loadConfig } from '../../server/config';
import { createTestApp, login, type TestApp } from './helpers';
import { MISSION_ACCOUNTS, type MissionAccount } from './missionsClient';
import { SUBSCRIPTION_KEYS } from '../pushKeys';

/**
 * The notification devices' endpoints (docs/rules/notifications.md, base /api/auth): the VAPID key
 * kept like the JWT secret, subscribe, list, change and remove — each user only its own devices —
 * and bad input refused in Portuguese with nothing changed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());


async function as(account: MissionAccount) {
  const token = await login(t.app, MISSION_ACCOUNTS[account]);
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api/auth/${url}`, headers: { 'x-access-token': token, ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) }, payload: payload as string });
  return {
    send,
    devices: async () => (await send('GET', 'push/devices')).json<PushDevice[]>(),
  };
}

const subscription = (name: string, extra: Record<string, unknown> = {}) => ({
  endpoint: `https://push.example.com/send/${name}`,
  keys: SUBSCRIPTION_KEYS,
  label: `Celular ${name}`,
  kinds: ['missionOffered', 'proposalAccepted'],
  ...extra,
});

describe('VAPID keys', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('are generated once in the data directory and kept across restarts; the environment overrides them', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pr-vapid-'));
    const first = loadConfig({ dataDir }).vapid;
    expect(existsSync(join(dataDir, 'vapid-keys.json'))).toBe(true);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(loadConfig({ dataDir }).vapid).toEqual(first);
    process.env.VAPID_PUBLIC_KEY = 'BPublic';
    process.env.VAPID_PRIVATE_KEY = 'private';
    process.env.VAPID_SUBJECT = 'mailto:ops@example.com';
    expect(loadConfig({ dataDir }).vapid).toEqual({ publicKey: 'BPublic', privateKey: 'private', subject: 'mailto:ops@example.com' });
    delete process.env.VAPID_PRIVATE_KEY;
    expect(() => loadConfig({ dataDir })).toThrow(ConfigError);
  });

  it('GET push/key answers the public key to a signed-in user, 401 without a token', async () => {
    const gestor = await as('gestor');
    const response = await gestor.send('GET', 'push/key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: t.config.vapid.publicKey });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/push/key' })).statusCode).toBe(401);
  });
});

describe('devices', () => {
  it('subscribes, lists, changes the kinds and removes the caller’s own device', async () => {
    const prestador = await as('prestador');
    const created = await prestador.send('POST', 'push/devices', subscription('a'));
    expect(created.statusCode).toBe(201);
    const device = created.json<PushDevice>();
    expect(device).toMatchObject({ label: 'Celular a', endpoint: 'https://push.example.com/send/a', kinds: ['missionOffered', 'proposalAccepted'] });
    expect(await prestador.devices()).toEqual([device]);

    const changed = await prestador.send('PUT', `push/devices/${device._id}`, { kinds: ['chatMessage', 'proposalLost', 'chatMessage'] });
    expect(changed.statusCode).toBe(200);
    // Each kind once, in the list's order.
    expect(changed.json<PushDevice>().kinds).toEqual(['proposalLost', 'chatMessage']);

    const removed = await prestador.send('DELETE', `push/devices/${device._id}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await prestador.devices()).toEqual([]);
  });

  it('the same browser subscribing again takes its row over, even under another login', async () => {
    const prestador = await as('prestador');
    const sul = await as('sul');
    const first = (await prestador.send('POST', 'push/devices', subscription('shared'))).json<PushDevice>();
    const again = await sul.send('POST', 'push/devices', subscription('shared', { label: 'Tablet', kinds: ['chatMessage'] }));
    expect(again.statusCode).toBe(201);
    expect(again.json<PushDevice>()).toMatchObject({ _id: first._id, label: 'Tablet', kinds: ['chatMessage'] });
    expect(await prestador.devices()).toEqual([]);
    expect((await sul.devices()).map((d) => d._id)).toEqual([first._id]);
  });

  it('role × tenant: nobody sees, changes or removes another user’s device', async () => {
    const prestador = await as('prestador');
    const device = (await prestador.send('POST', 'push/devices', subscription('mine'))).json<PushDevice>();
    for (const account of ['sul', 'gestor', 'norte', 'admin'] as const) {
      const other = await as(account);
      expect(await other.devices(), account).toEqual([]);
      expect((await other.send('PUT', `push/devices/${device._id}`, { kinds: [] })).statusCode, account).toBe(404);
      expect((await other.send('DELETE', `push/devices/${device._id}`)).statusCode, account).toBe(404);
    }
    expect(await prestador.devices()).toEqual([device]);
  });

  it('each role chooses only its own kinds; the tech profile and platform admins have none', async () => {
    const gestor = await as('gestor');
    const created = await gestor.send('POST', 'push/devices', subscription('g', { kinds: ['proposalReceived', 'finishRequested', 'slaBreached'] }));
    expect(created.statusCode).toBe(201);
    const wrong = await gestor.send('POST', 'push/devices', subscription('g2', { kinds: ['slaBreached', 'missionOffered'] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: [{ code: 'invalid_enum_value', path: 'kinds.1', message: PUSH_MESSAGES.kindNotAllowed }] });
    const prestador = await as('prestador');
    expect((await prestador.send('POST', 'push/devices', subscription('p', { kinds: ['slaBreached'] }))).statusCode).toBe(400);
    for (const account of ['ti', 'admin'] as const) {
      const refused = await (await as(account)).send('POST', 'push/devices', subscription(account, { kinds: [] }));
      expect(refused.statusCode, account).toBe(403);
      expect(refused.json()).toEqual({ error: PUSH_MESSAGES.notAvailable });
    }
    expect((await gestor.devices()).map((d) => d.label)).toEqual(['Celular g']);
  });
});

describe('bad input', () => {
  const CASES: [string, Record<string, unknown>, string, string][] = [
    ['an endpoint that is not https', { endpoint: 'http://push.example.com/x' }, 'endpoint', PUSH_MESSAGES.endpointNotHttps],
    ['an endpoint that is no URL', { endpoint: 'push' }, 'endpoint', PUSH_MESSAGES.endpointNotHttps],
    ['an endpoint of the wrong type', { endpoint: 12 }, 'endpoint', INVALID_TYPE],
    ['an over-long endpoint', { endpoint: `https://push.example.com/${'a'.repeat(2048)}` }, 'endpoint', maxLength(2048)],
    ['keys as a list', { keys: [] }, 'keys', INVALID_TYPE],
    ['a key that is not base64url', { keys: { p256dh: 'não é chave', auth: 'x' } }, 'keys.p256dh', INVALID_TYPE],
    ['a label with a control character', { label: 'Celular\u0000' }, 'label', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['an over-long label', { label: 'x'.repeat(121) }, 'label', maxLength(120)],
    ['an unknown kind', { kinds: ['everything'] }, 'kinds.0', INVALID_OPTION],
    ['kinds as a text', { kinds: 'missionOffered' }, 'kinds', INVALID_TYPE],
  ];

  it.each(CASES)('%s → 400 in Portuguese, nothing written', async (_name, change, path, message) => {
    const prestador = await as('prestador');
    const response = await prestador.send('POST', 'push/devices', subscription('bad', change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ errors: { path: string; message: string }[] }>().errors).toContainEqual(expect.objectContaining({ path, message }));
    expect(await prestador.devices()).toEqual([]);
  });

  it('a change with an unknown kind or a body nested too deep → 400, the device unchanged', async () => {
    const prestador = await as('prestador');
    const device = (await prestador.send('POST', 'push/devices', subscription('keep'))).json<PushDevice>();
    const unknown = await prestador.send('PUT', `push/devices/${device._id}`, { kinds: [1] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(INVALID_TYPE);
    const deep = await prestador.send('PUT', `push/devices/${device._id}`, `{"kinds":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ error: JSON_TOO_DEEP });
    expect(await prestador.devices()).toEqual([device]);
  });
});
