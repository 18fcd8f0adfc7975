import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_MESSAGES } from '../../src/domain/alarms';
import type { Alarm, SosState } from '../../src/domain/alarms/contracts';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_TYPE, maxValue } from '../../src/domain/messages';
import type { MissionEvent } from '../../src/domain/missions';
import { resourceEndpoints } from '../../src/resources';
import { escalateAlarms } from '../../server/alarms/escalation';
import { raiseSilenceAlarms } from '../../server/alarms/silence';
import { CATALOGUE_IDS } from '../../server/demo/seedCatalogues';
import { JSON_TOO_DEEP } from '../../server/http/plugins/jsonBody';
import type { MailMessage, Mailer } from '../../server/mail/mailer';
import { login } from './helpers';
import { openStream, ticketFor, type SseStream } from './liveClient';
import { BASE, MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/**
 * SOS and check-in (docs/rules/alarms.md): the holder raises an SOS on its started mission, the
 * risk manager's users list it and press 'Ciente', the holder reads who answered; one open alarm per
 * mission and kind whatever races; the escalation e-mail once; the check-in's 'Equipe sem sinal'.
 * Who hears what: the risk manager's users and the holder, never the losing provider nor another tenant.
 */

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

let base: string;
beforeAll(async () => {
  base = await m.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const streams: SseStream[] = [];
afterAll(() => {
  for (const s of streams) s.close();
});

const CONFIG_URL = `/api/admin/mission/configs/${CATALOGUE_IDS.missionConfigDemo}`;
const DEFAULT_ALARMS = { phone: null, emails: null, escalateMinutes: 5, silenceMinutes: null };

async function setAlarms(alarms: Record<string, unknown>): Promise<void> {
  const config = (await m.as.gestor.get(CONFIG_URL)).json<{ required: unknown }>();
  const response = await m.as.gestor.put(CONFIG_URL, { required: config.required, alarms: { ...DEFAULT_ALARMS, ...alarms } });
  expect(response.statusCode, response.body).toBe(200);
}
// Another test's mission must not find this test's settings.
afterEach(async () => setAlarms({}));

const sosUrl = (mission: string) => `${BASE}/${mission}/sos`;
const ackUrl = (alarm: string) => `${BASE}/alarms/${alarm}/acknowledge`;

async function raise(who: MissionAccount, mission: string, body: unknown = {}, key?: string) {
  return m.t.app.inject({
    method: 'POST',
    url: sosUrl(mission),
    headers: { 'x-access-token': await login(m.t.app, MISSION_ACCOUNTS[who]), ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as object,
  });
}

interface AlarmRow {
  id: string;
  kind: string;
  acknowledged_at: Date | string | null;
  escalated_at: Date | string | null;
}
async function alarmRows(): Promise<{ rows: AlarmRow[] }> {
  const result: unknown = await m.t.database.db.execute(sql`select id, kind, acknowledged_at, escalated_at from mission_alarms order by raised_at`);
  return result as { rows: AlarmRow[] };
}
const alarmEvents = (events: MissionEvent[]) => events.filter((e) => ['sos_raised', 'silence_raised', 'alarm_acknowledged'].includes(e.action));

describe('SOS', () => {
  it('raises, lists, acknowledges and tells the holder, through the data provider', async () => {
    await setAlarms({ phone: '(11) 98765-4321' });
    const mission = (await m.started())._id;
    const providerFor = async (who: MissionAccount) => {
      const token = await login(m.t.app, MISSION_ACCOUNTS[who]);
      const httpClient = createHttpClient({
        fetch: async (input, init = {}) => {
          const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
          const response = await m.t.app.inject({
            method: (init.method ?? 'GET') as 'GET',
            url,
            headers: Object.fromEntries(new Headers(init.headers).entries()),
            ...(typeof init.body === 'string' ? { payload: init.body } : {}),
          });
          return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
        },
        getToken: () => token,
        sleep: () => Promise.resolve(),
      });
      return createDataProvider({ httpClient, endpoints: resourceEndpoints });
    };
    const team = await providerFor('prestador');
    const desk = await providerFor('operador');

    expect(await team.sosState(mission)).toMatchObject({ phone: '11987654321', alarm: null });
    const raised = await team.raiseSos(mission, { latitude: -23.6, longitude: -46.7 }, 'sos-key-1');
    expect(raised).toMatchObject({ kind: 'sos', mission, latitude: -23.6, longitude: -46.7, acknowledgedAt: null });
    expect(raised.raisedByName).not.toBe('');

    const open = await desk.openAlarms();
    expect(open.map((a) => a._id)).toEqual([raised._id]);
    const acknowledged = await desk.acknowledgeAlarm(raised._id);
    expect(acknowledged.acknowledgedAt).toBe(m.t.clock.now.toISOString());
    expect(acknowledged.acknowledgedByName).not.toBeNull();
    expect(await desk.openAlarms()).toEqual([]);

    const state = await team.sosState(mission);
    expect(state.alarm).toMatchObject({ _id: raised._id, acknowledgedByName: acknowledged.acknowledgedByName, acknowledgedAt: acknowledged.acknowledgedAt });

    // The timeline: the raise with where the team was, the 'Ciente' with who pressed it; the chain intact.
    const events = alarmEvents(await m.events(mission));
    expect(events.map((e) => [e.action, e.actor.roleType])).toEqual([
      ['sos_raised', 'service_provider'],
      ['alarm_acknowledged', 'risk_manager'],
    ]);
    expect(events[0]?.position).toMatchObject({ latitude: -23.6, longitude: -46.7 });
    expect(events[1]?.actor.name).toBe(acknowledged.acknowledgedByName);
    expect((await m.as.gestor.get(`/api/reports/missionDetail/verify?missionRequestId=${mission}`)).json()).toMatchObject({ intact: true });
  });

  it("takes the team's last tracked position when the phone sends none", async () => {
    const mission = (await m.started())._id;
    const device = (await m.as.prestador.post('/api/positions/devices', { name: 'Celular' })).json<{ identifier: string }>();
    const timestamp = Math.floor(m.t.clock.now.getTime() / 1000) + 5;
    expect((await m.t.app.inject({ method: 'GET', url: `/api/positions/osmand?id=${device.identifier}&lat=-23.5&lon=-46.6&timestamp=${timestamp}` })).statusCode).toBe(200);
    const response = await raise('prestador', mission);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Alarm>()).toMatchObject({ latitude: -23.5, longitude: -46.6 });
  });

  it('is for the holder of a started mission only: others get 403 or 404, see no alarm, and nothing is written', async () => {
    const mission = (await m.started())._id;
    for (const [who, status] of [['sul', 404], ['norte', 404], ['gestor', 403], ['operador', 403], ['admin', 403], ['ti', 403]] as const) {
      const response = await raise(who, mission);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(status);
      expect(response.json<{ error: string }>().error).toMatch(/[ãéíóúç]|Acesso|encontrad/);
      expect((await m.as[who].get(sosUrl(mission))).statusCode).toBe(status === 404 ? 404 : 403);
    }
    expect((await alarmRows()).rows).toHaveLength(0);

    const alarm = (await raise('prestador', mission)).json<Alarm>();
    // The lists: the tenant's risk manager users only; another tenant's list is its own (empty).
    expect((await m.as.gestor.get(`${BASE}/alarms`)).json<Alarm[]>().map((a) => a._id)).toEqual([alarm._id]);
    expect((await m.as.norte.get(`${BASE}/alarms`)).json<Alarm[]>()).toEqual([]);
    for (const who of ['prestador', 'sul', 'admin'] as const) expect((await m.as[who].get(`${BASE}/alarms`)).statusCode).toBe(403);
    expect((await m.as.ti.get(`${BASE}/alarms`)).statusCode).toBe(403);
    // 'Ciente': not by another tenant (404), not by a provider nor the admin (403).
    expect((await m.as.norte.post(ackUrl(alarm._id), {})).statusCode).toBe(404);
    for (const who of ['prestador', 'sul', 'admin'] as const) expect((await m.as[who].post(ackUrl(alarm._id), {})).statusCode).toBe(403);
    expect((await alarmRows()).rows.filter((r) => r.acknowledged_at !== null)).toHaveLength(0);
    // The losing provider's and the other tenant's timelines have nothing of it.
    const sul = await m.as.sul.get(`${BASE}/${mission}/events`);
    expect(alarmEvents(sul.json<MissionEvent[]>())).toEqual([]);
    expect(alarmEvents((await m.as.prestador.get(`${BASE}/${mission}/events`)).json<MissionEvent[]>()).map((e) => e.action)).toEqual(['sos_raised']);

    // A mission no longer started: 409 in Portuguese.
    expect((await m.as.gestor.post(ackUrl(alarm._id), {})).statusCode).toBe(200);
    expect((await m.as.prestador.put(`${BASE}/request/${mission}/status`, { missionRequest: mission, status: 'finished' })).statusCode).toBe(200);
    const late = await raise('prestador', mission);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: ALARM_MESSAGES.notStarted });
  });

  it('reaches the risk manager and the holder live; the losing provider and another tenant hear nothing', async () => {
    const mission = (await m.started())._id;
    const listen = async (who: MissionAccount) => {
      const stream = await openStream(base, `ticket=${await ticketFor(m.t.app, await login(m.t.app, MISSION_ACCOUNTS[who]))}`);
      streams.push(stream);
      return stream;
    };
    const listeners = { gestor: await listen('gestor'), prestador: await listen('prestador'), sul: await listen('sul'), norte: await listen('norte') };
    const alarm = (await raise('prestador', mission)).json<Alarm>();
    expect((await m.as.gestor.post(ackUrl(alarm._id), {})).statusCode).toBe(200);
    const heard = async (stream: SseStream, ms: number) => {
      const actions: string[] = [];
      const until = Date.now() + ms;
      for (;;) {
        const left = until - Date.now();
        if (left <= 0 || actions.length === 2) return actions;
        try {
          const frame = await stream.next(left);
          if (frame.event === 'mission' && frame.data?.mission === mission && frame.data.action) actions.push(frame.data.action);
        } catch {
          return actions;
        }
      }
    };
    expect(await heard(listeners.gestor, 3000)).toEqual(['sos_raised', 'alarm_acknowledged']);
    expect(await heard(listeners.prestador, 3000)).toEqual(['sos_raised', 'alarm_acknowledged']);
    expect(await heard(listeners.sul, 500)).toEqual([]);
    expect(await heard(listeners.norte, 500)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('a double press and a replay with the same Idempotency-Key make one alarm and one event', async () => {
    const mission = (await m.started())._id;
    const answers = await Promise.all([1, 2, 3, 4].map(() => raise('prestador', mission)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json<Alarm>()._id)).size).toBe(1);
    const first = answers[0]!.json<Alarm>();
    expect((await m.as.gestor.post(ackUrl(first._id), {})).statusCode).toBe(200);

    // The outbox's replay of a queued SOS: the first answer again, nothing new even after 'Ciente'.
    const queued = await raise('prestador', mission, {}, 'outbox-sos-1');
    const replay = await raise('prestador', mission, {}, 'outbox-sos-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json<Alarm>()._id).toBe(queued.json<Alarm>()._id);
    expect((await alarmRows()).rows).toHaveLength(2);
    expect(alarmEvents(await m.events(mission)).map((e) => e.action)).toEqual(['sos_raised', 'alarm_acknowledged', 'sos_raised']);
  });

  it("a second 'Ciente' says who answered first and changes nothing", async () => {
    const mission = (await m.started())._id;
    const alarm = (await raise('prestador', mission)).json<Alarm>();
    const [a, b] = await Promise.all([m.as.gestor.post(ackUrl(alarm._id), {}), m.as.operador.post(ackUrl(alarm._id), {})]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json<Alarm>();
    const loser = (a.statusCode === 409 ? a : b).json<{ error: string }>();
    expect(loser.error).toBe(ALARM_MESSAGES.alreadyAcknowledged(winner.acknowledgedByName ?? '', winner.acknowledgedAt ?? ''));
    expect(alarmEvents(await m.events(mission)).map((e) => e.action)).toEqual(['sos_raised', 'alarm_acknowledged']);
  });

  it('e-mails an SOS left without Ciente once, also with two sweepers, and never an acknowledged one', async () => {
    await setAlarms({ emails: 'Central@demo.com.br; plantao@demo.com.br', escalateMinutes: 5 });
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      send: async (message) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        sent.push(message);
      },
    };
    const [one, two] = [(await m.started())._id, (await m.started())._id];
    const alarm = (await raise('prestador', one)).json<Alarm>();
    const answered = (await raise('prestador', two)).json<Alarm>();
    expect((await m.as.gestor.post(ackUrl(answered._id), {})).statusCode).toBe(200);
    const db = m.t.database.db;
    const at = (minutes: number) => new Date(m.t.clock.now.getTime() + minutes * 60_000);

    expect(await escalateAlarms(db, mailer, 'https://pr.example', at(4))).toBe(0);
    const counts = await Promise.all([escalateAlarms(db, mailer, 'https://pr.example', at(6)), escalateAlarms(db, mailer, 'https://pr.example', at(6))]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await escalateAlarms(db, mailer, 'https://pr.example', at(60))).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('central@demo.com.br, plantao@demo.com.br');
    expect(sent[0]?.subject).toContain('SOS sem resposta');
    const { rows } = await alarmRows();
    expect(rows.find((r) => r.id === alarm._id)?.escalated_at).not.toBeNull();
    expect(rows.find((r) => r.id === answered._id)?.escalated_at).toBeNull();
  });
});

describe('check-in', () => {
  it("raises 'Equipe sem sinal' once per silence, also with two sweepers, and again only after the team is heard from", async () => {
    const db = m.t.database.db;
    const mission = (await m.started())._id;
    const at = (minutes: number) => new Date(m.t.clock.now.getTime() + minutes * 60_000);
    // Off by default.
    expect(await raiseSilenceAlarms(db, at(600))).toBe(0);
    await setAlarms({ silenceMinutes: 10 });
    expect(await raiseSilenceAlarms(db, at(9))).toBe(0);
    const counts = await Promise.all([raiseSilenceAlarms(db, at(11)), raiseSilenceAlarms(db, at(11))]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    const [open] = (await m.as.gestor.get(`${BASE}/alarms`)).json<Alarm[]>();
    expect(open).toMatchObject({ kind: 'silence', mission, silenceMinutes: 10, raisedByName: 'Monitor de check-in' });
    expect((await m.as.gestor.post(ackUrl(open!._id), {})).statusCode).toBe(200);
    // The same silence, acknowledged: nothing more however long it lasts.
    expect(await raiseSilenceAlarms(db, at(40))).toBe(0);

    // The team is heard from (a position), then falls silent again.
    m.t.clock.advance(45 * 60_000);
    const device = (await m.as.prestador.post('/api/positions/devices', { name: 'Celular' })).json<{ identifier: string }>();
    const timestamp = Math.floor(m.t.clock.now.getTime() / 1000);
    expect((await m.t.app.inject({ method: 'GET', url: `/api/positions/osmand?id=${device.identifier}&lat=-23.5&lon=-46.6&timestamp=${timestamp}` })).statusCode).toBe(200);
    expect(await raiseSilenceAlarms(db, at(5))).toBe(0);
    expect(await raiseSilenceAlarms(db, at(11))).toBe(1);
    const events = alarmEvents(await m.events(mission));
    expect(events.map((e) => e.action)).toEqual(['silence_raised', 'alarm_acknowledged', 'silence_raised']);
    expect(alarmEvents((await m.as.sul.get(`${BASE}/${mission}/events`)).json<MissionEvent[]>())).toEqual([]);
  });

  it("e-mails an 'Equipe sem sinal' left without Ciente once, as an SOS", async () => {
    const db = m.t.database.db;
    const mission = (await m.started())._id;
    const at = (minutes: number) => new Date(m.t.clock.now.getTime() + minutes * 60_000);
    await setAlarms({ silenceMinutes: 10, emails: 'plantao@demo.com.br', escalateMinutes: 5 });
    const sent: MailMessage[] = [];
    const mailer: Mailer = { send: async (message) => void sent.push(await Promise.resolve(message)) };
    expect(await raiseSilenceAlarms(db, at(11))).toBe(1);
    expect(await escalateAlarms(db, mailer, 'https://pr.example', at(15))).toBe(0);
    expect(await escalateAlarms(db, mailer, 'https://pr.example', at(17))).toBe(1);
    expect(await escalateAlarms(db, mailer, 'https://pr.example', at(60))).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'plantao@demo.com.br' });
    expect(sent[0]?.subject).toMatch(/^Equipe sem sinal sem resposta — Missão #/);
    expect(sent[0]?.text).toContain('está sem sinal há 10 min');
    const [open] = (await m.as.gestor.get(`${BASE}/alarms`)).json<Alarm[]>();
    expect(open).toMatchObject({ kind: 'silence', mission });
  });
});

describe('bad input', () => {
  const BAD_SOS: [string, unknown, string, string][] = [
    ['a text latitude', { latitude: '-23.5', longitude: -46.6 }, 'latitude', INVALID_TYPE],
    ['a latitude out of range', { latitude: 91, longitude: -46.6 }, 'latitude', maxValue(90)],
    ['an object longitude', { latitude: -23.5, longitude: { a: 1 } }, 'longitude', INVALID_TYPE],
    ['a list for a body', [1, 2], '', INVALID_TYPE],
    ['a latitude alone', { latitude: -23.5 }, '', 'Informe latitude e longitude juntas'],
  ];
  it.each(BAD_SOS)('an SOS with %s → 400 in Portuguese, nothing written', async (_, body, path, message) => {
    const mission = (await m.started())._id;
    const before = (await m.events(mission)).length;
    const response = await raise('prestador', mission, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
    if (path) expect(response.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(path);
    expect((await alarmRows()).rows).toHaveLength(0);
    expect(await m.events(mission)).toHaveLength(before);
  });

  it('an SOS nested too deep → 400, nothing written', async () => {
    const mission = (await m.started())._id;
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { a: deep };
    const response = await raise('prestador', mission, { latitude: deep, longitude: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: JSON_TOO_DEEP });
    expect((await alarmRows()).rows).toHaveLength(0);
  });

  const BAD_ALARMS: [string, Record<string, unknown>, string, string][] = [
    ['a control character in the e-mails', { emails: 'central@demo.com.br\u0000' }, 'alarms.emails', CONTROL_CHARACTERS_NOT_ALLOWED],
    ['an address that is no e-mail', { emails: 'central@demo.com.br, plantão' }, 'alarms.emails', ALARM_MESSAGES.invalidEmails],
    ['too many addresses', { emails: Array.from({ length: 11 }, (_, i) => `p${i}@demo.com.br`).join(',') }, 'alarms.emails', ALARM_MESSAGES.tooManyEmails],
    ['3,000 characters of e-mails', { emails: 'a'.repeat(3000) }, 'alarms.emails', ALARM_MESSAGES.emailsTooLong],
    ['a phone as a number', { phone: 11987654321 }, 'alarms.phone', INVALID_TYPE],
    ['escalation minutes as text', { escalateMinutes: '5' }, 'alarms.escalateMinutes', INVALID_TYPE],
    ['silence minutes of zero', { silenceMinutes: 0 }, 'alarms.silenceMinutes', 'Valor mínimo'],
  ];
  it.each(BAD_ALARMS)("'Parâmetros da missão' with %s → 400 in Portuguese, nothing changed", async (_, alarms, path, message) => {
    await setAlarms({ phone: '11987654321', emails: 'central@demo.com.br' });
    const before = (await m.as.gestor.get(CONFIG_URL)).json<{ required: unknown; alarms: unknown }>();
    const response = await m.as.gestor.put(CONFIG_URL, { required: before.required, alarms: { ...DEFAULT_ALARMS, ...alarms } });
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors.find((e) => e.path === path)?.message).toContain(message);
    expect((await m.as.gestor.get(CONFIG_URL)).json<{ alarms: unknown }>().alarms).toEqual(before.alarms);
  });

  it("keeps the typed e-mails as a clean list and the phone in digits; the holder's SOS state shows the phone", async () => {
    await setAlarms({ phone: '(11) 3333-4444', emails: ' Central@Demo.com.br ;\nplantao@demo.com.br ' });
    expect((await m.as.gestor.get(CONFIG_URL)).json<{ alarms: unknown }>().alarms).toEqual({
      phone: '1133334444',
      emails: 'central@demo.com.br, plantao@demo.com.br',
      escalateMinutes: 5,
      silenceMinutes: null,
    });
    const mission = (await m.started())._id;
    expect((await m.as.prestador.get(sosUrl(mission))).json<SosState>().phone).toBe('1133334444');
  });
});
