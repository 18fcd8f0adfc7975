/**
 * The device's outbox (docs/rules/field-app.md, "Nada se perde sem sinal") over the real server:
 * actions typed without signal wait on the device, go out in order once the connection returns,
 * never twice (the server's Idempotency-Key), a refusal stays with the server's message, and one
 * user's actions never go out with another's session. A dropped connection is a failure the server
 * cannot give: the test's fetch stands in for the network and fails on demand.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { createOutbox } from '../../src/dataProvider/outbox';
import { editableAction, outboxActionLabel, outboxSender, type OutboxAction } from '../../src/dataProvider/outboxActions';
import { memoryOutboxStore } from '../../src/dataProvider/outboxStore';
import { resourceEndpoints } from '../../src/resources';
import { missionAttachments, missionMessages, missions, proposals } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../server/helpers';
import { insertMission } from '../server/missionFixtures';
import { injectFetch, signIn } from './contractHarness';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
}, 120_000);
afterAll(async () => server?.close());
beforeEach(async () => server.reset());

/** The network between the device and the server: up, down, or losing the answer after the server ran the request. */
type Network = 'up' | 'down' | 'loses answers';

async function device(email: string) {
  const signed = await signIn(server.app, email);
  const network: { state: Network } = { state: 'up' };
  const reach = injectFetch(server.app);
  const posts: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (network.state === 'down') throw new TypeError('Failed to fetch');
    if (init?.method === 'POST') posts.push(input instanceof Request ? input.url : input.toString());
    const answer = await reach(input, init);
    if (network.state === 'loses answers') throw new TypeError('network error');
    return answer;
  };
  const httpClient = createHttpClient({ fetch, sleep: () => Promise.resolve(), getToken: () => signed.getToken() });
  const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
  const online = { value: true };
  const store = memoryOutboxStore();
  const outbox = createOutbox({ store, send: outboxSender(dataProvider), isOnline: () => online.value });
  const user = signed.getUser();
  if (!user) throw new Error('sem usuário');
  await outbox.signedIn(user.id);
  return { dataProvider, outbox, network, online, posts, userId: user.id, store };
}

const chat = (missionId: string, message: string): OutboxAction => ({ kind: 'chatMessage', missionId, message, file: null, fileName: null });
const occurrence = (missionId: string, description: string): OutboxAction => ({
  kind: 'missionItem',
  missionId,
  collection: 'ocurrencies',
  values: { date: '2026-11-20T11:10:00.000Z', type: 'theft', description, city: 'São Paulo', state: 'SP' },
});
const messagesOf = async (mission: string) =>
  (await server.database.db.select({ message: missionMessages.message }).from(missionMessages).where(eq(missionMessages.mission, mission))).map((m) => m.message);

describe('the outbox', () => {
  it('keeps a chat message and an occurrence typed without signal and sends them once, in order, when it returns', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    phone.online.value = false;
    phone.network.state = 'down';

    expect((await phone.outbox.submit(chat(id, 'Chegando'), '/chat')).queued).toBe(true);
    expect((await phone.outbox.submit(occurrence(id, 'Pneu furado'), '/details')).queued).toBe(true);
    expect((await phone.outbox.submit(chat(id, 'Trocando o pneu'), '/chat')).queued).toBe(true);
    expect(phone.outbox.entries().map((e) => e.rejection)).toEqual([null, null, null]);
    expect(new Set(phone.outbox.entries().map((e) => e.key)).size).toBe(3);
    expect(await messagesOf(id)).toEqual([]);

    const sent: string[] = [];
    phone.outbox.onSent((entry) => sent.push(entry.action.kind));
    phone.online.value = true;
    phone.network.state = 'up';
    await phone.outbox.flush();
    await phone.outbox.flush();

    expect(phone.outbox.entries()).toEqual([]);
    expect(sent).toEqual(['chatMessage', 'missionItem', 'chatMessage']);
    expect(await messagesOf(id)).toEqual(['Chegando', 'Trocando o pneu']);
    expect((await phone.dataProvider.missionDetails(id)).ocurrenciesDisplay.map((o) => o.description)).toEqual(['Pneu furado']);
  });

  it('an answer lost on the way back is replayed under the same key: the server keeps one message and one occurrence', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    for (const action of [chat(id, 'Mensagem única'), occurrence(id, 'Ocorrência única')]) {
      phone.network.state = 'loses answers';
      expect((await phone.outbox.submit(action, '/home')).queued).toBe(true);
      phone.network.state = 'up';
      const before = phone.posts.length;
      await phone.outbox.flush();
      expect(phone.posts.length - before).toBe(1);
      expect(phone.outbox.entries()).toEqual([]);
    }
    // The server ran each once: neither the client's retries nor the replay (same key) ran it again.
    expect(await messagesOf(id)).toEqual(['Mensagem única']);
    expect((await phone.dataProvider.missionDetails(id)).ocurrenciesDisplay.map((o) => o.description)).toEqual(['Ocorrência única']);
  });

  it('while older actions wait, a new one waits behind them even with the network up', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    phone.network.state = 'down';
    await phone.outbox.submit(chat(id, 'primeira'), '/chat');
    phone.network.state = 'up';
    const second = await phone.outbox.submit(chat(id, 'segunda'), '/chat');
    expect(second.queued).toBe(true);
    await phone.outbox.flush();
    expect(await messagesOf(id)).toEqual(['primeira', 'segunda']);
  });

  it('an SOS never waits behind older actions: sent at once with the network up, and first when the signal returns', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    const sos: OutboxAction = { kind: 'sos', missionId: id, reference: 'PR-1', latitude: -23.56, longitude: -46.65 };
    phone.network.state = 'down';
    await phone.outbox.submit(chat(id, 'antes do SOS'), '/chat');
    phone.network.state = 'up';
    expect((await phone.outbox.submit(sos, '/home')).queued).toBe(false);
    expect(phone.posts.filter((url) => url.endsWith('/sos'))).toHaveLength(1);

    // Both typed without signal, the SOS last: it is the first to go when the signal returns.
    phone.network.state = 'down';
    await phone.outbox.submit(chat(id, 'depois do SOS'), '/chat');
    expect((await phone.outbox.submit(sos, '/home')).queued).toBe(true);
    phone.network.state = 'up';
    phone.posts.length = 0;
    await phone.outbox.flush();
    expect(phone.posts[0]).toMatch(/\/sos$/);
    expect(await messagesOf(id)).toEqual(['antes do SOS', 'depois do SOS']);
    expect(phone.outbox.entries()).toEqual([]);
  });

  it('a refusal on replay stays with the server\'s message until discarded; the actions after it still go', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const other = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    phone.online.value = false;
    await phone.outbox.submit(chat(id, 'Chegamos'), '/chat');
    await phone.outbox.submit(occurrence(id, 'Bloqueio na via'), '/details');
    await phone.outbox.submit(chat(other, 'Na outra missão'), '/chat');
    await server.database.db.update(missions).set({ status: 'canceled' }).where(eq(missions.id, id));

    phone.online.value = true;
    await phone.outbox.flush();
    const refused = phone.outbox.entries();
    expect(refused.map((e) => e.action.kind)).toEqual(['chatMessage', 'missionItem']);
    for (const entry of refused) expect(entry.rejection).toMatch(/^[A-ZÀ-Ú][^]*[a-zà-ú]/);
    expect(refused.map((e) => e.rejection)).not.toContain(null);
    expect(await messagesOf(other)).toEqual(['Na outra missão']);

    // Flushing again does not resend a refused action.
    const before = phone.posts.length;
    await phone.outbox.flush();
    expect(phone.posts.length).toBe(before);
    for (const entry of refused) await phone.outbox.discard(entry.seq);
    expect(phone.outbox.entries()).toEqual([]);
  });

  it('a 4xx or 5xx answer to a first try is the screen\'s to show, not queued', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'canceled');
    const phone = await device('prestador@demo.com.br');
    await expect(phone.outbox.submit(chat(id, 'Tarde demais'), '/chat')).rejects.toMatchObject({ status: 409 });
    expect(phone.outbox.entries()).toEqual([]);
  });

  it('one user\'s waiting actions are neither listed nor sent while another user is signed in', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    phone.network.state = 'down';
    await phone.outbox.submit(chat(id, 'Do prestador'), '/chat');
    phone.network.state = 'up';

    const gestor = (await signIn(server.app, 'gestor@demo.com.br')).getUser();
    if (!gestor) throw new Error('sem usuário');
    await phone.outbox.signedIn(gestor.id);
    expect(phone.outbox.entries()).toEqual([]);
    await phone.outbox.flush();
    expect(await messagesOf(id)).toEqual([]);
    expect(await phone.store.list(phone.userId)).toHaveLength(1);

    await phone.outbox.signedIn(phone.userId);
    expect(await messagesOf(id)).toEqual(['Do prestador']);
  });

  it('a search notice, a proposal and its change, an agent\'s next reading and the finish request lose their answers and are still written once', { timeout: 90_000 }, async () => {
    const open = await insertMission(server.database.db, 'open', null);
    const started = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    const proposalsOf = async (mission: string) =>
      server.database.db.select({ id: proposals.id, status: proposals.status, eta: proposals.etaTime }).from(proposals).where(eq(proposals.mission, mission));
    const location = { zipcode: '01311000', address: 'Rua Augusta', number: '500', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP', latitude: -23.55, longitude: -46.65 };
    const hour = (h: number) => new Date(Date.UTC(2026, 10, 20, h)).toISOString();
    const agent = { name: 'Carlos', odometer: { start: { km: 100, time: hour(8) }, arrivalOnPlace: { km: 110, time: hour(9) }, endOnPlace: null, end: null } };
    const added = await phone.dataProvider.addMissionItem(started, 'securityagents', agent);
    const agentCreatedAt = added.securityAgentsDisplay[0]?.createdAt ?? '';
    const full = { ...agent, odometer: { ...agent.odometer, endOnPlace: { km: 120, time: hour(10) }, end: { km: 130, time: hour(11) } } };

    const replayOnce = async (action: OutboxAction) => {
      phone.network.state = 'loses answers';
      expect((await phone.outbox.submit(action, '/home/missions')).queued).toBe(true);
      phone.network.state = 'up';
      await phone.outbox.flush();
      expect(phone.outbox.entries()).toEqual([]);
    };
    await replayOnce({ kind: 'searchNotice', missionId: open, reference: 'PR-1' });
    const [notice] = await proposalsOf(open);
    expect(notice?.status).toBe('pending');
    await replayOnce({ kind: 'proposal', missionId: open, reference: 'PR-1', proposalId: notice?.id ?? '', values: { eta: { time: '00:40', distanceInKm: 12 }, location } });
    await replayOnce({ kind: 'proposal', missionId: open, reference: 'PR-1', proposalId: notice?.id ?? '', values: { eta: { time: '00:25', distanceInKm: 8 }, location } });
    expect(await proposalsOf(open)).toEqual([{ id: notice?.id, status: 'completed', eta: '00:25' }]);

    await replayOnce({ kind: 'missionItem', missionId: started, collection: 'securityagents', values: full, createdAt: agentCreatedAt });
    await replayOnce({ kind: 'askFinish', missionId: started, reference: 'PR-2' });
    const details = await phone.dataProvider.missionDetails(started);
    expect(details.securityAgentsDisplay.map((a) => a.odometer.end?.km)).toEqual([130]);
    const [row] = await server.database.db.select({ asked: missions.finishingAsked }).from(missions).where(eq(missions.id, started));
    expect(row?.asked).toBe(true);
  });

  it('a refused finish request is only discarded; a refused proposal or item can be taken back to its form', () => {
    expect(editableAction({ kind: 'askFinish', missionId: 'm', reference: 'PR-1' })).toBe(false);
    expect(editableAction({ kind: 'searchNotice', missionId: 'm', reference: 'PR-1' })).toBe(false);
    expect(editableAction(occurrence('m', 'Bloqueio'))).toBe(true);
  });
});

describe('the outbox: photos attached without signal', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(64).fill(7)]);
  const capturedAt = () => new Date(server.clock.now.getTime() - 5 * 60_000).toISOString();
  const attachment = (missionId: string, description: string, at: string): OutboxAction => ({
    kind: 'attachment',
    missionId,
    fields: { description, capturedAt: at, latitude: -23.5505, longitude: -46.6333 },
    file: new Blob([PNG], { type: 'image/png' }),
    fileName: 'foto.jpg',
  });
  const attachmentsOf = (mission: string) => server.database.db.select().from(missionAttachments).where(eq(missionAttachments.mission, mission));

  it('waits with its file and capture, then goes once, in order with a chat message, under one key even when the answer was lost', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    const at = capturedAt();
    phone.network.state = 'down';
    const queued = await phone.outbox.submit(attachment(id, 'Lacre do baú', at), `/home/missions/${id}/details/started`);
    expect(queued.queued).toBe(true);
    await phone.outbox.submit(chat(id, 'Foto enviada'), '/chat');
    expect(outboxActionLabel(phone.outbox.entries()[0]?.action ?? chat(id, ''))).toBe('Anexo: Lacre do baú');
    expect(await attachmentsOf(id)).toEqual([]);

    // The connection returns but drops the first answer: the replay under the same key stores nothing more.
    phone.network.state = 'loses answers';
    await phone.outbox.flush();
    expect(phone.outbox.entries()).toHaveLength(2);
    phone.network.state = 'up';
    const sent: string[] = [];
    phone.outbox.onSent((entry) => sent.push(entry.action.kind));
    await phone.outbox.flush();
    expect(phone.outbox.entries()).toEqual([]);
    expect(sent).toEqual(['attachment', 'chatMessage']);
    const rows = await attachmentsOf(id);
    expect(rows.map((r) => [r.description, r.capturedAt?.toISOString(), r.latitude, r.longitude, r.size])).toEqual([['Lacre do baú', at, -23.5505, -46.6333, PNG.length]]);
    expect(await messagesOf(id)).toEqual(['Foto enviada']);
    expect((await phone.dataProvider.missionDetails(id)).attachments).toEqual([expect.objectContaining({ description: 'Lacre do baú', capturedAt: at })]);
  });

  it('a photo refused on replay (the mission was canceled) stays with the server\'s message and nothing is stored', { timeout: 60_000 }, async () => {
    const id = await insertMission(server.database.db, 'started');
    const phone = await device('prestador@demo.com.br');
    phone.online.value = false;
    await phone.outbox.submit(attachment(id, 'Avaria', capturedAt()), '/details');
    await server.database.db.update(missions).set({ status: 'canceled' }).where(eq(missions.id, id));
    phone.online.value = true;
    await phone.outbox.flush();
    const [refused] = phone.outbox.entries();
    expect(refused?.action.kind).toBe('attachment');
    expect(refused?.rejection).toMatch(/^[A-ZÀ-Ú][^]*[a-zà-ú]/);
    expect(await attachmentsOf(id)).toEqual([]);
  });
});
