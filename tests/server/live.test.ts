import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIVE_TOO_MANY_STREAMS } from '../../src/domain/live';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { createTestApp, login, type TestApp } from './helpers';
import { insertEvent, insertMission, openStream, ticketFor, type SseStream } from './liveClient';
import { multipart } from './missionFixtures';

/** The live stream (docs/operations/several-instances.md) on one instance: tickets, tenancy, commit-only announcements, resumption. */

let t: TestApp;
let base: string;
const tokens: Record<string, string> = {};
const ACCOUNTS = {
  admin: 'admin@demo.com.br',
  gestor: 'gestor@demo.com.br',
  prestador: 'prestador@demo.com.br',
  sul: 'prestador2@demo.com.br',
  norte: 'gestor.norte@demo.com.br',
} as const;
type Who = keyof typeof ACCOUNTS;
const open: SseStream[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { live: { heartbeatMs: 200 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const who of Object.keys(ACCOUNTS) as Who[]) tokens[who] = await login(t.app, ACCOUNTS[who]);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});
beforeEach(() => {
  for (const s of open.splice(0)) s.close();
});

async function streamOf(who: Who, extra = '', headers: Record<string, string> = {}): Promise<SseStream> {
  const stream = await openStream(base, `ticket=${await ticketFor(t.app, tokens[who]!)}${extra}`, headers);
  open.push(stream);
  return stream;
}

describe('tickets', () => {
  it('asks for a signed-in user, works once and expires', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/missions/live/ticket' })).statusCode).toBe(401);
    const ticket = await ticketFor(t.app, tokens.gestor!);
    const first = await openStream(base, `ticket=${ticket}`);
    open.push(first);
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    const again = await t.app.inject({ method: 'GET', url: `/api/missions/live?ticket=${ticket}` });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Sua sessão não é mais válida. Faça o login novamente.' });

    const late = await ticketFor(t.app, tokens.gestor!);
    t.clock.advance(61_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api/missions/live?ticket=${late}` })).statusCode).toBe(401);
    } finally {
      t.clock.now = new Date();
    }
    const forged = await t.app.inject({ method: 'GET', url: `/api/missions/live?ticket=${'a'.repeat(43)}` });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses bad input with 400 in Portuguese, spending no ticket', async () => {
    const ticket = await ticketFor(t.app, tokens.gestor!);
    const cases: [string, string][] = [
      ['', 'Preenchimento obrigatório'],
      ['ticket=', 'Texto curto demais'],
      [`ticket=${'a'.repeat(101)}`, 'Máximo de 100 caracteres'],
      ['ticket=a%01b', 'Formato inválido'],
      [`ticket=${ticket}&lastEventId=xyz`, 'Formato inválido'],
      [`ticket=${ticket}&x=1`, 'Campo não permitido'],
    ];
    for (const [query, message] of cases) {
      const response = await t.app.inject({ method: 'GET', url: `/api/missions/live?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ errors: { message: string }[] }>().errors.map((e) => e.message), query).toContain(message);
    }
    const stream = await openStream(base, `ticket=${ticket}`);
    open.push(stream);
    expect(stream.status).toBe(200);
  });
});

describe('delivery', () => {
  it('reaches the users who may see the mission within a second, and nobody else', async () => {
    const streams = {
      admin: await streamOf('admin'),
      gestor: await streamOf('gestor'),
      prestador: await streamOf('prestador'),
      sul: await streamOf('sul'),
      norte: await streamOf('norte'),
    };
    const opened = await insertMission(t.database.db, DEMO_IDS.riskManager);
    const sent = Date.now();
    const created = await insertEvent(t.database.db, opened);
    for (const who of ['admin', 'gestor', 'prestador', 'sul'] as const) {
      const frame = await streams[who].next();
      expect(frame).toMatchObject({ id: created, event: 'mission', data: { id: created, mission: opened, action: 'created', status: 'open' } });
      expect(frame.at - sent).toBeLessThan(1000);
    }

    // A mission held by one provider: its holder hears, the other provider does not.
    const held = await insertMission(t.database.db, DEMO_IDS.riskManager, 'started', DEMO_IDS.provider);
    const heldEvent = await insertEvent(t.database.db, held, 'finish_asked');
    expect((await streams.prestador.next()).id).toBe(heldEvent);
    expect((await streams.gestor.next()).id).toBe(heldEvent);

    // The other tenant's own event is the first (and only) thing its user receives; the other
    // provider's next event is this tenant's next one.
    const norte = await insertMission(t.database.db, DEMO_IDS.riskManagerNorte);
    const norteEvent = await insertEvent(t.database.db, norte);
    expect((await streams.norte.next()).id).toBe(norteEvent);
    expect((await streams.admin.next()).id).toBe(heldEvent);
    expect((await streams.admin.next()).id).toBe(norteEvent);
    const last = await insertEvent(t.database.db, opened, 'proposal_completed', DEMO_IDS.providerSul);
    expect((await streams.sul.next()).id).toBe(last);
    expect(streams.norte.frames.filter((f) => f.event)).toHaveLength(1);
  });

  it('announces nothing for a write that was rolled back', async () => {
    const stream = await streamOf('gestor');
    const mission = await insertMission(t.database.db, DEMO_IDS.riskManager);
    await expect(
      t.database.db.transaction(async (tx) => {
        await insertEvent(tx, mission, 'canceled');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const committed = await insertEvent(t.database.db, mission, 'proposal_notice');
    expect((await stream.next()).id).toBe(committed);
    const rows = await t.database.db.execute(sql`select count(*)::int as n from mission_events where mission_id = ${mission}`);
    expect((rows as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('sends heartbeats as comment lines', async () => {
    const stream = await streamOf('gestor');
    expect((await stream.next(1000, true)).comment).toBe('ping');
  });
});

describe('chat', () => {
  const chatPost = (who: Who, mission: string, message: string) => {
    const form = multipart({ missionRequest: mission, type: 'mission_chat', message });
    return t.app.inject({ method: 'POST', url: '/api/missions/chat', payload: form.payload, headers: { ...form.headers, 'x-access-token': tokens[who]! } });
  };

  it('a message sent or deleted reaches the chat\'s readers as a `chat` event (no id), nobody else, and stays out of the timeline', async () => {
    const streams = { admin: await streamOf('admin'), gestor: await streamOf('gestor'), prestador: await streamOf('prestador'), sul: await streamOf('sul'), norte: await streamOf('norte') };
    const mission = await insertMission(t.database.db, DEMO_IDS.riskManager, 'started', DEMO_IDS.provider);
    const sent = Date.now();
    const posted = await chatPost('gestor', mission, 'Bom dia');
    expect(posted.statusCode).toBe(201);
    for (const who of ['admin', 'gestor', 'prestador'] as const) {
      const frame = await streams[who].next();
      expect(frame).toMatchObject({ event: 'chat', data: { mission } });
      expect(frame.id).toBeUndefined();
      expect(frame.at - sent).toBeLessThan(1000);
    }
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/missions/chat/${posted.json<{ _id: string }>()._id}`, headers: { 'x-access-token': tokens.gestor! } });
    expect(deleted.statusCode).toBe(200);
    expect(await streams.prestador.next()).toMatchObject({ event: 'chat', data: { mission } });

    // The other provider of the tenant and the other tenant do not read that chat: their next
    // frames are the events they may hear, sent after the chat changes.
    const norte = await insertEvent(t.database.db, await insertMission(t.database.db, DEMO_IDS.riskManagerNorte));
    const open = await insertEvent(t.database.db, await insertMission(t.database.db, DEMO_IDS.riskManager));
    expect((await streams.norte.next()).id).toBe(norte);
    expect((await streams.sul.next()).id).toBe(open);
    const timeline = await t.database.db.execute(sql`select count(*)::int as n from mission_events where mission_id = ${mission}`);
    expect((timeline as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('odometer readings', () => {
  it("an agent's odometer written or changed reaches the mission's readers as an `odometer` event (no id), nobody else", async () => {
    const streams = { gestor: await streamOf('gestor'), prestador: await streamOf('prestador'), sul: await streamOf('sul'), norte: await streamOf('norte') };
    const mission = await insertMission(t.database.db, DEMO_IDS.riskManager, 'started', DEMO_IDS.provider);
    const reading = (km: number) => ({ km, time: '2026-11-20T08:00:00.000Z' });
    const odometer = { start: reading(1), arrivalOnPlace: reading(2), endOnPlace: null, end: reading(3) };
    await t.database.db.execute(sql`insert into mission_agents (id, mission_id, name, odometer, created_at)
      values ('5f00000000000000000000aa', ${mission}, 'Carlos', ${JSON.stringify(odometer)}::jsonb, now())`);
    for (const who of ['gestor', 'prestador'] as const) {
      const frame = await streams[who].next();
      expect(frame).toMatchObject({ event: 'odometer', data: { mission } });
      expect(frame.id).toBeUndefined();
    }
    await t.database.db.execute(sql`update mission_agents set odometer = jsonb_set(odometer, '{end,km}', '4') where mission_id = ${mission}`);
    expect(await streams.prestador.next()).toMatchObject({ event: 'odometer', data: { mission } });
    // The losing provider and the other tenant hear only what comes next for them.
    const norte = await insertEvent(t.database.db, await insertMission(t.database.db, DEMO_IDS.riskManagerNorte));
    const open = await insertEvent(t.database.db, await insertMission(t.database.db, DEMO_IDS.riskManager));
    expect((await streams.norte.next()).id).toBe(norte);
    expect((await streams.sul.next()).id).toBe(open);
  });
});

describe('resumption', () => {
  /** The event ids a stream sends until (and with) `last`. */
  async function idsUntil(stream: SseStream, last: string): Promise<string[]> {
    const ids: string[] = [];
    while (ids.at(-1) !== last) ids.push((await stream.next()).id!);
    return ids;
  }

  it('replays what a client missed after the event it names, by header or query, within its tenancy', async () => {
    const mission = await insertMission(t.database.db, DEMO_IDS.riskManager);
    const seen = await insertEvent(t.database.db, mission);
    const missedA = await insertEvent(t.database.db, mission, 'proposal_notice');
    const norte = await insertMission(t.database.db, DEMO_IDS.riskManagerNorte);
    const norteEvent = await insertEvent(t.database.db, norte);
    const missedB = await insertEvent(t.database.db, mission, 'canceled');

    // Events of the few seconds before the named one come again (REPLAY_OVERLAP_MS, harmless to a
    // client that only refetches); the named one does not, nor another tenant's.
    const streams = [await streamOf('gestor', '', { 'last-event-id': seen }), await streamOf('gestor', `&lastEventId=${seen}`)];
    for (const stream of streams) {
      const ids = await idsUntil(stream, missedB);
      expect(ids).toContain(missedA);
      expect(ids.indexOf(missedA)).toBeLessThan(ids.indexOf(missedB));
      expect(ids).not.toContain(seen);
      expect(ids).not.toContain(norteEvent);
    }
    // Then live events follow on the same streams.
    const live = await insertEvent(t.database.db, mission, 'reopened');
    for (const stream of streams) expect(await idsUntil(stream, live)).toEqual([live]);
  });

  it('replays nothing for an unknown event id, and still streams', async () => {
    const stream = await streamOf('gestor', `&lastEventId=${'0'.repeat(24)}`);
    const mission = await insertMission(t.database.db, DEMO_IDS.riskManager);
    const live = await insertEvent(t.database.db, mission);
    expect((await stream.next()).id).toBe(live);
  });
});

describe('streams per login', () => {
  it('refuses a login past its limit with 429 in Portuguese, frees the slot when a stream ends, and leaves other logins alone', async () => {
    const limited = await createTestApp({ liveStreamsPerUser: 2 });
    try {
      const url = await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const [gestor, prestador] = [await login(limited.app, ACCOUNTS.gestor), await login(limited.app, ACCOUNTS.prestador)];
      const streams: SseStream[] = [];
      const streamAs = async (token: string) => {
        const stream = await openStream(url, `ticket=${await ticketFor(limited.app, token)}`);
        streams.push(stream);
        return stream;
      };
      try {
        expect((await streamAs(gestor)).status).toBe(200);
        const second = await streamAs(gestor);
        expect(second.status).toBe(200);
        const refused = await limited.app.inject({ method: 'GET', url: `/api/missions/live?ticket=${await ticketFor(limited.app, gestor)}` });
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: LIVE_TOO_MANY_STREAMS });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect((await streamAs(prestador)).status).toBe(200);

        second.close();
        // The server sees the close a moment later.
        let reopened: SseStream | null = null;
        for (let i = 0; i < 50 && reopened?.status !== 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          reopened = await streamAs(gestor);
        }
        expect(reopened?.status).toBe(200);
      } finally {
        for (const stream of streams) stream.close();
      }
    } finally {
      await limited.close();
    }
  });
});
