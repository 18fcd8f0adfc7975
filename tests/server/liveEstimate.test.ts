import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missions } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { recordSlaBreaches } from '../../server/missions/slaBreaches';
import { slaClock, type MissionRow, type MonitoringPage } from '../../src/domain/missions';
import type { TrackerDevice } from '../../src/domain/positions/contracts';
import { BASE, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * The live arrival estimate kept on the mission (docs/rules/positions.md, "Previsão de chegada") and
 * the arrival clock it forecasts (docs/rules/sla.md): written when a fix posted to
 * /api/positions/osmand is stored, the OSRM stub asked at most once per mission per 30 s, read by
 * the monitoring list as a column of the row, seen by the risk manager and the holder only.
 */

/** The OSRM stub: a route of `seconds`, every request counted. */
const osrm = { seconds: 600, asked: [] as string[] };
let stub: Server;
let stubUrl = '';
beforeAll(async () => {
  stub = createServer((request, response) => {
    osrm.asked.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'Ok', routes: [{ duration: osrm.seconds, distance: 9000 }] }));
  });
  await new Promise<void>((done) => stub.listen(0, '127.0.0.1', done));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise((done) => stub.close(done));
});

let m: MissionsTest;
useMissionsApp(
  (ready) => (m = ready),
  () => ({ osrmUrl: stubUrl }),
);

const CONFIG_URL = `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`;
const NO_TARGETS = { proposal: null, accept: null, arrival: null, execution: null, billing: null };
let required: Record<string, boolean>;
beforeAll(async () => {
  required = (await m.as.gestor.get(CONFIG_URL)).json<{ required: Record<string, boolean> }>().required;
  // Five minutes of tolerance over the holder's ETA (the proposals promise 00:40): due 45 min after the acceptance.
  const saved = await m.as.gestor.put(CONFIG_URL, { required, sla: { ...NO_TARGETS, arrival: 5 } });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await m.as.gestor.put(CONFIG_URL, { required, sla: NO_TARGETS });
});
beforeEach(async () => {
  await m.t.database.db.execute(sql`truncate positions, tracker_devices, auth_failures`);
  osrm.seconds = 600;
  osrm.asked = [];
});
afterEach(() => {
  m.t.clock.now = new Date();
});

const START = new Date('2026-11-20T08:00:00.000Z');
const MIN = 60_000;
const after = (seconds: number) => new Date(START.getTime() + seconds * 1000);

async function device(): Promise<TrackerDevice> {
  const response = await m.as.prestador.post('/api/positions/devices', { name: 'Celular da viatura 1', agent: 'João' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TrackerDevice>();
}

/** One position posted as Traccar Client 9 posts it, taken `seconds` after the acceptance and received then. */
async function fix(identifier: string, seconds: number, latitude = -23.6, receivedAfter = seconds) {
  m.t.clock.now = after(receivedAfter);
  const response = await m.t.app.inject({
    method: 'POST',
    url: '/api/positions/osmand',
    payload: { device_id: identifier, location: { timestamp: after(seconds).toISOString(), coords: { latitude, longitude: -46.6565 } } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function kept(mission: string) {
  const [row] = await m.t.database.db
    .select({ arrivalAt: missions.liveEtaArrivalAt, fixAt: missions.liveEtaFixAt, source: missions.liveEtaSource })
    .from(missions)
    .where(eq(missions.id, mission));
  return row;
}

async function rowOf(who: MissionAccount, mission: string): Promise<MissionRow | undefined> {
  const response = await m.as[who].get(`${BASE}/request/monitoring?page=1`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MonitoringPage>().data.find((row) => row._id === mission);
}

const clockAt = (row: MissionRow | undefined, at: Date) => row?.sla && slaClock({ status: row.storedStatus, createdAt: row.createdAt, sla: row.sla }, at.getTime());

describe('the estimate kept on the mission', () => {
  it('each stored fix renews it; the router is asked at most once per mission in 30 s, and reading it asks nothing', async () => {
    const phone = await device();
    m.t.clock.now = START;
    const mission = (await m.started('prestador'))._id;

    await fix(phone.identifier, 60);
    expect(await kept(mission)).toEqual({ arrivalAt: after(660), fixAt: after(60), source: 'route' });
    expect(osrm.asked).toHaveLength(1);

    // Within the window: no request, the kept estimate stands (the route changed meanwhile).
    osrm.seconds = 300;
    await fix(phone.identifier, 70);
    await fix(phone.identifier, 85);
    expect(osrm.asked).toHaveLength(1);
    expect(await kept(mission)).toEqual({ arrivalAt: after(660), fixAt: after(60), source: 'route' });

    // Past it: one request, the new route.
    await fix(phone.identifier, 95);
    expect(osrm.asked).toHaveLength(2);
    expect(await kept(mission)).toEqual({ arrivalAt: after(395), fixAt: after(95), source: 'route' });

    // The map and the monitoring list read it without asking the router.
    for (const who of ['gestor', 'prestador'] as const) {
      expect((await m.as[who].get(`/api/positions/missions/${mission}`)).json()).toMatchObject({ eta: { minutes: 5, source: 'route' } });
      expect((await rowOf(who, mission))?.sla?.liveArrivalAt).toBe(after(395).toISOString());
    }
    expect(osrm.asked).toHaveLength(2);
  });

  it('a fix older than the one the estimate came from (a queue sent after a tunnel) does not replace it', async () => {
    const phone = await device();
    m.t.clock.now = START;
    const mission = (await m.started('prestador'))._id;
    await fix(phone.identifier, 120);
    osrm.seconds = 3000;
    await fix(phone.identifier, 60, -23.62, 200);
    expect(await kept(mission)).toEqual({ arrivalAt: after(720), fixAt: after(120), source: 'route' });
  });

  it("an estimate from before the current acceptance (the mission reopened and accepted again) is no one's", async () => {
    const phone = await device();
    m.t.clock.now = START;
    const mission = (await m.started('prestador'))._id;
    await fix(phone.identifier, 60);
    // Accepted again later (the acceptance moment is the timeline's, kept on the row by its trigger).
    await m.t.database.db.update(missions).set({ slaAcceptedAt: after(300) }).where(eq(missions.id, mission));
    m.t.clock.now = after(310);
    expect((await m.as.gestor.get(`/api/positions/missions/${mission}`)).json()).toMatchObject({ eta: null });
    expect((await rowOf('gestor', mission))?.sla?.liveArrivalAt).toBeNull();
    // The new acceptance's first fix brings its own.
    await fix(phone.identifier, 320);
    expect((await rowOf('gestor', mission))?.sla?.liveArrivalAt).toBe(after(920).toISOString());
  });
});

describe('the arrival clock it forecasts', () => {
  it("on time: green with 'chega em N min'; projected past the due moment: amber at once, yet no breach before the due moment", async () => {
    const phone = await device();
    m.t.clock.now = START;
    const mission = (await m.started('prestador'))._id;
    await fix(phone.identifier, 60);
    // Due at 45 min, amber from 36: at 1 min the clock is green, the team 10 min away.
    expect(clockAt(await rowOf('gestor', mission), after(60))).toEqual({ phase: 'arrival', color: 'green', remainingMs: 44 * MIN, arrivesInMinutes: 10, forecastLate: false });

    // The route now takes an hour: the team is projected at 61 min, past the 45 min due moment.
    osrm.seconds = 3600;
    await fix(phone.identifier, 120);
    const row = await rowOf('gestor', mission);
    expect(clockAt(row, after(120))).toEqual({ phase: 'arrival', color: 'amber', remainingMs: 43 * MIN, arrivesInMinutes: 60, forecastLate: true });
    // The holder sees its own arrival clock with the same forecast.
    expect(clockAt(await rowOf('prestador', mission), after(120))).toEqual({ phase: 'arrival', color: 'amber', remainingMs: 43 * MIN, arrivesInMinutes: 60, forecastLate: true });

    // The breach is the due moment's alone: nothing at 44 min, the arrival's breach once past 45.
    expect(await recordSlaBreaches(m.t.database.db, after(44 * 60))).toBe(0);
    expect(await recordSlaBreaches(m.t.database.db, after(46 * 60))).toBe(1);
    expect((await m.events(mission)).filter((e) => e.action === 'sla_breached_arrival')).toHaveLength(1);
  });

  it('the losing provider and another tenant never get the estimate', async () => {
    const phone = await device();
    m.t.clock.now = START;
    const mission = (await m.started('prestador'))._id;
    await fix(phone.identifier, 60);
    const estimate = after(660).toISOString();
    expect((await rowOf('gestor', mission))?.sla?.liveArrivalAt).toBe(estimate);

    const lost = await rowOf('sul', mission);
    expect(lost?.sla).toBeNull();
    for (const url of [`${BASE}/request/monitoring?page=1`, `${BASE}/request/${mission}`]) {
      const response = await m.as.sul.get(url);
      expect(response.body).not.toContain(estimate);
    }
    expect(await rowOf('norte', mission)).toBeUndefined();
    const other = await m.as.norte.get(`${BASE}/request/${mission}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(estimate);
  });
});
