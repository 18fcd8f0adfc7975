import { expect, it } from 'vitest';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import type { MissionEvent } from '../../src/domain/missions';
import type { MissionTeams, TrackerDevice } from '../../src/domain/positions/contracts';
import type { TrackingLinkCreated, TrackingView } from '../../src/domain/tracking/contracts';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { BASE, useMissionsApp, type MissionsTest } from './missionsClient';

/**
 * Arrival and leaving detected from the team's positions (docs/rules/positions.md, "Chegada e saída
 * do local"): two consecutive fixes of a device inside the radius of the mission's place write
 * 'Equipe chegou ao local' on the hash-chained timeline, two outside after it 'Equipe saiu do
 * local'; each once per mission, also when two devices send at the same moment.
 */

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

/** missionBody's place (Avenida Paulista, 1000), and fixes about 20 m, 300 m and 1 km from it. */
const INSIDE = { lat: -23.5615, lon: -46.6565 };
const AT_300_M = { lat: -23.5640, lon: -46.6565 };
const OUTSIDE = { lat: -23.57, lon: -46.6565 };

async function device(name: string): Promise<TrackerDevice> {
  const response = await m.as.prestador.post('/api/positions/devices', { name });
  expect(response.statusCode).toBe(201);
  return response.json<TrackerDevice>();
}

/** A fix `seconds` after the app's clock (the mission was accepted at the clock's time). */
async function fix(of: TrackerDevice, point: { lat: number; lon: number }, seconds: number): Promise<void> {
  const timestamp = Math.floor(m.t.clock.now.getTime() / 1000) + seconds;
  const response = await m.t.app.inject({ method: 'GET', url: `/api/positions/osmand?id=${of.identifier}&lat=${point.lat}&lon=${point.lon}&timestamp=${timestamp}` });
  expect(response.statusCode).toBe(200);
}

const presence = (events: MissionEvent[]) => events.filter((e) => e.action === 'team_arrived' || e.action === 'team_left');

it('writes the arrival after two fixes inside the radius and the leaving after two outside, each once, with the crossing fix', async () => {
  const mission = await m.started();
  const phone = await device('Celular do líder');
  await fix(phone, OUTSIDE, 1);
  await fix(phone, INSIDE, 2);
  expect(presence(await m.events(mission._id))).toEqual([]);
  await fix(phone, INSIDE, 3);
  await fix(phone, INSIDE, 4);
  await fix(phone, OUTSIDE, 5);
  expect(presence(await m.events(mission._id)).map((e) => e.action)).toEqual(['team_arrived']);
  await fix(phone, OUTSIDE, 6);
  await fix(phone, INSIDE, 7);
  await fix(phone, INSIDE, 8);
  await fix(phone, OUTSIDE, 9);
  await fix(phone, OUTSIDE, 10);

  const events = presence(await m.events(mission._id));
  expect(events.map((e) => [e.action, e.actor.name, e.serviceProviderName])).toEqual([
    ['team_arrived', 'Rastreamento da equipe', 'Pronta Resposta Demo'],
    ['team_left', 'Rastreamento da equipe', 'Pronta Resposta Demo'],
  ]);
  const second = (s: number) => new Date(Math.floor(m.t.clock.now.getTime() / 1000) * 1000 + s * 1000).toISOString();
  expect(events[0]?.position).toEqual({ fixedAt: second(2), latitude: INSIDE.lat, longitude: INSIDE.lon });
  expect(events[1]?.position).toEqual({ fixedAt: second(5), latitude: OUTSIDE.lat, longitude: OUTSIDE.lon });

  // The holder's odometer form proposes these times; a competitor sees neither the events nor the details.
  const details = (await m.as.prestador.get(`${BASE}/request/id/${mission._id}/details`)).json<MissionDetailsResponse>();
  expect(details.mission).toMatchObject({ teamArrivedAt: second(2), teamLeftAt: second(5) });
  const holderEvents = (await m.as.prestador.get(`${BASE}/${mission._id}/events`)).json<MissionEvent[]>();
  expect(presence(holderEvents)).toHaveLength(2);
  const sul = await m.as.sul.get(`${BASE}/${mission._id}/events`);
  expect(sul.statusCode).toBe(200);
  expect(presence(sul.json<MissionEvent[]>())).toEqual([]);
  expect((await m.as.norte.get(`${BASE}/${mission._id}/events`)).statusCode).toBe(404);

  const chain = await m.as.gestor.get(`/api/reports/missionDetail/verify?missionRequestId=${mission._id}`);
  expect(chain.json()).toMatchObject({ intact: true });
});

it('writes one arrival and one leaving when two devices of the team send at the same moments', async () => {
  const mission = await m.started();
  const [a, b] = [await device('Celular A'), await device('Celular B')];
  await Promise.all([fix(a, INSIDE, 1), fix(b, INSIDE, 1)]);
  await Promise.all([fix(a, INSIDE, 2), fix(b, INSIDE, 2), fix(a, INSIDE, 3), fix(b, INSIDE, 3)]);
  await Promise.all([fix(a, OUTSIDE, 4), fix(b, OUTSIDE, 4)]);
  await Promise.all([fix(a, OUTSIDE, 5), fix(b, OUTSIDE, 5), fix(a, OUTSIDE, 6), fix(b, OUTSIDE, 6)]);
  expect(presence(await m.events(mission._id)).map((e) => e.action)).toEqual(['team_arrived', 'team_left']);
  const chain = await m.as.gestor.get(`/api/reports/missionDetail/verify?missionRequestId=${mission._id}`);
  expect(chain.json()).toMatchObject({ intact: true });
});

it("takes the radius from the tenant's mission parameters (200 m when not changed)", async () => {
  const mission = await m.started();
  const phone = await device('Celular do líder');
  await fix(phone, AT_300_M, 1);
  await fix(phone, AT_300_M, 2);
  expect(presence(await m.events(mission._id))).toEqual([]);
  const url = `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`;
  const config = (await m.as.gestor.get(url)).json<{ required: unknown; arrival: { radius: number } }>();
  expect(config.arrival).toEqual({ radius: 200 });
  expect((await m.as.gestor.put(url, { required: config.required, arrival: { radius: 500 } })).statusCode).toBe(200);
  await fix(phone, AT_300_M, 3);
  expect(presence(await m.events(mission._id)).map((e) => e.action)).toEqual(['team_arrived']);
  // Back to the default: another test's mission must not find 500 m.
  expect((await m.as.gestor.put(url, { required: config.required, arrival: { radius: 200 } })).statusCode).toBe(200);
});

it("once detected on place the team is no longer on its way: no estimate on the map, 'Equipe chegou ao local' on the shipper's page", async () => {
  const mission = await m.started();
  const phone = await device('Celular da viatura');
  const token = (await m.as.gestor.post(`${BASE}/${mission._id}/tracking`, {})).json<TrackingLinkCreated>().url.split('/acompanhar/')[1] ?? '';
  const view = async () => (await m.t.app.inject({ method: 'GET', url: `${BASE}/tracking/${token}?refresh=1` })).json<TrackingView>();
  const eta = async () => (await m.as.gestor.get(`/api/positions/missions/${mission._id}`)).json<MissionTeams>().eta;

  await fix(phone, AT_300_M, 1);
  expect(await eta()).not.toBeNull();
  expect((await view()).approach).not.toBeNull();
  await fix(phone, INSIDE, 2);
  await fix(phone, INSIDE, 3);
  const second = (s: number) => new Date(Math.floor(m.t.clock.now.getTime() / 1000) * 1000 + s * 1000).toISOString();

  // No agent typed the arrival's km yet: the positions alone say the team is there.
  expect(await eta()).toBeNull();
  const shipper = await view();
  expect(shipper.approach).toBeNull();
  expect(shipper.timeline.filter((entry) => entry.step === 'arrived')).toEqual([{ step: 'arrived', at: second(2) }]);
  // Later fixes on place renew no estimate.
  await fix(phone, AT_300_M, 4);
  expect(await eta()).toBeNull();
});

it('a Traccar Client batch sent after a tunnel, holding the arrival and the leaving, writes both once, with their crossing fixes', async () => {
  const mission = await m.started();
  const phone = await device('Celular sem sinal');
  const base = Math.floor(m.t.clock.now.getTime() / 1000);
  const at = (point: { lat: number; lon: number }, seconds: number) => ({
    timestamp: new Date((base + seconds) * 1000).toISOString(),
    coords: { latitude: point.lat, longitude: point.lon },
  });
  const location = [at(OUTSIDE, 1), at(INSIDE, 2), at(INSIDE, 3), at(OUTSIDE, 4), at(OUTSIDE, 5)];
  const response = await m.t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: phone.identifier, location } });
  expect(response.statusCode).toBe(200);
  // The same batch again (the app did not hear the first answer): nothing written twice.
  expect((await m.t.app.inject({ method: 'POST', url: '/api/positions/osmand', payload: { device_id: phone.identifier, location } })).statusCode).toBe(200);
  const events = presence(await m.events(mission._id));
  expect(events.map((e) => [e.action, e.position?.fixedAt])).toEqual([
    ['team_arrived', new Date((base + 2) * 1000).toISOString()],
    ['team_left', new Date((base + 4) * 1000).toISOString()],
  ]);
});
