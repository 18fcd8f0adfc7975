import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OSMAND_BATCH_MAX, POSITION_LIMIT, POSITION_MESSAGES, UNKNOWN_DEVICE_LIMIT } from '../../src/domain/positions';
import type { TrackerDevice } from '../../src/domain/positions/contracts';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { missions, positions } from '../../server/db/schema';
import { deleteExpiredPositions } from '../../server/positions/retention';
import { createTestApp, login, type TestApp } from './helpers';

/**
 * The OsmAnd intake (docs/rules/positions.md, POST/GET /api/positions/osmand): Traccar's parameters
 * in the query or a form, Traccar Client 9's JSON (one fix or a batch); unknown or revoked identifiers 404; nothing kept
 * outside a started mission the device's provider holds; bad values refused and counted; a limit
 * per device; the retention's delete.
 */

const METRICS = 'metricas-de-posicoes-0123456789';
let t: TestApp;
/** Every statement the server ran, for the intake's count per group. */
const statements: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS }, { onQuery: (query) => void statements.push(query) });
}, 120_000);
afterAll(() => t.close());
beforeEach(() => t.reset());

async function newDevice(email = 'prestador@demo.com.br', name = 'Celular da viatura 1'): Promise<TrackerDevice> {
  const token = await login(t.app, email);
  const response = await t.app.inject({ method: 'POST', url: '/api/positions/devices', headers: { 'x-access-token': token }, payload: { name, agent: 'João' } });
  expect(response.statusCode).toBe(201);
  return response.json<TrackerDevice>();
}

const stored = async () => (await t.database.db.select().from(positions).orderBy(positions.fixedAt));
const storedCount = async () => (await t.database.db.select({ n: count() }).from(positions))[0]?.n ?? 0;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

async function refused(reason: string): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS}` } })).body;
  const line = text.split('\n').find((one) => one.startsWith(`positions_refused_total{reason="${reason}"}`));
  return Number(line?.split(' ')[1] ?? 0);
}

const osmandGet = (query: Record<string, string | number>) =>
  t.app.inject({ method: 'GET', url: `/api/positions/osmand?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` });

describe('OsmAnd intake', () => {
  it('stores a position sent as query parameters (GET and POST), speed from knots, 200 with an empty body', async () => {
    const device = await newDevice();
    const at = new Date(t.clock.now.getTime() - 60_000);
    const response = await osmandGet({ id: device.identifier, lat: -23.5505, lon: -46.6333, timestamp: unix(at), speed: 10, bearing: 90.5, altitude: 760, accuracy: 12, batt: 87 });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const post = await t.app.inject({ method: 'POST', url: `/api/positions/osmand?deviceid=${device.identifier}&lat=-23.56&lon=-46.64&timestamp=${at.toISOString()}` });
    expect(post.statusCode).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ latE7: -235505000, lonE7: -466333000, bearing: 90.5, altitude: 760, accuracy: 12, battery: 87 });
    expect(rows[0]?.fixedAt.toISOString()).toBe(new Date(unix(at) * 1000).toISOString());
    expect(rows[0]?.speedKmh).toBeCloseTo(18.52, 2);
    expect(rows[1]).toMatchObject({ latE7: -235600000, lonE7: -466400000, speedKmh: null, battery: null });
  });

  it('stores a position sent as a form body, and milliseconds as Traccar reads them', async () => {
    const device = await newDevice();
    const at = new Date(t.clock.now.getTime() - 5_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/positions/osmand',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${device.identifier}&lat=-22.9&lon=-43.2&timestamp=${at.getTime()}&speed=0&__proto__=x`,
    });
    expect(response.statusCode).toBe(200);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ latE7: -229000000, lonE7: -432000000, speedKmh: 0 });
    expect(rows[0]?.fixedAt.getTime()).toBe(at.getTime());
  });

  it("stores Traccar Client 9's JSON body: speed in m/s, battery 0–1, -1 meaning unknown", async () => {
    const device = await newDevice();
    const at = new Date(t.clock.now.getTime() - 30_000);
    const body = {
      location: {
        timestamp: at.toISOString(),
        coords: { latitude: -25.4284, longitude: -49.2733, accuracy: 5, speed: 10, heading: -1, altitude: 934 },
        battery: { level: 0.53, is_charging: false },
        is_moving: true,
        odometer: 1200,
        activity: { type: 'in_vehicle' },
      },
      device_id: device.identifier,
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: body });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ latE7: -254284000, lonE7: -492733000, accuracy: 5, bearing: null, altitude: 934, battery: 53 });
    expect(rows[0]?.speedKmh).toBeCloseTo(36, 3);
    expect(rows[0]?.fixedAt.toISOString()).toBe(at.toISOString());
  });

  it("stores a Traccar Client batch: each fix judged on its own, in order, one request for the device's limit", async () => {
    const device = await newDevice();
    const fix = (secondsAgo: number, latitude = -25.43) => ({
      timestamp: new Date(t.clock.now.getTime() - secondsAgo * 1000).toISOString(),
      coords: { latitude, longitude: -49.27, speed: 10, heading: 90 },
    });
    const before = await refused('invalid_value');
    const batch = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: [fix(90), fix(60, -95), fix(30, -25.44)] } });
    expect(batch.statusCode).toBe(200);
    expect(batch.body).toBe('');
    expect((await stored()).map((row) => row.latE7)).toEqual([-254300000, -254400000]);
    expect(await refused('invalid_value')).toBe(before + 1);

    // A queue longer than the per-device limit, sent at once after a tunnel: one request, all kept.
    const queue = Array.from({ length: POSITION_LIMIT.max + 30 }, (_, i) => fix(600 - i));
    const long = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: queue } });
    expect(long.statusCode).toBe(200);
    expect(await storedCount()).toBe(2 + queue.length);
  });

  it('refuses a batch that is empty, too long or holds a fix without coordinates, storing none of it', async () => {
    const device = await newDevice();
    const good = { coords: { latitude: -25.43, longitude: -49.27 } };
    const empty = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: [] } });
    const tooLong = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: Array.from({ length: OSMAND_BATCH_MAX + 1 }, () => good) } });
    const holed = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: [good, { coords: { latitude: -25.43 } }] } });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: [good, { coords: { latitude: -25.43, longitude: 'x' } }] } });
    for (const response of [empty, tooLong, holed, wrongType]) expect(response.statusCode, response.body).toBe(400);
    expect(holed.json()).toEqual({ error: POSITION_MESSAGES.missingCoordinates });
    expect(await storedCount()).toBe(0);
  });

  it("reads the devices' latest fixes for arrival once per group of fixes, not once per device", async () => {
    const token = await login(t.app, 'prestador@demo.com.br');
    const devices: TrackerDevice[] = [];
    for (let i = 1; i <= 30; i++) {
      const created = await t.app.inject({ method: 'POST', url: '/api/positions/devices', headers: { 'x-access-token': token }, payload: { name: `Celular ${i}` } });
      devices.push(created.json<TrackerDevice>());
    }
    statements.length = 0;
    const answers = await Promise.all(devices.map((device, i) => osmandGet({ id: device.identifier, lat: -23.5 - i / 1000, lon: -46.6, timestamp: unix(t.clock.now) })));
    expect(answers.map((a) => a.statusCode)).toEqual(devices.map(() => 200));
    expect(await storedCount()).toBe(devices.length);
    const groups = statements.filter((q) => /^insert into "positions"/i.test(q)).length;
    // A device's latest fixes: the positions, newest first, so many.
    const reads = statements.filter((q) => q.includes('from "positions"') && /desc limit/i.test(q)).length;
    expect(groups).toBeLessThan(devices.length);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(groups);
  });

  it('answers 404 to an unknown or revoked identifier and stores nothing', async () => {
    const device = await newDevice();
    expect((await osmandGet({ id: 'abcdefghijklmnopqrstuvwxyz', lat: -23, lon: -46 })).statusCode).toBe(404);
    const token = await login(t.app, 'prestador@demo.com.br');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/positions/devices/${device._id}`, headers: { 'x-access-token': token } })).statusCode).toBe(204);
    const revoked = await osmandGet({ id: device.identifier, lat: -23, lon: -46 });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ error: POSITION_MESSAGES.unknownDevice });
    const json = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: { coords: { latitude: 1, longitude: 2 } } } });
    expect(json.statusCode).toBe(404);
    expect(await storedCount()).toBe(0);
  });

  it('stores nothing while the provider holds no started mission (200, counted), and stores again once it does', async () => {
    const device = await newDevice();
    const started = await t.database.db.select({ id: missions.id }).from(missions).where(sql`${missions.serviceProvider} = ${DEMO_IDS.provider} and ${missions.status} = 'started'`);
    expect(started.length).toBeGreaterThan(0);
    await t.database.db.update(missions).set({ status: 'finished' }).where(sql`${missions.serviceProvider} = ${DEMO_IDS.provider} and ${missions.status} = 'started'`);
    const before = await refused('no_started_mission');
    const response = await osmandGet({ id: device.identifier, lat: -23, lon: -46 });
    expect(response.statusCode).toBe(200);
    expect(await storedCount()).toBe(0);
    expect(await refused('no_started_mission')).toBe(before + 1);
    // Another provider's started mission does not count for this one.
    const sul = await t.database.db.select({ n: count() }).from(missions).where(sql`${missions.serviceProvider} = ${DEMO_IDS.providerSul} and ${missions.status} = 'started'`);
    expect(sul[0]?.n).toBeGreaterThan(0);
    await t.database.db.update(missions).set({ status: 'started' }).where(eq(missions.id, started[0]!.id));
    expect((await osmandGet({ id: device.identifier, lat: -23, lon: -46 })).statusCode).toBe(200);
    expect(await storedCount()).toBe(1);
  });

  it('refuses bad values without storing them, counted by reason, answering 200 so the app does not retry them', async () => {
    const device = await newDevice();
    const now = t.clock.now;
    const cases: [Record<string, string | number>, string][] = [
      [{ lat: 91, lon: 0 }, 'invalid_value'],
      [{ lat: 0, lon: -180.5 }, 'invalid_value'],
      [{ lat: 'NaN', lon: 0 }, 'invalid_value'],
      [{ lat: 'abc', lon: 0 }, 'invalid_value'],
      [{ lat: 0, lon: 'Infinity' }, 'invalid_value'],
      [{ lat: 0, lon: 0, speed: '1e' }, 'invalid_value'],
      [{ lat: 0, lon: 0, timestamp: 'amanhã' }, 'invalid_value'],
      [{ lat: 0, lon: 0, timestamp: unix(now) + 3600 }, 'future'],
      [{ lat: 0, lon: 0, timestamp: unix(now) - 91 * 86400 }, 'too_old'],
    ];
    for (const [values, reason] of cases) {
      const before = await refused(reason);
      const response = await osmandGet({ id: device.identifier, ...values });
      expect(response.statusCode, JSON.stringify(values)).toBe(200);
      expect(await refused(reason), JSON.stringify(values)).toBe(before + 1);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: { timestamp: now.toISOString(), coords: { latitude: -95, longitude: 0 } } } });
    expect(json.statusCode).toBe(200);
    expect(await storedCount()).toBe(0);
  });

  it('refuses what is not a position with 400 in Portuguese, before looking at the device', async () => {
    const device = await newDevice();
    const missingId = await osmandGet({ lat: 1, lon: 2 });
    expect(missingId.statusCode).toBe(400);
    expect(missingId.json()).toEqual({ error: POSITION_MESSAGES.missingDevice });
    const missingLat = await osmandGet({ id: device.identifier, lon: 2 });
    expect(missingLat.json()).toEqual({ error: POSITION_MESSAGES.missingCoordinates });
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: device.identifier, location: { coords: { latitude: '1', longitude: 2 } } } });
    expect(wrongType.statusCode).toBe(400);
    const tooLong = await osmandGet({ id: 'x'.repeat(65), lat: 1, lon: 2 });
    expect(tooLong.statusCode).toBe(400);
    const deep = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', headers: { 'content-type': 'application/json' }, payload: `${'['.repeat(40)}${']'.repeat(40)}` });
    expect(deep.statusCode).toBe(400);
    const notObject = await t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: [1, 2] });
    expect(notObject.statusCode).toBe(400);
    for (const response of [wrongType, tooLong, deep, notObject]) expect(typeof response.json<{ error?: string; errors?: unknown[] }>()).toBe('object');
    expect(await storedCount()).toBe(0);
  });

  it('limits each device: over the window 429 with Retry-After and nothing stored; another device is not held back', async () => {
    const device = await newDevice();
    const other = await newDevice('prestador@demo.com.br', 'Celular 2');
    for (let i = 0; i < POSITION_LIMIT.max; i++) {
      expect((await osmandGet({ id: device.identifier, lat: -23, lon: -46 })).statusCode).toBe(200);
    }
    const over = await osmandGet({ id: device.identifier, lat: -23, lon: -46 });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: POSITION_MESSAGES.tooMany });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(POSITION_LIMIT.max);
    expect((await osmandGet({ id: other.identifier, lat: -23, lon: -46 })).statusCode).toBe(200);
    t.clock.advance(POSITION_LIMIT.windowMs + 1);
    expect((await osmandGet({ id: device.identifier, lat: -23, lon: -46 })).statusCode).toBe(200);
  });

  it('limits unknown identifiers per client address: a scan gets 429 with Retry-After; known devices and other addresses are not held back', async () => {
    const device = await newDevice();
    const from = (remoteAddress: string, id: string) => t.app.inject({ method: 'GET', url: `/api/positions/osmand?id=${id}&lat=-23&lon=-46`, remoteAddress });
    for (let i = 0; i < UNKNOWN_DEVICE_LIMIT.max; i++) expect((await from('203.0.113.9', `varredura-${i}`)).statusCode).toBe(404);
    const over = await from('203.0.113.9', 'varredura-final');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: POSITION_MESSAGES.tooManyUnknown });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.9', device.identifier)).statusCode).toBe(200);
    expect((await from('198.51.100.7', 'varredura-0')).statusCode).toBe(404);
    t.clock.advance(UNKNOWN_DEVICE_LIMIT.windowMs + 1);
    expect((await from('203.0.113.9', 'varredura-0')).statusCode).toBe(404);
  });
});

describe('retention', () => {
  it('deletes the positions older than the configured days, and only those', async () => {
    expect(t.config.positionRetentionDays).toBe(90);
    const device = await newDevice();
    await osmandGet({ id: device.identifier, lat: -23, lon: -46, timestamp: unix(t.clock.now) - 10 * 86400 });
    await osmandGet({ id: device.identifier, lat: -23, lon: -46, timestamp: unix(t.clock.now) - 89 * 86400 });
    expect(await storedCount()).toBe(2);
    expect(await deleteExpiredPositions(t.database.db, t.clock.now, 90)).toBe(0);
    const later = new Date(t.clock.now.getTime() + 2 * 86400_000);
    expect(await deleteExpiredPositions(t.database.db, later, 90)).toBe(1);
    const left = await stored();
    expect(left).toHaveLength(1);
    expect(left[0]?.fixedAt.getTime()).toBe((unix(t.clock.now) - 10 * 86400) * 1000);
  });
});
