/**
 * Competing providers (src/domain/missions/competition.ts, docs/rules/competition.md): every read that
 * reaches a provider — mission rows and detail, monitoring, timeline, proposals, details, chat,
 * billing, PDFs and their chain check, the billing report and its Excel, the dashboard and the live
 * stream — walked as the provider that holds a mission, the one that lost it, and one of the same
 * risk manager that never bid, through a whole lifecycle: auction, acceptance, finish request,
 * finish, the shipper's side billed, the provider's side billed.
 */
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigits } from '../../src/domain/validators/cnpj';
import { bidOutcome, LIVE_ODOMETER_EVENT, type LiveMissionEvent } from '../../src/domain/live';
import type { MissionDetail, MissionEvent, MonitoringPage, Proposal } from '../../src/domain/missions';
import type { ChainVerification, ReportPage } from '../../src/domain/reports';
import type { Dashboard } from '../../src/domain/reports/dashboard';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails/types';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { clientFor, type Client } from './catalogueClient';
import { agentBody, billingOf, billingUrl, others } from './billingClient';
import { login } from './helpers';
import { openStream, ticketFor, type SseStream } from './liveClient';
import { textOf } from './missionReportFixtures';
import { BASE, useMissionsApp, type MissionsTest } from './missionsClient';

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

/** The three providers of the demo tenant this file plays, and the traces each must never see of the others. */
type Role = 'holder' | 'loser' | 'outsider';
const OUTSIDER = { company: 'Vigia Leste', user: 'Agente Leste', email: 'agente@vigialeste.com.br', password: 'Leste@2026' };
const TRACES = {
  holder: ['Pronta Resposta Demo', 'Prestador Demo', DEMO_IDS.provider],
  loser: ['Escolta Sul', 'Prestador Sul', DEMO_IDS.providerSul],
};

let as: Record<Role, Client> & { gestor: Client };
let tokens: Record<Role | 'gestor' | 'norte', string>;
let base: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  const gestor = m.as.gestor;
  const cnpjBase = '998877660001';
  const company = await gestor.post('/api/service-providers/info', {
    name: OUTSIDER.company,
    legalName: `${OUTSIDER.company} Segurança Ltda`,
    cnpj: cnpjBase + cnpjCheckDigits(cnpjBase),
    active: true,
    contacts: { phone1: '(11) 98888-7777', phone2: '', phone3: '' },
  });
  expect(company.statusCode, company.body).toBe(201);
  const provider = company.json<{ _id: string }>()._id;
  const user = await gestor.post('/api/service-providers/login', {
    email: OUTSIDER.email,
    name: OUTSIDER.user,
    password: OUTSIDER.password,
    role: { perfil: 'admin' },
    serviceProvider: provider,
    serviceProviderName: OUTSIDER.company,
  });
  expect(user.statusCode, user.body).toBe(201);
  tokens = {
    gestor: await login(m.t.app, 'gestor@demo.com.br'),
    holder: await login(m.t.app, 'prestador@demo.com.br'),
    loser: await login(m.t.app, 'prestador2@demo.com.br'),
    outsider: await login(m.t.app, OUTSIDER.email, OUTSIDER.password),
    norte: await login(m.t.app, 'gestor.norte@demo.com.br'),
  };
  as = { gestor, holder: m.as.prestador, loser: m.as.sul, outsider: clientFor(m.t.app, tokens.outsider) };
  base = await m.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => {
  for (const stream of streams) stream.close();
});

async function streamOf(who: Role | 'gestor' | 'norte'): Promise<SseStream> {
  const stream = await openStream(base, `ticket=${await ticketFor(m.t.app, tokens[who])}`);
  streams.push(stream);
  return stream;
}

async function json<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const r = await response;
  expect(r.statusCode, r.body.slice(0, 300)).toBe(status);
  return r.json<T>();
}

/** Every string value of an answer (keys left out: a field name is not a trace). */
function valuesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(valuesOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(valuesOf);
  return [];
}

/** `who`'s answer names none of its competitors, and none of `also` (statuses it may not know). */
function expectNoTrace(who: Role, answer: unknown, also: string[] = []) {
  const forbidden = [...(who === 'holder' ? TRACES.loser : TRACES.holder), ...(who === 'outsider' ? TRACES.loser : []), ...also];
  const text = valuesOf(answer).join('\n');
  for (const trace of forbidden) expect(text, `${who} sees '${trace}'`).not.toContain(trace);
}

const pdfUrl = (id: string, type: string) => `/api/reports/missionDetail/pdf?missionRequestId=${id}&type=${type}`;
const verifyUrl = (id: string) => `/api/reports/missionDetail/verify?missionRequestId=${id}`;
const rowOf = async (who: Role, id: string, status?: string) =>
  (await json<MonitoringPage>(as[who].get(`${BASE}/request/monitoring${status ? `?status=${status}` : ''}`))).data.find((r) => r._id === id);

/** The reads only the holder may make (its risk manager's, of course): 404 for the others, as for a mission that does not exist. */
const HOLDER_ONLY = (id: string) => [
  `${BASE}/request/id/${id}/details`,
  `${BASE}/${id}/chat`,
  billingUrl.byMission(id),
  pdfUrl(id, 'simple'),
  pdfUrl(id, 'provider'),
  verifyUrl(id),
];

/** What the loser and the outsider may read of a mission another provider holds, at any stage after the acceptance. */
async function expectOutOfIt(id: string) {
  const lost = await json<MissionDetail>(as.loser.get(`${BASE}/request/id/${id}`));
  expect(lost).toMatchObject({
    status: 'rejected',
    storedStatus: null,
    serviceProvider: null,
    serviceProviderName: '',
    finishingAsked: false,
    unreadMessages: 0,
    ownProposal: { status: 'rejected' },
  });
  expect(await rowOf('loser', id)).toEqual(lost);
  expectNoTrace('loser', lost, ['started', 'finished', 'billed', 'billed_shipper', 'billed_provider']);
  const lostEvents = await json<MissionEvent[]>(as.loser.get(`${BASE}/${id}/events`));
  expect(lostEvents.map((e) => e.action)).toEqual(['created', 'proposal_notice']);
  expectNoTrace('loser', lostEvents);
  const lostProposals = await json<Proposal[]>(as.loser.get(`${BASE}/${id}/proposals`));
  expect(lostProposals.map((p) => [p.serviceProvider, p.status])).toEqual([[DEMO_IDS.providerSul, 'rejected']]);

  expect((await as.outsider.get(`${BASE}/request/id/${id}`)).statusCode).toBe(404);
  expect(await rowOf('outsider', id)).toBeUndefined();
  for (const url of [`${BASE}/${id}/events`, `${BASE}/${id}/proposals`]) expect((await as.outsider.get(url)).statusCode, url).toBe(404);
  for (const who of ['loser', 'outsider'] as const) {
    for (const url of HOLDER_ONLY(id)) expect((await as[who].get(url)).statusCode, `${who} ${url}`).toBe(404);
  }
}

/** What the holder reads at a stage where it sees the mission as `status`. */
async function expectHolderSees(id: string, status: string, finishingAsked = false) {
  const held = await json<MissionDetail>(as.holder.get(`${BASE}/request/id/${id}`));
  expect(held).toMatchObject({ status, storedStatus: status, serviceProvider: DEMO_IDS.provider, finishingAsked });
  expect(await rowOf('holder', id)).toEqual(held);
  expectNoTrace('holder', held, ['billed_shipper', 'billed_provider']);
  const events = await json<MissionEvent[]>(as.holder.get(`${BASE}/${id}/events`));
  expect(events.map((e) => e.action)).not.toContain('billed_shipper');
  // Its own side's billing event is its business; the statuses it records read as the holder sees them.
  expect(events.flatMap((e) => [e.fromStatus, e.toStatus]).filter((s) => s === 'billed_shipper' || s === 'billed_provider')).toEqual([]);
  expectNoTrace('holder', events);
  expectNoTrace('holder', await json<Proposal[]>(as.holder.get(`${BASE}/${id}/proposals`)));
  const details = await json<MissionDetailsResponse>(as.holder.get(`${BASE}/request/id/${id}/details`));
  expect(details.mission.status).toBe(status);
  expectNoTrace('holder', details, ['billed_shipper', 'billed_provider']);
  expectNoTrace('holder', await json(as.holder.get(`${BASE}/${id}/chat`)));
  const chain = await json<ChainVerification>(as.holder.get(verifyUrl(id)));
  expect(chain).toMatchObject({ intact: true, events: events.length });
  return events;
}

describe('competing providers', () => {
  it('while a mission is open, each provider sees only its own bid, in every read and on the live stream', async () => {
    const live = { holder: await streamOf('holder'), loser: await streamOf('loser'), outsider: await streamOf('outsider') };
    const mission = await m.create();
    await json(as.loser.post(`${BASE}/proposals`, { missionRequest: mission._id, status: 'pending' }), 201);
    const bid = await m.propose('prestador', mission._id);

    for (const who of ['holder', 'loser', 'outsider'] as const) {
      const seen = await json<MissionDetail>(as[who].get(`${BASE}/request/id/${mission._id}`));
      expect(seen).toMatchObject({ status: 'open', storedStatus: 'open', serviceProvider: null, serviceProviderName: 'Em leilão', finishingAsked: false });
      expect(seen.ownProposal?._id ?? null).toEqual(who === 'holder' ? bid._id : who === 'loser' ? expect.any(String) : null);
      expect(await rowOf(who, mission._id)).toEqual(seen);
      const proposals = await json<Proposal[]>(as[who].get(`${BASE}/${mission._id}/proposals`));
      const events = await json<MissionEvent[]>(as[who].get(`${BASE}/${mission._id}/events`));
      expect(events.map((e) => e.action)).toEqual(
        who === 'holder' ? ['created', 'proposal_completed'] : who === 'loser' ? ['created', 'proposal_notice'] : ['created'],
      );
      expect(proposals).toHaveLength(who === 'outsider' ? 0 : 1);
      for (const answer of [seen, proposals, events]) expectNoTrace(who, answer);
    }
    // The risk manager sees both bids.
    expect(await json<Proposal[]>(as.gestor.get(`${BASE}/${mission._id}/proposals`))).toHaveLength(2);

    // A sentinel everyone hears closes the window: nothing of the others' bids arrived before it.
    const sentinel = await m.create();
    for (const who of ['holder', 'loser', 'outsider'] as const) {
      const heard = await framesUntil(live[who], sentinel._id);
      expect(heard.filter((e) => e.mission === mission._id).map((e) => [e.action, e.status])).toEqual(
        who === 'holder'
          ? [['created', 'open'], ['proposal_completed', 'open']]
          : who === 'loser'
            ? [['created', 'open'], ['proposal_notice', 'open']]
            : [['created', 'open']],
      );
    }
  });

  it('once another provider holds it, the loser sees only that it lost, the outsider nothing, and the holder nothing of the others or of the shipper’s billing', async () => {
    const live = { gestor: await streamOf('gestor'), holder: await streamOf('holder'), loser: await streamOf('loser'), outsider: await streamOf('outsider') };
    // Each step waits for the risk manager's stream to hear it: the hub reads an event once and
    // hands it to every stream in the same pass, so each provider's notice reflects that very step.
    const step = async (action: string) => {
      for (;;) {
        const frame = await live.gestor.next(5000);
        if (frame.data?.mission === id && frame.data.action === action) return;
      }
    };
    const id = (await m.create())._id;
    await step('created');
    await json(as.loser.post(`${BASE}/proposals`, { missionRequest: id, status: 'pending' }), 201);
    await step('proposal_notice');
    const bid = await m.propose('prestador', id);
    await step('proposal_completed');
    // Acceptance: Escolta Sul's notice is rejected.
    await json(as.gestor.put(`${BASE}/request/${id}/status`, { missionRequest: id, status: 'started', serviceProvider: bid.serviceProvider }));
    await step('accepted');
    await expectOutOfIt(id);
    await expectHolderSees(id, 'started');

    await json(as.holder.post(`${BASE}/${id}/askfinish`, {}));
    await step('finish_asked');
    await expectOutOfIt(id);
    await expectHolderSees(id, 'started', true);

    await json(as.holder.post(`${BASE}/${id}/securityagents`, agentBody()), 201);
    await json(as.holder.put(`${BASE}/request/${id}/status`, { missionRequest: id, status: 'finished' }));
    await step('finished');
    await expectOutOfIt(id);
    await expectHolderSees(id, 'finished');

    // The risk manager bills the shipper: nothing changes for the holder, wherever it looks.
    const sides = await billingOf(as.gestor, id);
    await json(as.gestor.post(billingUrl.finalize(sides.shipper?._id ?? ''), { franchise: CATALOGUE_IDS.planAndrade, others: others() }));
    await step('billed_shipper');
    await expectOutOfIt(id);
    const events = await expectHolderSees(id, 'finished');
    const billing = await billingOf(as.holder, id);
    expect(billing).toMatchObject({ missionStatus: 'finished', shipper: null });
    expect(billing.serviceProvider?.franchiseStatus).not.toBe('billed');
    expectNoTrace('holder', billing, ['billed_shipper']);
    // Its list, filtered, sorted and counted by the status it sees.
    expect(await rowOf('holder', id, 'billed_shipper')).toBeUndefined();
    expect(await rowOf('holder', id, 'finished')).toMatchObject({ status: 'finished' });
    const byShipperBilled = await json<MonitoringPage>(as.holder.get(`${BASE}/request/monitoring?status=billed_shipper`));
    expect(byShipperBilled.total).toBe(0);
    const period = `start=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;
    const report = (status: string) => json<ReportPage>(as.holder.get(`/api/reports/billing?${period}&status=${status}`));
    expect((await report('billed_shipper')).pagination.quantity).toBe(0);
    expect((await report('finished')).reports.map((r) => r.missionId)).toEqual([id]);
    const dashboard = await json<Dashboard>(as.holder.get(`/api/reports/dashboard?${period}`));
    expect(dashboard.statusCounts.map((s) => s.status)).not.toContain('billed_shipper');
    expect(dashboard.statusCounts.find((s) => s.status === 'finished')?.count).toBe(1);
    // The holder's documents never name a competitor.
    for (const kind of ['provider', 'simple']) {
      const text = await textOf(await as.holder.get(pdfUrl(id, kind)));
      expect(text).toContain('Pronta Resposta Demo');
      for (const trace of [...TRACES.loser, 'Faturamento do cliente concluído', 'Aviso de busca lançado']) expect(text, kind).not.toContain(trace);
    }
    const excel = await as.holder.get(`/api/reports/billing/excel?${period}`);
    expect(excel.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
    expect(cells).toContain('Pronta Resposta Demo');
    expectNoTrace('holder', cells);
    // The risk manager sees the whole timeline: the holder's is the same without what is not its business.
    const all = await json<MissionEvent[]>(as.gestor.get(`${BASE}/${id}/events`));
    expect(all.map((e) => e.action)).toEqual(['created', 'proposal_notice', 'proposal_completed', 'accepted', 'finish_asked', 'agent_added', 'finished', 'billed_shipper']);
    expect(events.map((e) => e.action)).toEqual(['created', 'proposal_completed', 'accepted', 'finish_asked', 'agent_added', 'finished']);

    // The provider bills its side: now it sees the mission billed.
    await json(as.holder.post(billingUrl.finalize(billing.serviceProvider?._id ?? ''), { franchise: CATALOGUE_IDS.planProvidersAll, others: others() }));
    await step('billed_provider');
    await expectOutOfIt(id);
    await expectHolderSees(id, 'billed');
    expect(await rowOf('holder', id, 'billed')).toMatchObject({ status: 'billed' });

    // The live stream told each exactly that much, in order.
    const sentinel = await m.create();
    const streamed = {
      holder: await streamUntil(live.holder, sentinel._id),
      loser: await streamUntil(live.loser, sentinel._id),
      outsider: await streamUntil(live.outsider, sentinel._id),
    };
    const heard = (who: 'holder' | 'loser' | 'outsider') => streamed[who].events.filter((e) => e.mission === id).map((e) => [e.action, e.status]);
    // The agents' odometer changes (the cost meter refetches) reach the holder alone.
    expect(streamed.holder.odometers).toContain(id);
    expect(streamed.loser.odometers).not.toContain(id);
    expect(streamed.outsider.odometers).not.toContain(id);
    expect(heard('holder')).toEqual([
      ['created', 'open'],
      ['proposal_completed', 'open'],
      ['accepted', 'started'],
      ['finish_asked', 'started'],
      ['agent_added', 'started'],
      ['finished', 'finished'],
      ['billed_provider', 'billed'],
    ]);
    expect(heard('loser')).toEqual([
      ['created', 'open'],
      ['proposal_notice', 'open'],
      [null, 'rejected'],
    ]);
    expect(heard('outsider')).toEqual([
      ['created', 'open'],
      [null, null],
    ]);
  });

  it("an acceptance reaches the winner as its bid won (the mission's process number, for 'Proposta aceita'), the loser as lost with nothing of the winner, the outsider as gone, the other tenant not at all", async () => {
    const live = {
      gestor: await streamOf('gestor'),
      holder: await streamOf('holder'),
      loser: await streamOf('loser'),
      outsider: await streamOf('outsider'),
      norte: await streamOf('norte'),
    };
    const id = (await m.create({ processNumber: 'PR-ACEITE' }))._id;
    await m.propose('sul', id);
    const bid = await m.propose('prestador', id);
    await json(as.gestor.put(`${BASE}/request/${id}/status`, { missionRequest: id, status: 'started', serviceProvider: bid.serviceProvider }));
    const sentinel = await m.create({ processNumber: 'PR-SENTINELA' });
    const heard = async (who: Role | 'gestor') => (await framesUntil(live[who], sentinel._id)).filter((e) => e.mission === id);

    const byGestor = await heard('gestor');
    const acceptance = byGestor.find((e) => e.action === 'accepted');
    expect(acceptance).toMatchObject({ mission: id, processNumber: 'PR-ACEITE', action: 'accepted', status: 'started' });
    const { id: eventId, createdAt } = acceptance!;
    const won = (await heard('holder')).find((e) => e.id === eventId);
    expect(won).toEqual({ id: eventId, mission: id, processNumber: 'PR-ACEITE', action: 'accepted', status: 'started', createdAt });
    expect(bidOutcome(won!)).toBe('won');

    // The loser's whole payload: which mission and that it lost — no winner, no proposal, no status it may not know.
    const lostStream = await heard('loser');
    const lost = lostStream.find((e) => e.id === eventId);
    expect(lost).toEqual({ id: eventId, mission: id, processNumber: 'PR-ACEITE', action: null, status: 'rejected', createdAt });
    expect(bidOutcome(lost!)).toBe('lost');
    expectNoTrace('loser', lostStream, [bid._id, 'started', 'accepted']);
    expect(live.loser.frames.filter((f) => f.id === eventId)).toHaveLength(1);

    const gone = (await heard('outsider')).find((e) => e.id === eventId);
    expect(gone).toEqual({ id: eventId, mission: id, processNumber: 'PR-ACEITE', action: null, status: null, createdAt });
    expect(bidOutcome(gone!)).toBeNull();
    // The hub hands an event to every stream in one pass: by now the other tenant would have it.
    expect(live.norte.frames.filter((f) => f.data?.mission === id || f.data?.mission === sentinel._id)).toEqual([]);
  });

  it('the risk manager still sees everything: both bids, the holder, every event and status', async () => {
    const mission = await m.started('prestador');
    const seen = await json<MissionDetail>(as.gestor.get(`${BASE}/request/id/${mission._id}`));
    expect(seen).toMatchObject({ status: 'started', storedStatus: 'started', serviceProvider: DEMO_IDS.provider, serviceProviderName: 'Pronta Resposta Demo' });
    const proposals = await json<Proposal[]>(as.gestor.get(`${BASE}/${mission._id}/proposals`));
    expect(proposals.map((p) => p.serviceProviderInfo.name).sort()).toEqual(['Escolta Sul', 'Pronta Resposta Demo']);
    const events = await json<MissionEvent[]>(as.gestor.get(`${BASE}/${mission._id}/events`));
    expect(events.map((e) => e.serviceProviderName)).toEqual([null, 'Escolta Sul', 'Pronta Resposta Demo', 'Pronta Resposta Demo']);
  });
});

/**
 * What a stream received up to the sentinel mission's creation (which every provider hears): its
 * mission events, and the missions whose agents' odometers it was told changed (the cost meter's cue).
 */
async function streamUntil(stream: SseStream, sentinel: string): Promise<{ events: LiveMissionEvent[]; odometers: string[] }> {
  const events: LiveMissionEvent[] = [];
  const odometers: string[] = [];
  for (;;) {
    const frame = await stream.next(5000);
    if (!frame.data) continue;
    if (frame.event === LIVE_ODOMETER_EVENT) {
      odometers.push((frame.data as { mission: string }).mission);
      continue;
    }
    if (frame.data.mission === sentinel) return { events, odometers };
    events.push(frame.data);
  }
}

/** The mission events a stream received up to the sentinel mission's creation. */
async function framesUntil(stream: SseStream, sentinel: string): Promise<LiveMissionEvent[]> {
  return (await streamUntil(stream, sentinel)).events;
}
