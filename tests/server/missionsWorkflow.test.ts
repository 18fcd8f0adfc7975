import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  MISSION_STATUS_NOT_UPDATED,
  PROPOSAL_NOT_ALLOWED,
  type MissionDetail,
  type Proposal,
  type StoredMissionStatus,
} from '../../src/domain/missions';
import { missionEvents, missions, proposals } from '../../server/db/schema';
import { DEMO_IDS } from '../../server/demo/demoIds';
import type { Client } from './catalogueClient';
import { BASE, proposalBody, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/** The mission workflow on the server: transitions, refusals, the acceptance race, proposals, the event log. */

let m: MissionsTest;
useMissionsApp((ready) => {
  m = ready;
});

const statusUrl = (id: string) => `${BASE}/request/${id}/status`;
const change = (who: Client, id: string, status: string, serviceProvider?: string) =>
  who.put(statusUrl(id), { missionRequest: id, status, ...(serviceProvider ? { serviceProvider } : {}) });

/** What a refused request must leave untouched. */
async function snapshot(id: string) {
  const db = m.t.database.db;
  const [mission] = await db.select().from(missions).where(eq(missions.id, id));
  const props = await db.select().from(proposals).where(eq(proposals.mission, id));
  const events = await db.select().from(missionEvents).where(eq(missionEvents.mission, id));
  return { mission, props: props.map((p) => [p.id, p.status]), events: events.length };
}

/** Sets a mission's stored state directly (the states no route reaches yet, e.g. billed). */
async function force(id: string, status: StoredMissionStatus, finishingAsked = false) {
  await m.t.database.db.update(missions).set({ status, finishingAsked }).where(eq(missions.id, id));
}

describe('legal transitions', () => {
  it('runs the whole life of a mission, each step logged with its actor', async () => {
    const mission = await m.create();
    expect(mission).toMatchObject({ status: 'open', serviceProviderName: 'Em leilão', riskManager: DEMO_IDS.riskManager });
    const notice = await m.t.app.inject({ method: 'POST', url: `${BASE}/proposals`, headers: {}, payload: {} });
    expect(notice.statusCode).toBe(401);
    const pending = await m.as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' });
    expect(pending.statusCode).toBe(201);
    expect(pending.json<Proposal>()).toMatchObject({ status: 'pending', eta: null, location: null, serviceProviderInfo: { name: 'Escolta Sul' } });
    await m.propose('prestador', mission._id);
    const completedSul = await m.as.sul.post(`${BASE}/proposals`, proposalBody(mission._id));
    // A second POST by the same provider replaces its proposal (200, same id), never a duplicate.
    expect(completedSul.statusCode).toBe(200);
    expect(completedSul.json<Proposal>()._id).toBe(pending.json<Proposal>()._id);

    const accepted = await change(m.as.gestor, mission._id, 'started', DEMO_IDS.provider);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<MissionDetail>()).toMatchObject({ status: 'started', serviceProvider: DEMO_IDS.provider, serviceProviderName: 'Pronta Resposta Demo' });
    const byProvider = Object.fromEntries(
      (await m.as.gestor.get(`${BASE}/${mission._id}/proposals`)).json<Proposal[]>().map((p) => [p.serviceProviderInfo.name, p.status]),
    );
    expect(byProvider).toEqual({ 'Pronta Resposta Demo': 'approved', 'Escolta Sul': 'rejected' });

    const asked = await m.as.prestador.post(`${BASE}/${mission._id}/askfinish`, {});
    expect(asked.json<MissionDetail>()).toMatchObject({ status: 'started', finishingAsked: true });
    const canceledRequest = await m.as.gestor.del(`${BASE}/${mission._id}/askfinish`);
    expect(canceledRequest.json<MissionDetail>().finishingAsked).toBe(false);
    await m.as.prestador.post(`${BASE}/${mission._id}/askfinish`, {});
    expect((await m.as.prestador.del(`${BASE}/${mission._id}/askfinish`)).json<MissionDetail>().finishingAsked).toBe(false);
    expect((await change(m.as.prestador, mission._id, 'finished')).json<MissionDetail>().status).toBe('finished');
    expect((await change(m.as.gestor, mission._id, 'started')).json<MissionDetail>()).toMatchObject({ status: 'started', serviceProvider: DEMO_IDS.provider });
    expect((await change(m.as.gestor, mission._id, 'canceled')).json<MissionDetail>().status).toBe('canceled');

    const events = await m.events(mission._id);
    expect(events.map((e) => [e.action, e.fromStatus, e.toStatus, e.actor.name, e.actor.roleType])).toEqual([
      ['created', null, 'open', 'Gestor Demo', 'risk_manager'],
      ['proposal_notice', null, null, 'Prestador Sul', 'service_provider'],
      ['proposal_completed', null, null, 'Prestador Demo', 'service_provider'],
      ['proposal_completed', null, null, 'Prestador Sul', 'service_provider'],
      ['accepted', 'open', 'started', 'Gestor Demo', 'risk_manager'],
      ['finish_asked', 'started', 'started', 'Prestador Demo', 'service_provider'],
      ['finish_request_canceled', 'started', 'started', 'Gestor Demo', 'risk_manager'],
      ['finish_asked', 'started', 'started', 'Prestador Demo', 'service_provider'],
      ['finish_request_canceled', 'started', 'started', 'Prestador Demo', 'service_provider'],
      ['finished', 'started', 'finished', 'Prestador Demo', 'service_provider'],
      ['reopened', 'finished', 'started', 'Gestor Demo', 'risk_manager'],
      ['canceled', 'started', 'canceled', 'Gestor Demo', 'risk_manager'],
    ]);
    expect(events[4]?.serviceProviderName).toBe('Pronta Resposta Demo');
  });

  it('cancels an open mission', async () => {
    const mission = await m.create();
    expect((await change(m.as.operador, mission._id, 'canceled')).json<MissionDetail>().status).toBe('canceled');
  });
});

describe('refused (status, role) pairs', () => {
  type Attempt = { who: MissionAccount; from: StoredMissionStatus; asked?: boolean; send: (c: Client, id: string) => ReturnType<Client['put']>; code: number };
  const put = (status: string, provider?: string) => (c: Client, id: string) => change(c, id, status, provider);
  const ask = (c: Client, id: string) => c.post(`${BASE}/${id}/askfinish`, {});
  const unask = (c: Client, id: string) => c.del(`${BASE}/${id}/askfinish`);
  const ATTEMPTS: Attempt[] = [
    // Not the caller's action: 403.
    { who: 'prestador', from: 'started', send: put('canceled'), code: 403 },
    { who: 'gestor', from: 'started', send: put('finished'), code: 403 },
    { who: 'gestor', from: 'started', send: ask, code: 403 },
    { who: 'sul', from: 'started', send: ask, code: 403 },
    { who: 'sul', from: 'started', asked: true, send: unask, code: 403 },
    { who: 'prestador', from: 'finished', send: put('started'), code: 403 },
    { who: 'admin', from: 'open', send: put('started', DEMO_IDS.provider), code: 403 },
    { who: 'admin', from: 'started', send: put('canceled'), code: 403 },
    // Not from this state: 409.
    { who: 'prestador', from: 'finished', send: put('finished'), code: 409 },
    { who: 'gestor', from: 'canceled', send: put('canceled'), code: 409 },
    { who: 'gestor', from: 'billed', send: put('started'), code: 409 },
    { who: 'gestor', from: 'billed_shipper', send: put('canceled'), code: 409 },
    { who: 'gestor', from: 'finished', send: put('canceled'), code: 409 },
    { who: 'gestor', from: 'canceled', send: put('started'), code: 409 },
    { who: 'prestador', from: 'started', asked: true, send: ask, code: 409 },
    { who: 'gestor', from: 'started', send: unask, code: 409 },
    { who: 'prestador', from: 'finished', send: ask, code: 409 },
    // Accepting without a completed proposal of the named provider.
    { who: 'gestor', from: 'open', send: put('started'), code: 409 },
    { who: 'gestor', from: 'open', send: put('started', DEMO_IDS.providerSul), code: 409 },
    // Another tenant does not see the mission at all.
    { who: 'norte', from: 'open', send: put('canceled'), code: 404 },
    { who: 'norte', from: 'started', send: ask, code: 404 },
  ];

  it.each(ATTEMPTS.map((a, i) => [`#${i} ${a.who} on ${a.from}${a.asked ? ' (finish asked)' : ''}`, a] as const))('%s → refused, nothing written', async (_, a) => {
    const mission = await m.started();
    // The accepted mission has a completed proposal by the demo provider and Escolta Sul's rejected notice; 'open' needs a fresh one.
    const id = a.from === 'open' ? (await m.create())._id : mission._id;
    if (a.from === 'open') await m.as.sul.post(`${BASE}/proposals`, { missionRequest: id, status: 'pending' });
    else await force(id, a.from, a.asked ?? false);
    const before = await snapshot(id);
    const response = await a.send(m.as[a.who], id);
    expect(response.statusCode).toBe(a.code);
    if (a.code !== 404) expect(response.json()).toEqual({ error: MISSION_STATUS_NOT_UPDATED });
    expect(await snapshot(id)).toEqual(before);
  });

  it('refuses a status outside the change targets and a mismatched missionRequest with 400', async () => {
    const mission = await m.create();
    const before = await snapshot(mission._id);
    const open = await m.as.gestor.put(statusUrl(mission._id), { missionRequest: mission._id, status: 'open' });
    expect(open.statusCode).toBe(400);
    const other = await m.as.gestor.put(statusUrl(mission._id), { missionRequest: DEMO_IDS.provider, status: 'canceled' });
    expect(other.statusCode).toBe(400);
    expect(await snapshot(mission._id)).toEqual(before);
  });
});

describe('the acceptance race', () => {
  it('lets exactly one of two concurrent acceptances win; the loser writes nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const mission = await m.create();
      await m.propose('prestador', mission._id);
      await m.propose('sul', mission._id);
      const [a, b] = await Promise.all([
        change(m.as.gestor, mission._id, 'started', DEMO_IDS.provider),
        change(m.as.operador, mission._id, 'started', DEMO_IDS.providerSul),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? DEMO_IDS.provider : DEMO_IDS.providerSul;
      const after = await snapshot(mission._id);
      expect(after.mission).toMatchObject({ status: 'started', serviceProvider: winner });
      expect(after.props.map(([, status]) => status).sort()).toEqual(['approved', 'rejected']);
      const accepted = (await m.events(mission._id)).filter((e) => e.action === 'accepted');
      expect(accepted).toHaveLength(1);
    }
  });
});

describe('proposals', () => {
  it('are changed and removed by their own provider only, while the mission is open', async () => {
    const mission = await m.create();
    const mine = await m.propose('prestador', mission._id);
    const url = `${BASE}/proposals/${mine._id}`;
    const form = { eta: { time: '01:15', distanceInKm: 30 }, location: proposalBody(mission._id).location };
    expect((await m.as.sul.put(url, form)).statusCode).toBe(404);
    expect((await m.as.sul.del(url)).statusCode).toBe(404);
    expect((await m.as.gestor.put(url, form)).statusCode).toBe(403);
    expect((await m.as.norte.del(url)).statusCode).toBe(404);
    const updated = await m.as.prestador.put(url, form);
    expect(updated.json<Proposal>().eta).toEqual({ time: '01:15', distanceInKm: 30 });

    // A provider sees only its own proposals; the risk manager sees all.
    await m.propose('sul', mission._id);
    expect((await m.as.prestador.get(`${BASE}/${mission._id}/proposals`)).json<Proposal[]>().map((p) => p.serviceProvider)).toEqual([DEMO_IDS.provider]);
    expect((await m.as.gestor.get(`${BASE}/${mission._id}/proposals`)).json<Proposal[]>()).toHaveLength(2);
    expect((await m.as.norte.get(`${BASE}/${mission._id}/proposals`)).statusCode).toBe(404);

    expect((await m.as.prestador.del(url)).statusCode).toBe(204);
    const row = (await m.as.prestador.get(`${BASE}/request/id/${mission._id}`)).json<MissionDetail>();
    expect(row.ownProposal).toBeNull();
    expect((await m.as.prestador.del(url)).statusCode).toBe(409);
  });

  it('refuses a proposal from a risk manager, another tenant, or on a mission no longer open', async () => {
    const mission = await m.started();
    const before = await snapshot(mission._id);
    const late = await m.as.sul.post(`${BASE}/proposals`, proposalBody(mission._id));
    expect(late.statusCode).toBe(409);
    const open = await m.create();
    const byManager = await m.as.gestor.post(`${BASE}/proposals`, proposalBody(open._id));
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toEqual({ error: PROPOSAL_NOT_ALLOWED });
    expect((await m.as.norte.post(`${BASE}/proposals`, proposalBody(open._id))).statusCode).toBe(404);
    // The loser still sees its lost mission but may not propose again.
    await m.as.sul.post(`${BASE}/proposals`, { missionRequest: open._id, status: 'pending' });
    await m.as.prestador.post(`${BASE}/proposals`, proposalBody(open._id));
    await change(m.as.gestor, open._id, 'started', DEMO_IDS.provider);
    const again = await m.as.sul.post(`${BASE}/proposals`, proposalBody(open._id));
    expect(again.statusCode).toBe(409);
    expect(await snapshot(mission._id)).toEqual(before);
  });
});

describe('the event log', () => {
  it('is never updated nor deleted, even by SQL', async () => {
    const mission = await m.create();
    const db = m.t.database.db;
    await expect(db.execute(sql`update mission_events set actor_name = 'x' where mission_id = ${mission._id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from mission_events where mission_id = ${mission._id}`)).rejects.toThrow();
    expect((await m.events(mission._id)).map((e) => e.actor.name)).toEqual(['Gestor Demo']);
  });

  it('is visible to whoever sees the mission, and to nobody else', async () => {
    const mission = await m.create();
    expect((await m.as.sul.get(`${BASE}/${mission._id}/events`)).statusCode).toBe(200);
    expect((await m.as.admin.get(`${BASE}/${mission._id}/events`)).statusCode).toBe(200);
    expect((await m.as.norte.get(`${BASE}/${mission._id}/events`)).statusCode).toBe(404);
  });
});
