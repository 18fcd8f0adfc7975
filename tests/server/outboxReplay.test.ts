import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import { IDEMPOTENCY_ERRORS } from '../../src/domain/idempotency';
import type { MissionDetail, Proposal } from '../../src/domain/missions';
import { missionAgents, missionEvents, missionMessages, missionOccurrences, missionVehicles, missions, proposals } from '../../server/db/schema';
import { login } from './helpers';
import { BASE, MISSION_ACCOUNTS, proposalBody, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * The field actions the device's outbox replays after a dropped connection (docs/rules/field-app.md,
 * "Nada se perde sem sinal"): each replay carries the first try's Idempotency-Key, so the server answers
 * the first answer again and writes nothing twice; the same key with another request is refused (422).
 */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const tokens = new Map<MissionAccount, string>();
async function send(who: MissionAccount, method: 'POST' | 'PUT', url: string, payload: object, key: string) {
  if (!tokens.has(who)) tokens.set(who, await login(m.t.app, MISSION_ACCOUNTS[who]));
  return m.t.app.inject({ method, url, payload, headers: { 'x-access-token': tokens.get(who) ?? '', 'idempotency-key': key } });
}

/** Every row a field action could write twice. */
async function rowCounts() {
  const db = m.t.database.db;
  const tables = { proposals, missionEvents, missionMessages, missionVehicles, missionOccurrences, missionAgents };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = (await db.select({ n: count() }).from(table))[0]?.n ?? -1;
  return counts;
}

const ago = (minutes: number) => new Date(m.t.clock.now.getTime() - minutes * 60_000).toISOString();
const reading = (km: number, minutes: number) => ({ km, time: ago(minutes) });

/**
 * Sends `first`, then the same request again under its key (answered from the store, nothing written),
 * then `other` under the same key (422, nothing written).
 */
async function expectReplayedOnce(who: MissionAccount, method: 'POST' | 'PUT', url: string, first: object, other: { url?: string; body: object }, key: string) {
  const answer = await send(who, method, url, first, key);
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  const afterFirst = await rowCounts();
  const replay = await send(who, method, url, first, key);
  expect(replay.statusCode).toBe(answer.statusCode);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.json()).toEqual(answer.json());
  const reused = await send(who, method, other.url ?? url, other.body, key);
  expect(reused.statusCode).toBe(422);
  expect(reused.json()).toEqual({ error: IDEMPOTENCY_ERRORS.reused });
  expect(await rowCounts()).toEqual(afterFirst);
  return answer;
}

describe('outbox replays of the field actions', () => {
  it('a search notice, a proposal and its edit are written once each', async () => {
    const mission = await m.create();
    const notice = await expectReplayedOnce('prestador', 'POST', `${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }, { body: { missionRequest: mission._id, status: 'completed' } }, 'aviso-1');
    expect(notice.json<Proposal>().status).toBe('pending');

    const proposal = await expectReplayedOnce('sul', 'POST', `${BASE}/proposals`, proposalBody(mission._id), { body: { ...proposalBody(mission._id), eta: { time: '01:00', distanceInKm: 20 } } }, 'proposta-1');
    const id = proposal.json<Proposal>()._id;
    const edit = { eta: { time: '00:30', distanceInKm: 9 }, location: proposalBody(mission._id).location, status: 'completed' };
    await expectReplayedOnce('sul', 'PUT', `${BASE}/proposals/${id}`, edit, { body: { ...edit, eta: { time: '00:20', distanceInKm: 9 } } }, 'proposta-2');
    expect((await m.t.database.db.select().from(proposals).where(eq(proposals.id, id)))[0]?.etaTime).toBe('00:30');
    expect(await rowCounts()).toMatchObject({ proposals: 2 });
  });

  it('an asked finish is asked once: the replay answers the first answer, not "already asked"', async () => {
    const mission = await m.started();
    const agent = { name: 'Carlos', odometer: { start: reading(100, 240), arrivalOnPlace: reading(110, 200), endOnPlace: reading(120, 60), end: reading(130, 10) } };
    expect((await m.as.prestador.post(`${BASE}/${mission._id}/securityagents`, agent)).statusCode).toBe(201);
    const other = await m.started();
    const asked = await expectReplayedOnce('prestador', 'POST', `${BASE}/${mission._id}/askfinish`, {}, { url: `${BASE}/${other._id}/askfinish`, body: {} }, 'final-1');
    expect(asked.json<MissionDetail>().finishingAsked).toBe(true);
    const [row] = await m.t.database.db.select({ asked: missions.finishingAsked }).from(missions).where(eq(missions.id, other._id));
    expect(row?.asked).toBe(false);
  });

  it('edits of a vehicle, an occurrence and an agent reading are written once each', async () => {
    const mission = await m.started();
    const url = (c: string) => `${BASE}/${mission._id}/${c}`;
    const vehicle = { driver: 'João', driverPIN: '529.982.247-25', type: 'car', plate: 'abc1d23', year: 2020 };
    const occurrence = { date: ago(30), type: 'theft', description: 'Tentativa na BR-116', city: 'São Paulo', state: 'SP', latitude: -23.55, longitude: -46.6 };
    const agent = { name: 'Carlos', odometer: { start: reading(100, 240) } };
    expect((await m.as.gestor.post(url('vehicles'), vehicle)).statusCode).toBe(201);
    expect((await m.as.prestador.post(url('ocurrencies'), occurrence)).statusCode).toBe(201);
    const added = await m.as.prestador.post(url('securityagents'), agent);
    const created = added.json<MissionDetailsResponse>();
    const at = { vehicle: created.vehiclesDisplay[0]?.createdAt, occurrence: created.ocurrenciesDisplay[0]?.createdAt, agent: created.securityAgentsDisplay[0]?.createdAt };

    await expectReplayedOnce('gestor', 'PUT', url('vehicles'), { ...vehicle, driver: 'Maria', createdAt: at.vehicle }, { body: { ...vehicle, driver: 'Ana', createdAt: at.vehicle } }, 'item-1');
    await expectReplayedOnce('prestador', 'PUT', url('ocurrencies'), { ...occurrence, description: 'Outra', createdAt: at.occurrence }, { body: { ...occurrence, description: 'Mais uma', createdAt: at.occurrence } }, 'item-2');
    const arrival = { name: 'Carlos', odometer: { start: agent.odometer.start, arrivalOnPlace: reading(130, 200) }, createdAt: at.agent };
    const edited = await expectReplayedOnce('prestador', 'PUT', url('securityagents'), arrival, { body: { ...arrival, odometer: { ...arrival.odometer, arrivalOnPlace: reading(140, 200) } } }, 'item-3');
    expect(edited.json<MissionDetailsResponse>().securityAgentsDisplay[0]?.odometer.arrivalOnPlace?.km).toBe(130);

    const details = (await m.as.gestor.get(`${BASE}/request/id/${mission._id}/details`)).json<MissionDetailsResponse>();
    expect(details.vehiclesDisplay.map((v) => v.driver)).toEqual(['Maria']);
    expect(details.ocurrenciesDisplay.map((o) => o.description)).toEqual(['Outra']);
    // One event per edit: the replays wrote none.
    const edits = (await m.events(mission._id)).filter((e) => e.action.endsWith('_changed')).map((e) => e.action);
    expect(edits).toEqual(['vehicle_changed', 'occurrence_changed', 'agent_changed']);
  });
});
