import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import type { MissionTeams, TrackerDevice } from '../../src/domain/positions/contracts';
import type { TrackingLinkCreated, TrackingView } from '../../src/domain/tracking/contracts';
import { resourceEndpoints } from '../../src/resources';
import { missionAgents, missions } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { login } from './helpers';
import { openSse, openStream, ticketFor, type SseStream } from './liveClient';
import { BASE, MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * A started mission's teams on the map (docs/rules/positions.md, "Equipes no mapa" and "Previsão de
 * chegada"): GET /api/positions/missions/:id for the risk manager's users and the holder only, the
 * `position` live event with the same audience, the shipper's tracking page with the team
 * approaching, and the live estimate — straight line with the tenant's parameters, or an OSRM
 * server's route (a stub here) falling back to the straight line.
 */

/** The OSRM stub: answers a route of `seconds`, an error status, or nothing at all. */
const osrm = { mode: 'down' as 'route' | 'down' | 'silent', seconds: 600, asked: [] as string[] };
let stub: Server;
let stubUrl = '';
beforeAll(async () => {
  stub = createServer((request, response) => {
    osrm.asked.push(request.url ?? '');
    if (osrm.mode === 'silent') return;
    if (osrm.mode === 'down') {
      response.writeHead(500).end();
      return;
    }
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
let base: string;
beforeAll(async () => {
  base = await m.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const streams: SseStream[] = [];
// Devices and positions outlive the missions the shared setup clears: each test starts without them.
beforeEach(async () => {
  await m.t.database.db.execute(sql`truncate positions, tracker_devices`);
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
  osrm.mode = 'down';
  osrm.asked = [];
  m.t.clock.now = new Date();
});

const START = new Date('2026-11-20T08:00:00.000Z');
const teamsUrl = (mission: string) => `/api/positions/missions/${mission}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

async function device(who: MissionAccount = 'prestador', name = 'Celular da viatura 1'): Promise<TrackerDevice> {
  const response = await m.as[who].post('/api/positions/devices', { name, agent: 'João' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TrackerDevice>();
}

/** One position from a phone, `secondsAfterStart` after the mission was accepted (the app's clock follows it). */
async function fix(identifier: string, latitude: number, longitude: number, secondsAfterStart: number, speedKnots = 20) {
  const at = new Date(START.getTime() + secondsAfterStart * 1000);
  m.t.clock.now = at;
  const response = await m.t.app.inject({
    method: 'GET',
    url: `/api/positions/osmand?id=${identifier}&lat=${latitude}&lon=${longitude}&timestamp=${unix(at)}&speed=${speedKnots}`,
  });
  expect(response.statusCode).toBe(200);
}

/** A started mission (its place at -23.5613, -46.6565) accepted at START. */
async function running(): Promise<string> {
  m.t.clock.now = START;
  return (await m.started('prestador'))._id;
}

async function teamsOf(who: MissionAccount, mission: string): Promise<MissionTeams> {
  const response = await m.as[who].get(teamsUrl(mission));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MissionTeams>();
}

describe('the teams on the map', () => {
  it('the risk manager and the holder see each device since the acceptance: latest fix, trail, speed; the estimate by straight line', async () => {
    const phone = await device();
    // Before the acceptance the phone was elsewhere (another mission's hours): not this mission's trail.
    m.t.clock.now = new Date(START.getTime() - 3600_000);
    const earlier = await m.started('prestador');
    await fix(phone.identifier, -23.7, -46.7, -3000);
    expect((await m.as.prestador.put(`${BASE}/request/${earlier._id}/status`, { missionRequest: earlier._id, status: 'finished' })).statusCode).toBe(200);
    const mission = await running();
    await fix(phone.identifier, -23.62, -46.6565, 60);
    await fix(phone.identifier, -23.6, -46.6565, 120, 30);

    for (const who of ['gestor', 'operador', 'prestador'] as const) {
      const { teams, eta } = await teamsOf(who, mission);
      expect(teams).toHaveLength(1);
      expect(teams[0]).toMatchObject({ _id: phone._id, name: 'Celular da viatura 1', agent: 'João', trail: [[-23.62, -46.6565], [-23.6, -46.6565]] });
      expect(teams[0]?.latest).toMatchObject({ latitude: -23.6, longitude: -46.6565, fixedAt: new Date(START.getTime() + 120_000).toISOString() });
      expect(teams[0]?.latest.speedKmh).toBeCloseTo(55.56, 1);
      // 0.0387° of latitude ≈ 4.30 km; × 1.3 (default road factor) at 40 km/h ≈ 8.4 min → 9.
      expect(eta).toEqual({ minutes: 9, source: 'straight_line', fromFixAt: teams[0]?.latest.fixedAt });
    }
    // The router was asked (OSRM_URL is set) for the latest fix and failed: the straight line stood in.
    expect(osrm.asked.at(-1)).toMatch(/^\/route\/v1\/driving\/-46\.6565,-23\.6;-46\.6565,-23\.5613\?overview=false$/);
  });

  it("the tenant's road factor and average speed ('Parâmetros da missão') set the straight-line estimate", async () => {
    const configUrl = `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`;
    const config = (await m.as.gestor.get(configUrl)).json<{ required: Record<string, boolean> }>();
    const saved = await m.as.gestor.put(configUrl, { required: config.required, eta: { roadFactor: 2, averageSpeedKmh: 20 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ eta: { roadFactor: 2, averageSpeedKmh: 20 } });
    try {
      const phone = await device();
      const mission = await running();
      await fix(phone.identifier, -23.6, -46.6565, 60);
      // 4.30 km × 2 at 20 km/h ≈ 25.8 min → 26.
      expect((await teamsOf('gestor', mission)).eta).toMatchObject({ minutes: 26, source: 'straight_line' });
    } finally {
      await m.as.gestor.put(configUrl, { required: config.required, eta: { roadFactor: null, averageSpeedKmh: null } });
    }
  });

  it("an OSRM server's route duration when it answers; the straight line when it is silent past the deadline", async () => {
    const phone = await device();
    const mission = await running();
    osrm.mode = 'route';
    osrm.seconds = 721;
    await fix(phone.identifier, -23.6, -46.6565, 60);
    expect((await teamsOf('gestor', mission)).eta).toMatchObject({ minutes: 13, source: 'route' });
    // A minute later the minutes count down from the same estimate, with no new request.
    m.t.clock.now = new Date(START.getTime() + 120_000);
    expect((await teamsOf('gestor', mission)).eta).toMatchObject({ minutes: 12, source: 'route' });
    expect(osrm.asked).toHaveLength(1);
    osrm.mode = 'silent';
    const started = Date.now();
    await fix(phone.identifier, -23.6, -46.6565, 120);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await teamsOf('gestor', mission)).eta).toMatchObject({ minutes: 9, source: 'straight_line' });
  });

  it('no estimate once the team is on place; no teams before the acceptance nor after the finish', async () => {
    const phone = await device();
    const open = await m.create();
    expect(await teamsOf('gestor', open._id)).toEqual({ teams: [], eta: null });
    const mission = await running();
    await fix(phone.identifier, -23.5614, -46.6566, 60);
    await m.t.database.db.insert(missionAgents).values({
      mission,
      name: 'Carlos',
      createdAt: m.t.clock.now,
      odometer: { start: { km: 1000, time: START.toISOString() }, arrivalOnPlace: { km: 1010, time: new Date(START.getTime() + 60_000).toISOString() } },
    } as typeof missionAgents.$inferInsert);
    const arrived = await teamsOf('gestor', mission);
    expect(arrived.teams).toHaveLength(1);
    expect(arrived.eta).toBeNull();
    // Finished (its readings' checks are the missions tests' business): the map shows no one any more.
    await m.t.database.db.update(missions).set({ status: 'finished' }).where(eq(missions.id, mission));
    expect(await teamsOf('gestor', mission)).toEqual({ teams: [], eta: null });
  });
});

describe('who sees the teams', () => {
  it('a losing provider and another tenant get the 404 of a mission that does not exist; a platform admin and the tech profile a 403', async () => {
    const phone = await device();
    const mission = await running();
    await fix(phone.identifier, -23.6, -46.6565, 60);
    for (const who of ['sul', 'norte'] as const) {
      const response = await m.as[who].get(teamsUrl(mission));
      expect(response.statusCode, who).toBe(404);
      expect(response.body).not.toContain('Celular');
    }
    for (const who of ['admin', 'ti'] as const) {
      const response = await m.as[who].get(teamsUrl(mission));
      expect(response.statusCode, who).toBe(403);
      expect(response.body).not.toContain('Celular');
    }
    // A competitor's own devices never show on the holder's mission.
    const sulPhone = await device('sul', 'Celular Sul');
    await fix(sulPhone.identifier, -23.58, -46.65, 90);
    expect((await teamsOf('gestor', mission)).teams.map((team) => team._id)).toEqual([phone._id]);
  });

  it('bad input: an id of the wrong shape, control characters or over-long is a 400 in Portuguese', async () => {
    for (const id of ['abc', `${'a'.repeat(23)}%07`, 'f'.repeat(100), '%7B%22a%22%3A1%7D']) {
      const response = await m.as.gestor.get(teamsUrl(id));
      expect(response.statusCode, id).toBe(400);
      const { errors } = response.json<{ errors: { path: string; message: string }[] }>();
      expect(errors[0]?.path).toBe('id');
      expect(errors[0]?.message).toMatch(/inválid|Formato|caracteres/i);
    }
    expect((await m.as.gestor.get(teamsUrl('0'.repeat(24)))).statusCode).toBe(404);
  });

  it('reaches the screen through the data provider', async () => {
    const phone = await device();
    const mission = await running();
    await fix(phone.identifier, -23.6, -46.6565, 60);
    const token = await login(m.t.app, MISSION_ACCOUNTS.gestor);
    const httpClient = createHttpClient({
      fetch: async (input, init = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
        const response = await m.t.app.inject({ method: 'GET', url, headers: Object.fromEntries(new Headers(init.headers).entries()) });
        return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
      },
      getToken: () => token,
      sleep: () => Promise.resolve(),
    });
    const dp = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const teams = await dp.missionTeams(mission);
    expect(teams.teams[0]?.latest.latitude).toBe(-23.6);
    expect(teams.eta?.minutes).toBe(9);
    await expect(dp.missionTeams('0'.repeat(24))).rejects.toMatchObject({ status: 404 });
  });
});

describe('live', () => {
  async function streamFor(who: MissionAccount): Promise<SseStream> {
    const ticket = await ticketFor(m.t.app, await login(m.t.app, MISSION_ACCOUNTS[who]));
    const stream = await openStream(base, `ticket=${ticket}`);
    streams.push(stream);
    return stream;
  }

  /** The next `position` frame (mission events of the setup are passed over). */
  async function nextPosition(stream: SseStream, ms = 2000) {
    for (;;) {
      const frame = await stream.next(ms);
      if (frame.event === 'position') return frame;
    }
  }

  async function silentOnPositions(stream: SseStream, ms = 400) {
    const until = Date.now() + ms;
    for (;;) {
      const left = until - Date.now();
      if (left <= 0) return;
      try {
        expect((await stream.next(left)).event).not.toBe('position');
      } catch (error) {
        if (error instanceof Error && /no event/.test(error.message)) return;
        throw error;
      }
    }
  }

  it('a stored position reaches the risk manager and the holder within 2 s; the losing provider, another tenant and the admin hear nothing', async () => {
    const phone = await device();
    const mission = await running();
    const listeners = Object.fromEntries(await Promise.all((['gestor', 'prestador', 'sul', 'norte', 'admin'] as const).map(async (who) => [who, await streamFor(who)] as const)));
    const sent = Date.now();
    const posting = fix(phone.identifier, -23.6, -46.6565, 60);
    for (const who of ['gestor', 'prestador'] as const) {
      const frame = await nextPosition(listeners[who]!);
      expect(frame.data).toEqual({ mission });
      expect(frame.id).toBeUndefined();
      expect(frame.at - sent).toBeLessThan(2000);
      // The estimate the fix renews is kept before the fix is announced: the read it wakes shows it.
      expect((await teamsOf(who, mission)).eta).toMatchObject({ minutes: 9 });
    }
    await posting;
    for (const who of ['sul', 'norte', 'admin'] as const) await silentOnPositions(listeners[who]!);
    // A refused position (no started mission any more) is announced to nobody.
    expect((await m.as.prestador.put(`${BASE}/request/${mission}/status`, { missionRequest: mission, status: 'finished' })).statusCode).toBe(200);
    await fix(phone.identifier, -23.59, -46.6565, 120);
    await silentOnPositions(listeners.gestor!);
  });

  it("the shipper's tracking page hears its mission's positions and shows the team approaching with 'chega em' minutes, nothing more", async () => {
    const phone = await device();
    const mission = await running();
    // Escolta Sul's mission: its page never hears Pronta Resposta's phones.
    const other = (await m.started('sul'))._id;
    const share = async (id: string) => {
      const created = (await m.as.gestor.post(`${BASE}/${id}/tracking`, {})).json<TrackingLinkCreated>();
      return created.url.split('/acompanhar/')[1] ?? '';
    };
    const token = await share(mission);
    const page = await openSse(`${base}${BASE}/tracking/${token}/live`);
    streams.push(page);
    const before = (await m.t.app.inject({ method: 'GET', url: `${BASE}/tracking/${token}` })).json<TrackingView>();
    expect(before.approach).toBeNull();

    // A second phone of the team, its fix older: the page shows the freshest fix of all, only that.
    const spare = await device('prestador', 'Celular da viatura 2');
    await fix(spare.identifier, -23.65, -46.6565, 30);
    expect((await nextPosition(page)).data).toEqual({});
    await fix(phone.identifier, -23.6, -46.6565, 60);
    const frame = await nextPosition(page);
    expect(frame.data).toEqual({});
    const view = await m.t.app.inject({ method: 'GET', url: `${BASE}/tracking/${token}?refresh=1` });
    expect(view.json<TrackingView>().approach).toEqual({ latitude: -23.6, longitude: -46.6565, fixedAt: new Date(START.getTime() + 60_000).toISOString(), arrivesInMinutes: 9 });
    expect(view.body).not.toContain('-23.65');
    for (const secret of [phone._id, 'Celular', 'João']) expect(view.body).not.toContain(secret);

    const otherPage = await openSse(`${base}${BASE}/tracking/${await share(other)}/live`);
    streams.push(otherPage);
    await fix(phone.identifier, -23.59, -46.6565, 120);
    expect((await nextPosition(page)).data).toEqual({});
    await silentOnPositions(otherPage);
  });
});
