import { existsSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { CHAT_EMPTY, INVALID_CPF, INVALID_PLATE, maxValue, VEHICLE_PLATE_REQUIRED } from '../../src/domain/messages';
import {
  FILE_TOO_LARGE,
  INVALID_CRUD_OPTION,
  MISSION_FILE_MAX_BYTES,
  MISSION_NOT_EDITABLE,
  type ChatMessage,
  type MissionDetailsResponse,
} from '../../src/domain/missionDetails';
import { kmOrderGte, kmOrderLte, timeInFuture, timeOrderGte, timeOrderLte } from '../../src/domain/schemas/missionDetails';
import { DEMO_IDS } from '../../server/demo/seed';
import { chatReads, missionMessages, missions } from '../../server/db/schema';
import type { MissionRow, MonitoringPage } from '../../src/domain/missions';
import { storeThenWrite } from '../../server/files/fileStore';
import { MALFORMED_FORM } from '../../server/missions/uploads';
import { createStorage } from '../../server/files/store';
import { ACCOUNTS, clientFor, useCatalogueApp, type Account, type Client } from './catalogueClient';
import { login, type TestApp } from './helpers';
import { EVIL_SVG, HTML, insertMission, multipart, PDF, PNG } from './missionFixtures';

/** Mission details (vehicles, occurrences, agents, attachments), the chat and the private storage kinds. */

type Who = Account | 'sul';
let t: TestApp;
let as: Record<Who, Client>;
const tokens: Partial<Record<Who, string>> = {};
useCatalogueApp((app, clients) => {
  t = app;
  as = { ...clients, sul: clients.prestador };
});
beforeAll(async () => {
  for (const [who, email] of Object.entries({ ...ACCOUNTS, sul: 'prestador2@demo.com.br' })) tokens[who as Who] = await login(t.app, email);
  as.sul = clientFor(t.app, tokens.sul ?? '');
});

const vehicle = { driver: 'João', driverPIN: '529.982.247-25', type: 'car', plate: 'abc1d23', year: 2020 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, minutes)).toISOString();
const reading = (km: number, minutes: number) => ({ km, time: at(minutes) });
const agent = {
  name: 'Carlos',
  odometer: { start: reading(100, 0), arrivalOnPlace: reading(110.5, 30), endOnPlace: reading(120, 90), end: reading(130, 150) },
};
const occurrence = { date: at(10), type: 'theft', description: 'Tentativa na BR-116', city: 'São Paulo', state: 'SP', latitude: '-23,55', longitude: -46.6 };

const details = async (client: Client, id: string) => (await client.get(`/api/missions/request/id/${id}/details`)).json<MissionDetailsResponse>();
const issues = (body: string) => (JSON.parse(body) as { errors: ValidationIssue[] }).errors;
const storedFiles = (folder: string) => {
  const dir = join(t.config.dataDir, 'storage', ...folder.split('/'));
  return existsSync(dir) ? readdirSync(dir) : [];
};
const inject = (who: Who, method: 'POST' | 'PUT', url: string, form: ReturnType<typeof multipart>) =>
  t.app.inject({ method, url, payload: form.payload, headers: { ...form.headers, 'x-access-token': tokens[who] ?? '' } });

describe('mission details: reading', () => {
  it('the mission\'s risk manager, its holder and platform admins read; another provider and another tenant get 404', async () => {
    const id = await insertMission(t.database.db, 'started');
    for (const who of ['gestor', 'operador', 'prestador', 'admin'] as const) {
      const response = await as[who].get(`/api/missions/request/id/${id}/details`);
      expect(response.statusCode, `${who} ${response.body}`).toBe(200);
      expect(response.json()).toEqual({
        mission: { _id: id, status: 'started', riskManager: DEMO_IDS.riskManager, serviceProvider: DEMO_IDS.provider, serviceProviderName: 'Pronta Resposta Demo', teamArrivedAt: null, teamLeftAt: null },
        vehiclesDisplay: [],
        ocurrenciesDisplay: [],
        securityAgentsDisplay: [],
        attachments: [],
      });
    }
    for (const who of ['norte', 'sul'] as const) {
      expect((await as[who].get(`/api/missions/request/id/${id}/details`)).statusCode, who).toBe(404);
      expect((await as[who].get(`/api/missions/${id}/chat`)).statusCode, who).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/missions/request/id/${id}/details` })).statusCode).toBe(401);
  });
});

describe('mission details: sub-collections', () => {
  it('vehicles: the risk manager adds (plate normalised), updates and deletes by createdAt', async () => {
    const id = await insertMission(t.database.db, 'started');
    const added = await as.gestor.post(`/api/missions/${id}/vehicles`, vehicle);
    expect(added.statusCode).toBe(201);
    const [first] = added.json<MissionDetailsResponse>().vehiclesDisplay;
    expect(first).toMatchObject({ plate: 'ABC1D23', driverPIN: '52998224725', type: 'car', year: 2020, missionRequestId: id });
    const second = (await as.gestor.post(`/api/missions/${id}/vehicles`, { ...vehicle, plate: 'xyz 9876' })).json<MissionDetailsResponse>();
    expect(second.vehiclesDisplay.map((v) => v.plate)).toEqual(['ABC1D23', 'XYZ-9876']);
    const updated = await as.gestor.put(`/api/missions/${id}/vehicles`, { ...vehicle, driver: 'Maria', createdAt: first?.createdAt });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<MissionDetailsResponse>().vehiclesDisplay.map((v) => v.driver)).toEqual(['Maria', 'João']);
    const removed = await as.gestor.del(`/api/missions/${id}/vehicles?createdAt=${encodeURIComponent(first?.createdAt ?? '')}`);
    expect(removed.json<MissionDetailsResponse>().vehiclesDisplay.map((v) => v.plate)).toEqual(['XYZ-9876']);
    expect((await as.gestor.del(`/api/missions/${id}/vehicles?createdAt=${encodeURIComponent(first?.createdAt ?? '')}`)).statusCode).toBe(404);
  });

  it('occurrences ("ocurrencies" and "occurrences") and agents with their totals, by the holding provider', async () => {
    const id = await insertMission(t.database.db, 'started');
    expect((await as.prestador.post(`/api/missions/${id}/ocurrencies`, occurrence)).statusCode).toBe(201);
    expect((await as.prestador.post(`/api/missions/${id}/occurrences`, { ...occurrence, type: 'other' })).statusCode).toBe(201);
    const added = await as.prestador.post(`/api/missions/${id}/securityagents`, agent);
    expect(added.statusCode).toBe(201);
    const body = added.json<MissionDetailsResponse>();
    expect(body.ocurrenciesDisplay.map((o) => [o.type, o.latitude])).toEqual([['theft', -23.55], ['other', -23.55]]);
    expect(body.securityAgentsDisplay[0]?.totals).toMatchObject({ kmText: '30', timeText: '02:30' });
    const seen = await details(as.gestor, id);
    expect(seen.securityAgentsDisplay).toHaveLength(1);
  });

  it('an occurrence needs only date, type, description, city and state: coordinates absent, null or blank are stored as none', async () => {
    const id = await insertMission(t.database.db, 'started');
    const { latitude: _latitude, longitude: _longitude, ...required } = occurrence;
    const bodies = [required, { ...required, latitude: null, longitude: null }, { ...required, latitude: '', longitude: ' ' }, { ...required, latitude: '-23,5' }];
    for (const body of bodies) {
      const response = await as.prestador.post(`/api/missions/${id}/ocurrencies`, body);
      expect(response.statusCode, `${JSON.stringify(body)} ${response.body}`).toBe(201);
    }
    const stored = (await details(as.gestor, id)).ocurrenciesDisplay;
    expect(stored.map((o) => [o.latitude, o.longitude])).toEqual([[null, null], [null, null], [null, null], [-23.5, null]]);
    // Editing one without coordinates keeps them empty; given ones are still bounded.
    const edited = await as.prestador.put(`/api/missions/${id}/ocurrencies`, { ...required, description: 'Revista', createdAt: stored[0]?.createdAt });
    expect(edited.statusCode).toBe(200);
    const refused: [unknown, string][] = [
      [180.5, 'Valor máximo: 180'],
      [['-46'], 'Tipo de valor inválido'],
      ['-46,6\u0000', 'Tipo de valor inválido'],
      ['abc', 'Tipo de valor inválido'],
      ['9'.repeat(5000), 'Valor inválido'],
    ];
    for (const [longitude, message] of refused) {
      const response = await as.prestador.post(`/api/missions/${id}/ocurrencies`, { ...required, longitude });
      expect(response.statusCode).toBe(400);
      expect(issues(response.body).map((i) => [i.path, i.message])).toEqual([['longitude', message]]);
    }
    const after = (await details(as.gestor, id)).ocurrenciesDisplay;
    expect(after.map((o) => [o.description, o.latitude, o.longitude])[0]).toEqual(['Revista', null, null]);
    expect(after).toHaveLength(4);
  });

  it('an unknown crudOption is 400 invalidCrudOption', async () => {
    const id = await insertMission(t.database.db, 'started');
    const response = await as.gestor.post(`/api/missions/${id}/trucks`, vehicle);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ code: 'invalidCrudOption', path: 'crudOption', message: INVALID_CRUD_OPTION }] });
  });

  it('writes: only while started and by the right party; outsiders 404', async () => {
    const started = await insertMission(t.database.db, 'started');
    const finished = await insertMission(t.database.db, 'finished');
    const cases: [Account | 'sul', string, string, number][] = [
      ['prestador', started, 'vehicles', 403],
      ['admin', started, 'vehicles', 403],
      ['gestor', finished, 'vehicles', 409],
      ['gestor', started, 'securityagents', 403],
      ['operador', started, 'ocurrencies', 403],
      ['prestador', finished, 'securityagents', 409],
      ['sul', started, 'securityagents', 404],
      ['norte', started, 'vehicles', 404],
    ];
    const body = { vehicles: vehicle, securityagents: agent, ocurrencies: occurrence } as Record<string, object>;
    for (const [who, id, option, status] of cases) {
      const response = await as[who].post(`/api/missions/${id}/${option}`, body[option]);
      expect(response.statusCode, `${who} ${option}`).toBe(status);
      if (status === 409) expect(response.json()).toEqual({ error: MISSION_NOT_EDITABLE });
    }
    expect(await details(as.admin, started)).toMatchObject({ vehiclesDisplay: [], securityAgentsDisplay: [], ocurrenciesDisplay: [] });
  });

  it('bad input is 400 in Portuguese and changes nothing', async () => {
    const id = await insertMission(t.database.db, 'started');
    const bad: [object, string, string][] = [
      [{ ...vehicle, plate: '' }, 'plate', VEHICLE_PLATE_REQUIRED],
      [{ ...vehicle, plate: 'AB12345' }, 'plate', INVALID_PLATE],
      [{ ...vehicle, driverPIN: '111.111.111-11' }, 'driverPIN', INVALID_CPF],
      [{ ...vehicle, driver: ['x'] }, 'driver', 'Tipo de valor inválido'],
      [{ ...vehicle, driver: 'a\u0000b' }, 'driver', 'Caracteres de controle não são permitidos'],
      [{ ...vehicle, driver: 'x'.repeat(121) }, 'driver', 'Máximo de 120 caracteres'],
      [{ ...vehicle, year: '2020' }, 'year', 'Tipo de valor inválido'],
    ];
    for (const [body, path, message] of bad) {
      const response = await as.gestor.post(`/api/missions/${id}/vehicles`, body);
      expect(response.statusCode, path).toBe(400);
      expect(issues(response.body).find((i) => i.path === path)?.message).toBe(message);
    }
    const lat = await as.prestador.post(`/api/missions/${id}/ocurrencies`, { ...occurrence, latitude: 91, longitude: '-181' });
    expect(issues(lat.body).map((i) => [i.path, i.message])).toEqual([
      ['latitude', 'Valor máximo: 90'],
      ['longitude', 'Valor mínimo: -180'],
    ]);
    expect(await details(as.gestor, id)).toMatchObject({ vehiclesDisplay: [], ocurrenciesDisplay: [], securityAgentsDisplay: [], attachments: [] });
  });

  it('agent odometers: start ≤ arrival ≤ end on place ≤ end, for km and for time, both sides named', async () => {
    const id = await insertMission(t.database.db, 'started');
    const o = agent.odometer;
    const table: [object, [string, string][]][] = [
      [{ ...o, arrivalOnPlace: reading(90, 30) }, [
        ['odometer.start.km', kmOrderLte('start', 'arrivalOnPlace')],
        ['odometer.arrivalOnPlace.km', kmOrderGte('start', 'arrivalOnPlace')],
      ]],
      [{ ...o, end: reading(115, 150) }, [
        ['odometer.endOnPlace.km', kmOrderLte('endOnPlace', 'end')],
        ['odometer.end.km', kmOrderGte('endOnPlace', 'end')],
      ]],
      [{ ...o, endOnPlace: reading(120, 20) }, [
        ['odometer.arrivalOnPlace.time', timeOrderLte('arrivalOnPlace', 'endOnPlace')],
        ['odometer.endOnPlace.time', timeOrderGte('arrivalOnPlace', 'endOnPlace')],
      ]],
    ];
    for (const [odometer, expected] of table) {
      const response = await as.prestador.post(`/api/missions/${id}/securityagents`, { name: 'X', odometer });
      expect(response.statusCode).toBe(400);
      expect(issues(response.body).map((i) => [i.path, i.message])).toEqual(expected);
    }
    expect(kmOrderLte('start', 'arrivalOnPlace')).toBe('Kilometragem do início da missão deve ser menor que kilometragem da chegada no local da missão');
    expect(timeOrderLte('start', 'arrivalOnPlace')).toBe('Horário de início da missão deve ser antes do horário da chegada no local da missão');
    // Equal readings are allowed (≤).
    const flat = { start: reading(5, 0), arrivalOnPlace: reading(5, 0), endOnPlace: reading(5, 0), end: reading(5, 0) };
    expect((await as.prestador.post(`/api/missions/${id}/securityagents`, { name: 'Y', odometer: flat })).statusCode).toBe(201);
    expect((await details(as.gestor, id)).securityAgentsDisplay.map((a) => a.name)).toEqual(['Y']);
  });
});

describe("mission details: rules about now, by the server's clock", () => {
  const fromNow = (minutes: number) => new Date(t.clock.now.getTime() + minutes * 60_000).toISOString();
  const agentEnding = (minutes: number) => ({
    name: 'Carlos',
    odometer: { start: { km: 100, time: fromNow(-240) }, arrivalOnPlace: { km: 110, time: fromNow(-200) }, endOnPlace: { km: 120, time: fromNow(-30) }, end: { km: 130, time: fromNow(minutes) } },
  });

  it('an odometer time more than 5 minutes ahead of the server is 400 in Portuguese, added or changed, and nothing is saved', async () => {
    const id = await insertMission(t.database.db, 'started');
    const ahead = await as.prestador.post(`/api/missions/${id}/securityagents`, agentEnding(258));
    expect(ahead.statusCode).toBe(400);
    expect(issues(ahead.body)).toEqual([{ code: 'too_big', path: 'odometer.end.time', message: timeInFuture('end') }]);
    expect((await details(as.gestor, id)).securityAgentsDisplay).toEqual([]);

    expect((await as.prestador.post(`/api/missions/${id}/securityagents`, agentEnding(5))).statusCode).toBe(201);
    const [stored] = (await details(as.gestor, id)).securityAgentsDisplay;
    const changed = await as.prestador.put(`/api/missions/${id}/securityagents`, { ...agentEnding(60), createdAt: stored?.createdAt });
    expect(issues(changed.body)).toEqual([expect.objectContaining({ path: 'odometer.end.time', message: timeInFuture('end') })]);
    expect((await details(as.gestor, id)).securityAgentsDisplay).toEqual([stored]);
  });

  it("the server's clock decides: a time refused now is taken once that clock has reached it", async () => {
    const id = await insertMission(t.database.db, 'started');
    const body = agentEnding(60);
    expect((await as.prestador.post(`/api/missions/${id}/securityagents`, body)).statusCode).toBe(400);
    t.clock.advance(56 * 60_000);
    expect((await as.prestador.post(`/api/missions/${id}/securityagents`, body)).statusCode).toBe(201);
  });

  it('a vehicle year after next year (2099) is 400 with the largest allowed; next year is saved', async () => {
    const id = await insertMission(t.database.db, 'started');
    const nextYear = t.clock.now.getFullYear() + 1;
    const late = await as.gestor.post(`/api/missions/${id}/vehicles`, { ...vehicle, year: 2099 });
    expect(late.statusCode).toBe(400);
    expect(issues(late.body)).toEqual([{ code: 'too_big', path: 'year', message: maxValue(nextYear) }]);
    expect((await details(as.gestor, id)).vehiclesDisplay).toEqual([]);
    expect((await as.gestor.post(`/api/missions/${id}/vehicles`, { ...vehicle, year: nextYear })).statusCode).toBe(201);
  });
});

describe('attachments and the private storage', () => {
  const addAttachment = (client: Who, id: string, bytes: Buffer, description = 'Nota fiscal', filename = 'nota.pdf', type = 'application/pdf') =>
    inject(client, 'POST', `/api/missions/${id}/attachments`, multipart({ description }, [{ name: 'file', filename, type, bytes }]));

  it('the holder adds, edits the description of and deletes an attachment; its file is served only to the mission', async () => {
    const id = await insertMission(t.database.db, 'started');
    const added = await addAttachment('prestador', id, PNG, 'Foto do baú', 'foto.png', 'image/png');
    expect(added.statusCode).toBe(201);
    const [attachment] = added.json<MissionDetailsResponse>().attachments;
    expect(attachment).toMatchObject({ description: 'Foto do baú', mime: 'image/png' });
    expect(attachment?.file).toMatch(/^[0-9a-f]{24}\.png$/);
    const url = `/api/storage/mission/attachments/${attachment?.file}`;
    const served = await as.gestor.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    expect(String(served.headers['content-disposition'])).toContain(attachment?.file);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    for (const who of ['norte', 'sul'] as const) expect((await as[who].get(url)).statusCode, who).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const edited = await as.prestador.put(`/api/missions/${id}/attachments`, { createdAt: attachment?.createdAt, description: 'Baú aberto' });
    expect(edited.json<MissionDetailsResponse>().attachments.map((a) => [a.description, a.file])).toEqual([['Baú aberto', attachment?.file]]);
    const removed = await as.prestador.del(`/api/missions/${id}/attachments?createdAt=${encodeURIComponent(attachment?.createdAt ?? '')}`);
    expect(removed.json<MissionDetailsResponse>().attachments).toEqual([]);
    expect(storedFiles('mission/attachments')).not.toContain(attachment?.file);
    expect((await as.gestor.get(url)).statusCode).toBe(404);
  });

  it('refuses a renamed HTML page, an SVG with script, a missing file and an oversize one (413), leaving nothing behind', async () => {
    const id = await insertMission(t.database.db, 'started');
    const before = storedFiles('mission/attachments');
    expect((await addAttachment('prestador', id, HTML, 'x', 'foto.png', 'image/png')).statusCode).toBe(400);
    expect((await addAttachment('prestador', id, EVIL_SVG, 'x', 'logo.svg', 'image/svg+xml')).statusCode).toBe(400);
    const none = await inject('prestador', 'POST', `/api/missions/${id}/attachments`, multipart({ description: 'x' }));
    expect(issues(none.body)).toEqual([{ code: 'too_small', path: 'file', message: 'Anexe um arquivo' }]);
    const big = Buffer.concat([PDF, Buffer.alloc(MISSION_FILE_MAX_BYTES, 0x20)]);
    const over = await addAttachment('prestador', id, big);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: FILE_TOO_LARGE });
    expect(storedFiles('mission/attachments')).toEqual(before);
    expect((await details(as.gestor, id)).attachments).toEqual([]);
  });

  it('a failed row write removes the file it stored (storeThenWrite)', async () => {
    const storage = createStorage(t.config);
    const before = storedFiles('mission/attachments');
    let stored = '';
    const staged = await storage.stage('mission/attachments', [PDF], { types: ['pdf'], maxBytes: PDF.length });
    if (typeof staged === 'string') throw new Error(staged);
    await expect(
      storeThenWrite(storage, 'mission/attachments', staged, (saved) => {
        stored = saved.name;
        expect(storedFiles('mission/attachments')).toContain(saved.name);
        return Promise.reject(new Error('transação falhou'));
      }),
    ).rejects.toThrow('transação falhou');
    expect(stored).toMatch(/\.pdf$/);
    expect(storedFiles('mission/attachments')).toEqual(before);
  });
});

describe('multipart uploads', () => {
  it('a form the parser cannot read (no boundary, garbled, truncated) is 400 in Portuguese on every upload route and stores nothing', async () => {
    const id = await insertMission(t.database.db, 'started');
    const routes: [string, Record<string, string>][] = [
      [`/api/missions/${id}/attachments`, { description: 'Nota fiscal' }],
      ['/api/missions/chat', { missionRequest: id, type: 'mission_chat', message: 'Segue a nota' }],
    ];
    const before = { attachments: storedFiles('mission/attachments'), chat: storedFiles('mission/chat') };
    for (const [url, fields] of routes) {
      const form = multipart(fields, [{ name: 'file', filename: 'nota.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(4096, 0x20)]) }]);
      const boundary = String(form.headers['content-type']).split('boundary=')[1] ?? '';
      const bodies: [string, string | Buffer][] = [
        ['multipart/form-data', form.payload],
        ['multipart/form-data', 'abc'],
        [`multipart/form-data; boundary=${boundary}`, form.payload.subarray(0, form.payload.length - 2048)],
      ];
      for (const [type, payload] of bodies) {
        const response = await t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, 'x-access-token': tokens.prestador ?? '' } });
        expect(response.statusCode, `${url} ${type}`).toBe(400);
        expect(response.json(), `${url} ${type}`).toEqual({ error: MALFORMED_FORM });
      }
      const mixed = await t.app.inject({ method: 'POST', url, payload: form.payload, headers: { 'content-type': `multipart/mixed; boundary=${boundary}`, 'x-access-token': tokens.prestador ?? '' } });
      expect(mixed.statusCode).toBe(415);
      expect(mixed.json()).toEqual({ error: 'Tipo de conteúdo não suportado' });
    }
    expect(storedFiles('mission/attachments')).toEqual(before.attachments);
    expect(storedFiles('mission/chat')).toEqual(before.chat);
    expect((await details(as.gestor, id)).attachments).toEqual([]);
    expect((await as.gestor.get(`/api/missions/${id}/chat`)).json()).toEqual([]);
  });
});

describe('mission chat', () => {
  const send = (client: Who, fields: Record<string, string>, file?: Buffer, type = 'application/pdf', filename = 'x') =>
    inject(client, 'POST', '/api/missions/chat', multipart(fields, file ? [{ name: 'file', filename, type, bytes: file }] : []));

  it("keeps line breaks as '\\n' and the sender's file name (its last path part, without control characters) beside the type found", async () => {
    const id = await insertMission(t.database.db, 'started');
    const lines = await send('gestor', { missionRequest: id, type: 'mission_chat', message: 'Linha 1\r\nLinha 2\rLinha 3' });
    expect(lines.json<ChatMessage>().message).toBe('Linha 1\nLinha 2\nLinha 3');
    const named = await send('gestor', { missionRequest: id, type: 'mission_chat', message: '' }, PDF, 'application/pdf', 'C:\\fakepath\\nota\tfiscal.pdf');
    expect(named.json<ChatMessage>().attachment).toMatchObject({ mime: 'application/pdf', name: 'notafiscal.pdf' });
    const list = (await as.prestador.get(`/api/missions/${id}/chat`)).json<ChatMessage[]>();
    expect(list.map((m) => [m.message, m.attachment?.name ?? null])).toEqual([
      ['Linha 1\nLinha 2\nLinha 3', null],
      ['', 'notafiscal.pdf'],
    ]);
  });

  it('unread counts per user on the mission rows: others\' messages since the user last read the chat, capped at 100', async () => {
    const id = await insertMission(t.database.db, 'started');
    const unread = async (who: Who) => {
      const response = await as[who].get(`/api/missions/request/id/${id}`);
      expect(response.statusCode, who).toBe(200);
      return response.json<MissionRow>().unreadMessages;
    };
    for (const text of ['um', 'dois', 'três']) expect((await send('gestor', { missionRequest: id, type: 'mission_chat', message: text })).statusCode).toBe(201);
    expect(await unread('gestor')).toBe(0);
    expect(await unread('prestador')).toBe(3);
    expect(await unread('admin')).toBe(3);
    const page = (await as.prestador.get('/api/missions/request/monitoring?status=started&page=1')).json<MonitoringPage>();
    expect(page.data.find((row) => row._id === id)?.unreadMessages).toBe(3);

    expect((await as.prestador.get(`/api/missions/${id}/chat`)).statusCode).toBe(200);
    expect(await unread('prestador')).toBe(0);
    await send('gestor', { missionRequest: id, type: 'mission_chat', message: 'quatro' });
    expect(await unread('prestador')).toBe(1);
    expect(await unread('admin')).toBe(4);
    // A read of another tenant's chat is refused and marks nothing.
    expect((await as.norte.get(`/api/missions/${id}/chat`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(chatReads).where(eq(chatReads.mission, id))).toHaveLength(1);

    const base = Date.now();
    await t.database.db.insert(missionMessages).values(
      Array.from({ length: 150 }, (_, i) => ({ mission: id, senderName: 'Gestor', senderRole: 'risk_manager' as const, chatType: 'mission_chat' as const, message: `m${i}`, createdAt: new Date(base + 1000 + i) })),
    );
    expect(await unread('prestador')).toBe(100);
  });

  it('both parties write while started; text trimmed; text or file required; the list is oldest first', async () => {
    const id = await insertMission(t.database.db, 'started');
    const first = await send('gestor', { missionRequest: id, type: 'mission_chat', message: '  Bom dia  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json<ChatMessage>()).toMatchObject({ message: 'Bom dia', sender: 'risk_manager', type: 'text', attachment: null });
    const withFile = await send('prestador', { missionRequest: id, type: 'mission_chat', message: '' }, PNG, 'image/png');
    expect(withFile.json<ChatMessage>()).toMatchObject({ sender: 'service_provider', type: 'attachment', message: '', attachment: { mime: 'image/png' } });
    const empty = await send('gestor', { missionRequest: id, type: 'mission_chat', message: '   ' });
    expect(issues(empty.body)).toEqual([{ code: 'too_small', path: 'message', message: CHAT_EMPTY }]);
    const badType = await send('gestor', { missionRequest: id, type: 'other', message: 'x' });
    expect(badType.statusCode).toBe(400);
    const control = await send('gestor', { missionRequest: id, type: 'mission_chat', message: 'a\u0007b' });
    expect(issues(control.body)[0]?.message).toBe('Caracteres de controle não são permitidos');
    const long = await send('gestor', { missionRequest: id, type: 'mission_chat', message: 'x'.repeat(5001) });
    expect(issues(long.body)[0]?.message).toBe('Máximo de 5000 caracteres');
    const huge = await send('gestor', { missionRequest: id, type: 'mission_chat', message: 'x'.repeat(30_000) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ error: 'Máximo de 5000 caracteres' });
    const list = (await as.prestador.get(`/api/missions/${id}/chat`)).json<ChatMessage[]>();
    expect(list.map((m) => m.message)).toEqual(['Bom dia', '']);
    const file = withFile.json<ChatMessage>().attachment?.file ?? '';
    expect((await as.gestor.get(`/api/storage/mission/chat/${file}`)).statusCode).toBe(200);
    expect((await as.norte.get(`/api/storage/mission/chat/${file}`)).statusCode).toBe(404);
    expect((await as.gestor.get(`/api/storage/mission/attachments/${file}`)).statusCode).toBe(404);
  });

  it('read-only unless started; admins read but do not write; outsiders 404; refused files leave nothing', async () => {
    const finished = await insertMission(t.database.db, 'finished');
    const started = await insertMission(t.database.db, 'started');
    const closed = await send('gestor', { missionRequest: finished, type: 'mission_chat', message: 'oi' });
    expect(closed.statusCode).toBe(409);
    expect((await send('admin', { missionRequest: started, type: 'mission_chat', message: 'oi' })).statusCode).toBe(403);
    expect((await send('sul', { missionRequest: started, type: 'mission_chat', message: 'oi' })).statusCode).toBe(404);
    expect((await as.admin.get(`/api/missions/${finished}/chat`)).statusCode).toBe(200);
    const before = storedFiles('mission/chat');
    expect((await send('gestor', { missionRequest: started, type: 'mission_chat', message: '' }, HTML, 'image/png')).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(MISSION_FILE_MAX_BYTES)]);
    expect((await send('gestor', { missionRequest: started, type: 'mission_chat', message: '' }, big, 'image/png')).statusCode).toBe(413);
    const two = multipart({ missionRequest: started, type: 'mission_chat', message: '' }, [
      { name: 'file', filename: 'a', type: 'application/pdf', bytes: PDF },
      { name: 'file', filename: 'b', type: 'application/pdf', bytes: PDF },
    ]);
    expect((await inject('gestor', 'POST', '/api/missions/chat', two)).statusCode).toBe(400);
    expect(storedFiles('mission/chat')).toEqual(before);
    expect((await as.gestor.get(`/api/missions/${started}/chat`)).json()).toEqual([]);
  });

  it('checks the fields and the sender before reading the file: a refused upload is answered without it', async () => {
    const started = await insertMission(t.database.db, 'started');
    const finished = await insertMission(t.database.db, 'finished');
    // The file part starts and never ends: only an answer given before reading it can arrive.
    const endless = (fields: Record<string, string>) => {
      const form = multipart(fields, [{ name: 'file', filename: 'x', type: 'application/pdf', bytes: PDF }]);
      const opened = form.payload.subarray(0, form.payload.indexOf(PDF) + 4);
      const payload = new Readable({ read() {} });
      payload.push(opened);
      return { payload, headers: form.headers };
    };
    const refused = async (who: Who, fields: Record<string, string>) => {
      const form = endless(fields);
      return (await t.app.inject({ method: 'POST', url: '/api/missions/chat', payload: form.payload, headers: { ...form.headers, 'x-access-token': tokens[who] ?? '' } })).statusCode;
    };
    expect(await refused('sul', { missionRequest: started, type: 'mission_chat', message: '' })).toBe(404);
    expect(await refused('admin', { missionRequest: started, type: 'mission_chat', message: '' })).toBe(403);
    expect(await refused('gestor', { missionRequest: finished, type: 'mission_chat', message: '' })).toBe(409);
    expect(await refused('gestor', { missionRequest: started, type: 'outro', message: '' })).toBe(400);
    expect(await refused('gestor', { type: 'mission_chat', message: '' })).toBe(400);
    // An empty file is no file: without text the message is empty.
    const emptyFile = await send('gestor', { missionRequest: started, type: 'mission_chat', message: '' }, Buffer.alloc(0));
    expect(emptyFile.statusCode).toBe(400);
    expect(issues(emptyFile.body).map((i) => i.message)).toContain(CHAT_EMPTY);
    expect((await as.gestor.get(`/api/missions/${started}/chat`)).json()).toEqual([]);
  });

  it('a mission canceled while the file uploads refuses the message in Portuguese (409) and keeps neither it nor the file', async () => {
    const id = await insertMission(t.database.db, 'started');
    const before = storedFiles('mission/chat');
    const form = multipart({ missionRequest: id, type: 'mission_chat', message: 'a caminho' }, [{ name: 'file', filename: 'nota.pdf', type: 'application/pdf', bytes: PDF }]);
    const cut = form.payload.indexOf(PDF) + PDF.length - 4;
    const payload = new Readable({ read() {} });
    payload.push(form.payload.subarray(0, cut));
    const answer = t.app.inject({ method: 'POST', url: '/api/missions/chat', payload, headers: { ...form.headers, 'x-access-token': tokens.gestor ?? '' } });
    // The sender was checked and the file is being stored (its temporary file exists) when the mission is canceled.
    await vi.waitUntil(() => storedFiles('mission/chat').some((name) => name.endsWith('.tmp')), { timeout: 10_000 });
    await t.database.db.update(missions).set({ status: 'canceled' }).where(eq(missions.id, id));
    payload.push(form.payload.subarray(cut));
    payload.push(null);
    const response = await answer;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ error: MISSION_NOT_EDITABLE });
    expect(await t.database.db.select().from(missionMessages).where(eq(missionMessages.mission, id))).toEqual([]);
    expect(storedFiles('mission/chat')).toEqual(before);
  });

  it('a message is deleted by its sender only, with its file', async () => {
    const id = await insertMission(t.database.db, 'started');
    const sent = (await send('gestor', { missionRequest: id, type: 'mission_chat', message: 'apagar' }, PDF)).json<ChatMessage>();
    expect((await as.operador.del(`/api/missions/chat/${sent._id}`)).statusCode).toBe(403);
    expect((await as.prestador.del(`/api/missions/chat/${sent._id}`)).statusCode).toBe(403);
    expect((await as.norte.del(`/api/missions/chat/${sent._id}`)).statusCode).toBe(404);
    expect((await as.gestor.del(`/api/missions/chat/${sent._id}`)).statusCode).toBe(200);
    expect((await as.gestor.get(`/api/missions/${id}/chat`)).json()).toEqual([]);
    expect(storedFiles('mission/chat')).not.toContain(sent.attachment?.file);
  });
});
