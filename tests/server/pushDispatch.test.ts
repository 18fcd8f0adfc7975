import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Alarm } from '../../src/domain/alarms/contracts';
import type { MissionDetail, MissionEvent, Proposal } from '../../src/domain/missions';
import { PUSH_KIND_LABELS, type PushKind, type PushPayload } from '../../src/domain/push';
import type { PushDevice } from '../../src/domain/push/contracts';
import type { TrackerDevice } from '../../src/domain/positions/contracts';
import { missionConfigs } from '../../server/db/schema';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { recordSlaBreaches } from '../../server/missions/slaBreaches';
import { raiseSilenceAlarms } from '../../server/alarms/silence';
import { clientFor, type Client } from './catalogueClient';
import { createTestApp, login, type TestApp } from './helpers';
import { BASE, clearMissions, missionBody, proposalBody } from './missionsClient';
import { startPushService, type FakeDevice, type PushService } from './pushService';

/**
 * The push dispatcher (docs/rules/notifications.md, docs/operations/notifications.md) against a push
 * service stub that decrypts every payload with the device's own keys: who hears what is the live
 * stream's rule, a device that is gone is dropped, a transient failure is retried and delivered once.
 */

let t: TestApp;
let service: PushService;
const as = {} as Record<'gestor' | 'operador' | 'prestador' | 'sul' | 'norte', Client>;
const EMAILS = {
  gestor: 'gestor@demo.com.br',
  operador: 'operador@demo.com.br',
  prestador: 'prestador@demo.com.br',
  sul: 'prestador2@demo.com.br',
  norte: 'gestor.norte@demo.com.br',
} as const;
type Account = keyof typeof EMAILS;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({}, { push: { agent: service.agent, retryMs: 50, sweepMs: 500 } });
  for (const account of Object.keys(EMAILS) as Account[]) as[account] = clientFor(t.app, await login(t.app, EMAILS[account]));
}, 120_000);
afterAll(async () => {
  await t.close();
  await service.close();
});
beforeEach(async () => {
  await clearMissions(t);
  await t.database.db.execute(sql`truncate push_subscriptions, push_outbox, push_deliveries`);
  service.received.length = 0;
});

const PROVIDER_KINDS: PushKind[] = ['missionOffered', 'proposalAccepted', 'proposalLost', 'chatMessage', 'finishAnswered'];
const MANAGER_KINDS: PushKind[] = ['proposalReceived', 'finishRequested', 'slaBreached'];

async function ok<T>(response: Promise<{ statusCode: number; body: string; json<U>(): U }>, status: number): Promise<T> {
  const r = await response;
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return r.json<T>();
}

/** A fake device of `account` subscribed through the real endpoint. */
async function subscribe(account: Account, name: string, kinds = account === 'prestador' || account === 'sul' ? PROVIDER_KINDS : MANAGER_KINDS): Promise<FakeDevice & { id: string }> {
  const device = service.device(name);
  const created = await ok<PushDevice>(as[account].post('/api/auth/push/devices', { ...device.subscription, label: name, kinds }), 201);
  return Object.assign(device, { id: created._id });
}

const eventOf = async (mission: string, action: string) =>
  (await ok<MissionEvent[]>(as.gestor.get(`${BASE}/${mission}/events`), 200)).find((e) => e.action === action);

/** Waits until the outbox and every due delivery are done (the dispatcher runs on its own). */
async function settled(): Promise<void> {
  await expect
    .poll(async () => {
      const result = await t.database.db.execute(
        sql`select (select count(*) from push_outbox)::int + (select count(*) from push_deliveries where sent_at is null and failed_at is null)::int as n`,
      );
      return (result as { rows: { n: number }[] }).rows[0]?.n;
    }, { timeout: 10_000, interval: 30 })
    .toBe(0);
}

const create = (processNumber: string) => ok<MissionDetail>(as.gestor.post(`${BASE}/request`, missionBody({ processNumber })), 201);

describe('push dispatch', () => {
  it('a mission offered rings every provider of its tenant, each once, and no other tenant', async () => {
    await subscribe('prestador', 'p');
    await subscribe('sul', 's');
    await subscribe('gestor', 'g');
    await subscribe('norte', 'n', MANAGER_KINDS);
    const mission = await create('PR-PUSH-1');
    await service.waitForDelivered(2);
    await settled();
    const created = await eventOf(mission._id, 'created');
    const offered: PushPayload = { title: 'Missão recebida', body: 'Missão #PR-PUSH-1', tag: created?._id ?? '', url: '/home/missions' };
    expect(service.deliveredTo('p')).toEqual([offered]);
    expect(service.deliveredTo('s')).toEqual([offered]);
    expect(service.deliveredTo('g')).toEqual([]);

    // A proposal rings the mission's risk manager, never the other tenant's.
    await ok<Proposal>(as.prestador.post(`${BASE}/proposals`, proposalBody(mission._id)), 201);
    await service.waitForDelivered(3);
    await settled();
    expect(service.deliveredTo('g').map((p) => p.title)).toEqual([PUSH_KIND_LABELS.proposalReceived]);
    expect(service.deliveredTo('n')).toEqual([]);
    expect(service.received.every((r) => r.topic === r.payload.tag)).toBe(true);
  });

  it('accepted rings the winner, lost rings the other bidder with nothing about the winner', async () => {
    const mission = await create('PR-PUSH-2');
    await ok<Proposal>(as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }), 201);
    const proposal = await ok<Proposal>(as.prestador.post(`${BASE}/proposals`, proposalBody(mission._id)), 201);
    await subscribe('prestador', 'winner');
    await subscribe('sul', 'loser');
    await ok<MissionDetail>(as.gestor.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider }), 200);
    await service.waitForDelivered(2);
    await settled();
    const accepted = await eventOf(mission._id, 'accepted');
    expect(service.deliveredTo('winner')).toEqual([
      { title: 'Proposta aceita', body: 'Missão #PR-PUSH-2', tag: accepted?._id, url: `/home/missions/${mission._id}/details/started` },
    ]);
    const lost = service.deliveredTo('loser');
    expect(lost).toEqual([{ title: 'Outro fornecedor definido', body: 'Missão #PR-PUSH-2', tag: accepted?._id, url: '/home/missions' }]);
    const text = JSON.stringify(lost);
    for (const trace of [proposal.serviceProvider, 'Pronta Resposta', 'started', 'aceita']) expect(text).not.toContain(trace);
  });

  it('a finish request rings the risk manager, its cancelation by the risk manager the holder; a chat message rings the holder, not the sender', async () => {
    const mission = await create('PR-PUSH-3');
    const proposal = await ok<Proposal>(as.prestador.post(`${BASE}/proposals`, proposalBody(mission._id)), 201);
    await ok<MissionDetail>(as.gestor.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider }), 200);
    await subscribe('prestador', 'holder', ['finishAnswered', 'chatMessage']);
    await subscribe('sul', 'other');
    await subscribe('gestor', 'manager');
    const boundary = 'push-test-boundary';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const chat = await t.app.inject({
      method: 'POST',
      url: `${BASE}/chat`,
      headers: { 'x-access-token': await login(t.app, EMAILS.gestor), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${field('missionRequest', mission._id)}${field('type', 'mission_chat')}${field('message', 'Chegando?')}--${boundary}--\r\n`,
    });
    expect(chat.statusCode, chat.body).toBe(201);
    await ok(as.prestador.post(`${BASE}/${mission._id}/askfinish`, {}), 200);
    await service.waitForDelivered(2);
    await ok(as.gestor.del(`${BASE}/${mission._id}/askfinish`), 200);
    await service.waitForDelivered(3);
    await settled();
    expect(service.deliveredTo('holder')).toEqual([
      { title: PUSH_KIND_LABELS.chatMessage, body: 'Missão #PR-PUSH-3', tag: chat.json<{ _id: string }>()._id, url: `/home/missions/${mission._id}/chat/started` },
      {
        title: PUSH_KIND_LABELS.finishAnswered,
        body: 'Solicitação de finalização cancelada pela gerenciadora: Missão #PR-PUSH-3',
        tag: (await eventOf(mission._id, 'finish_request_canceled'))?._id,
        url: `/home/missions/${mission._id}/details/started`,
      },
    ]);
    expect(service.deliveredTo('manager').map((p) => p.title)).toEqual([PUSH_KIND_LABELS.finishRequested]);
    expect(service.deliveredTo('other')).toEqual([]);
  });

  it('a device the push service answers 404 or 410 to is deleted', async () => {
    const gone = await subscribe('prestador', 'gone');
    const missing = await subscribe('sul', 'missing');
    gone.answers.push(410);
    missing.answers.push(404);
    await create('PR-PUSH-4');
    await settled();
    expect(service.received.map((r) => [r.device, r.status]).sort()).toEqual([['gone', 410], ['missing', 404]]);
    expect(await ok(as.prestador.get('/api/auth/push/devices'), 200)).toEqual([]);
    expect(await ok(as.sul.get('/api/auth/push/devices'), 200)).toEqual([]);
    await create('PR-PUSH-5');
    await settled();
    expect(service.received).toHaveLength(2);
  });

  it('a transient failure is retried with back-off and delivered once', async () => {
    const flaky = await subscribe('prestador', 'flaky');
    flaky.answers.push(500, 503);
    await create('PR-PUSH-6');
    await service.waitForDelivered(1);
    await settled();
    expect(service.received.map((r) => r.status)).toEqual([500, 503, 201]);
    expect(new Set(service.received.map((r) => r.payload.tag)).size).toBe(1);
    expect(service.deliveredTo('flaky')).toHaveLength(1);
    // Nothing more comes later: the delivery is recorded as sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.received).toHaveLength(3);
  });

  it("an SLA breach rings only its tenant's risk manager users who chose it, once, and no provider", async () => {
    const demoConfig = eq(missionConfigs.id, CATALOGUE_IDS.missionConfigDemo);
    await t.database.db.update(missionConfigs).set({ slaProposal: 1 }).where(demoConfig);
    try {
      const mission = await create('PR-PUSH-7');
      await settled();
      await subscribe('gestor', 'manager');
      await subscribe('operador', 'no-sla', ['proposalReceived', 'finishRequested']);
      await subscribe('norte', 'other-tenant');
      await subscribe('prestador', 'provider');
      await subscribe('sul', 'competitor');
      // The sweep (and a second one racing it) finds the first proposal late: one breach, one push.
      const late = new Date(t.clock.now.getTime() + 2 * 60_000);
      expect((await Promise.all([recordSlaBreaches(t.database.db, late), recordSlaBreaches(t.database.db, late)])).reduce((a, b) => a + b)).toBe(1);
      await service.waitForDelivered(1);
      await settled();
      const breach = await eventOf(mission._id, 'sla_breached_proposal');
      expect(service.deliveredTo('manager')).toEqual([
        { title: 'SLA estourado', body: 'Missão #PR-PUSH-7', tag: breach?._id, url: `/home/missions/${mission._id}/details/open` },
      ]);
      for (const device of ['no-sla', 'other-tenant', 'provider', 'competitor']) expect(service.deliveredTo(device)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(service.received).toHaveLength(1);
    } finally {
      await t.database.db.update(missionConfigs).set({ slaProposal: null }).where(demoConfig);
    }
  });
  it("a detected arrival rings the tenant's risk manager users who chose 'teamArrived', once, and no provider", async () => {
    const mission = await create('PR-PUSH-9');
    await ok<Proposal>(as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }), 201);
    const proposal = await ok<Proposal>(as.prestador.post(`${BASE}/proposals`, proposalBody(mission._id)), 201);
    await ok<MissionDetail>(as.gestor.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider }), 200);
    await settled();
    await subscribe('gestor', 'manager', ['teamArrived']);
    await subscribe('operador', 'no-arrival', ['proposalReceived', 'sos']);
    await subscribe('norte', 'other-tenant', ['teamArrived']);
    await subscribe('prestador', 'holder');
    await subscribe('sul', 'competitor');
    const phone = await ok<TrackerDevice>(as.prestador.post('/api/positions/devices', { name: 'Celular da viatura 1' }), 201);
    // Two fixes at the mission's place (missionBody's) after the acceptance, then a third there: one arrival, one ring.
    for (const seconds of [30, 60, 90]) {
      const at = Math.floor(t.clock.now.getTime() / 1000) + seconds;
      const fix = await t.app.inject({ method: 'GET', url: `/api/positions/osmand?id=${phone.identifier}&lat=-23.5613&lon=-46.6565&timestamp=${at}` });
      expect(fix.statusCode).toBe(200);
    }
    await service.waitForDelivered(1);
    await settled();
    const arrived = await eventOf(mission._id, 'team_arrived');
    expect(arrived).toBeDefined();
    expect(service.deliveredTo('manager')).toEqual([
      { title: 'Equipe chegou ao local', body: 'Missão #PR-PUSH-9', tag: arrived?._id, url: `/home/missions/${mission._id}/details/started` },
    ]);
    for (const device of ['no-arrival', 'other-tenant', 'holder', 'competitor']) expect(service.deliveredTo(device)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.received).toHaveLength(1);
  });

  it("an SOS and a silent team ring only the tenant's risk manager users who chose 'sos'; the 'Ciente' rings nobody", async () => {
    const demoConfig = eq(missionConfigs.id, CATALOGUE_IDS.missionConfigDemo);
    const mission = await create('PR-PUSH-8');
    await ok<Proposal>(as.sul.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }), 201);
    const proposal = await ok<Proposal>(as.prestador.post(`${BASE}/proposals`, proposalBody(mission._id)), 201);
    await ok<MissionDetail>(as.gestor.put(`${BASE}/request/${mission._id}/status`, { missionRequest: mission._id, status: 'started', serviceProvider: proposal.serviceProvider }), 200);
    await settled();
    await subscribe('gestor', 'manager', ['sos']);
    await subscribe('operador', 'no-sos', ['proposalReceived', 'finishRequested', 'slaBreached']);
    await subscribe('norte', 'other-tenant', ['sos']);
    await subscribe('prestador', 'holder');
    await subscribe('sul', 'competitor');
    const alarm = await ok<Alarm>(as.prestador.post(`${BASE}/${mission._id}/sos`, {}), 200);
    await service.waitForDelivered(1);
    await settled();
    const raised = await eventOf(mission._id, 'sos_raised');
    const url = `/home/missions/${mission._id}/details/started`;
    expect(service.deliveredTo('manager')).toEqual([{ title: 'SOS e equipe sem sinal', body: 'SOS acionado pela equipe — Missão #PR-PUSH-8', tag: raised?._id, url }]);
    await ok<Alarm>(as.gestor.post(`${BASE}/alarms/${alarm._id}/acknowledge`, {}), 200);

    await t.database.db.update(missionConfigs).set({ alarmsSilenceMinutes: 10 }).where(demoConfig);
    try {
      expect(await raiseSilenceAlarms(t.database.db, new Date(t.clock.now.getTime() + 11 * 60_000))).toBe(1);
      await service.waitForDelivered(2);
      await settled();
      const silent = await eventOf(mission._id, 'silence_raised');
      expect(service.deliveredTo('manager').map((p) => [p.body, p.tag])).toEqual([
        ['SOS acionado pela equipe — Missão #PR-PUSH-8', raised?._id],
        ['Equipe sem sinal — Missão #PR-PUSH-8', silent?._id],
      ]);
      for (const device of ['no-sos', 'other-tenant', 'holder', 'competitor']) expect(service.deliveredTo(device)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(service.received).toHaveLength(2);
    } finally {
      await t.database.db.update(missionConfigs).set({ alarmsSilenceMinutes: null }).where(demoConfig);
    }
  });
});
