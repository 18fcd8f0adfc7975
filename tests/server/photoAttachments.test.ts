/**
 * Photos attached in the field (docs/rules/field-app.md, "Fotos do local" and "Nada se perde sem
 * sinal"): the upload's capture time and position, stored and answered with the attachment to those
 * who read the mission only; refused in Portuguese when wrong, with nothing stored; and the
 * attachment and the chat message with a file replayed under their Idempotency-Key store one file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../src/domain/apiErrors';
import { CONTROL_CHARACTERS_NOT_ALLOWED, INVALID_DATE, PHOTO_POSITION_INCOMPLETE, PHOTO_TIME_IN_FUTURE, maxValue, minValue } from '../../src/domain/messages';
import type { ChatMessage, MissionDetailsResponse } from '../../src/domain/missionDetails';
import { missionAttachments, missionMessages } from '../../server/db/schema';
import { BASE, MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';
import { multipart, PDF, PNG } from './missionFixtures';
import { login } from './helpers';

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

const tokens = new Map<MissionAccount, string>();
const tokenOf = async (who: MissionAccount) => {
  const known = tokens.get(who);
  if (known) return known;
  const token = await login(m.t.app, MISSION_ACCOUNTS[who]);
  tokens.set(who, token);
  return token;
};

const storedFiles = (folder: string) => {
  const dir = join(m.t.config.dataDir, 'storage', ...folder.split('/'));
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.tmp')) : [];
};

const upload = async (who: MissionAccount, url: string, fields: Record<string, string>, file: { bytes: Buffer; type: string; filename: string } | null, key?: string) => {
  const form = multipart(fields, file ? [{ name: 'file', ...file }] : []);
  return m.t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, 'x-access-token': await tokenOf(who), ...(key ? { 'idempotency-key': key } : {}) },
  });
};
const photo = { bytes: PNG, type: 'image/png', filename: 'foto.png' };
const addPhoto = (who: MissionAccount, mission: string, fields: Record<string, string>, key?: string) =>
  upload(who, `${BASE}/${mission}/attachments`, { description: 'Lacre do baú', ...fields }, photo, key);

const details = async (who: MissionAccount, mission: string) => m.as[who].get(`${BASE}/request/id/${mission}/details`);
const issues = (body: string) => (JSON.parse(body) as { errors: ValidationIssue[] }).errors;
const rowsOf = (mission: string) => m.t.database.db.select().from(missionAttachments).where(eq(missionAttachments.mission, mission));

describe('a photo\'s capture time and position', () => {
  it('are stored and answered with the attachment; a PDF without them has nulls', async () => {
    const mission = await m.started();
    const capturedAt = new Date(m.t.clock.now.getTime() - 3600_000).toISOString();
    const added = await addPhoto('prestador', mission._id, { capturedAt, latitude: '-23,5505', longitude: '-46.6333' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<MissionDetailsResponse>().attachments).toEqual([
      expect.objectContaining({ description: 'Lacre do baú', mime: 'image/png', capturedAt, latitude: -23.5505, longitude: -46.6333 }),
    ]);
    const pdf = await upload('prestador', `${BASE}/${mission._id}/attachments`, { description: 'Nota fiscal' }, { bytes: PDF, type: 'application/pdf', filename: 'nota.pdf' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json<MissionDetailsResponse>().attachments[1]).toMatchObject({ description: 'Nota fiscal', capturedAt: null, latitude: null, longitude: null });
  });

  it('are read by the tenant\'s users, the holder and platform admins; the losing provider, another tenant and the tech profile see nothing', async () => {
    const mission = await m.started();
    const capturedAt = new Date(m.t.clock.now.getTime() - 60_000).toISOString();
    expect((await addPhoto('prestador', mission._id, { capturedAt, latitude: '-23.5505', longitude: '-46.6333' })).statusCode).toBe(201);
    for (const who of ['gestor', 'operador', 'prestador', 'admin'] as const) {
      const read = await details(who, mission._id);
      expect(read.statusCode, who).toBe(200);
      expect(read.json<MissionDetailsResponse>().attachments.map((a) => [a.capturedAt, a.latitude, a.longitude]), who).toEqual([[capturedAt, -23.5505, -46.6333]]);
    }
    // Escolta Sul bid and lost this mission; Gerenciadora Norte is another tenant; ti has no missions area.
    for (const who of ['sul', 'norte', 'ti'] as const) {
      const read = await details(who, mission._id);
      expect([403, 404], `${who} ${read.body}`).toContain(read.statusCode);
      expect(read.body, who).not.toContain('-23.5505');
      expect(read.body, who).not.toContain(capturedAt);
    }
    // The losing provider cannot add a photo to it either.
    expect([403, 404]).toContain((await addPhoto('sul', mission._id, { capturedAt })).statusCode);
    expect(await rowsOf(mission._id)).toHaveLength(1);
  });

  it('wrong metadata is refused with 400 in Portuguese and nothing is stored', async () => {
    const mission = await m.started();
    const before = storedFiles('mission/attachments');
    const future = new Date(m.t.clock.now.getTime() + 24 * 3600_000).toISOString();
    const cases: [Record<string, string>, { path: string; message: string }][] = [
      [{ capturedAt: future }, { path: 'capturedAt', message: PHOTO_TIME_IN_FUTURE }],
      [{ capturedAt: '12/05/2026 14:32' }, { path: 'capturedAt', message: INVALID_DATE }],
      [{ capturedAt: '2026-05-12T14:32:00Z\u0007' }, { path: 'capturedAt', message: CONTROL_CHARACTERS_NOT_ALLOWED }],
      [{ capturedAt: 'x'.repeat(5000) }, { path: 'capturedAt', message: INVALID_DATE }],
      [{ latitude: '91', longitude: '-46.6' }, { path: 'latitude', message: maxValue(90) }],
      [{ latitude: '-23.5', longitude: '-181' }, { path: 'longitude', message: minValue(-180) }],
      [{ latitude: '-23.5' }, { path: 'longitude', message: PHOTO_POSITION_INCOMPLETE }],
      [{ longitude: '-46.6' }, { path: 'latitude', message: PHOTO_POSITION_INCOMPLETE }],
    ];
    for (const [fields, issue] of cases) {
      const refused = await addPhoto('prestador', mission._id, fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
      expect(issues(refused.body), JSON.stringify(fields)).toContainEqual(expect.objectContaining(issue));
    }
    const word = await addPhoto('prestador', mission._id, { latitude: 'abc', longitude: '-46.6' });
    expect(word.statusCode).toBe(400);
    expect(issues(word.body).map((i) => i.path)).toContain('latitude');
    expect(await rowsOf(mission._id)).toEqual([]);
    expect(storedFiles('mission/attachments')).toEqual(before);
  });
});

describe('uploads under an Idempotency-Key', () => {
  it('an attachment sent twice with the same key is stored once, with one file, and the replay answers the first answer', async () => {
    const mission = await m.started();
    const before = storedFiles('mission/attachments');
    const capturedAt = new Date(m.t.clock.now.getTime() - 60_000).toISOString();
    const first = await addPhoto('prestador', mission._id, { capturedAt }, 'foto-1');
    const replay = await addPhoto('prestador', mission._id, { capturedAt }, 'foto-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await rowsOf(mission._id)).toHaveLength(1);
    expect(storedFiles('mission/attachments')).toHaveLength(before.length + 1);
    // Another key is another photo.
    expect((await addPhoto('prestador', mission._id, { capturedAt }, 'foto-2')).statusCode).toBe(201);
    expect(await rowsOf(mission._id)).toHaveLength(2);
    expect(storedFiles('mission/attachments')).toHaveLength(before.length + 2);
  });

  it('a refused upload keeps its refusal under the key: the replay is refused alike and stores nothing', async () => {
    const mission = await m.started();
    const before = storedFiles('mission/attachments');
    const future = new Date(m.t.clock.now.getTime() + 24 * 3600_000).toISOString();
    const first = await addPhoto('prestador', mission._id, { capturedAt: future }, 'foto-futura');
    const replay = await addPhoto('prestador', mission._id, { capturedAt: future }, 'foto-futura');
    expect([first.statusCode, replay.statusCode]).toEqual([400, 400]);
    expect(replay.json()).toEqual(first.json());
    expect(await rowsOf(mission._id)).toEqual([]);
    expect(storedFiles('mission/attachments')).toEqual(before);
  });

  it('a chat message with a file sent twice with the same key is stored once, with one file', async () => {
    const mission = await m.started();
    const before = storedFiles('mission/chat');
    const send = () =>
      upload('prestador', `${BASE}/chat`, { missionRequest: mission._id, type: 'mission_chat', message: 'Lacre rompido' }, photo, 'chat-1');
    const first = await send();
    const replay = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json<ChatMessage>()._id).toBe(first.json<ChatMessage>()._id);
    expect(await m.t.database.db.select().from(missionMessages).where(eq(missionMessages.mission, mission._id))).toHaveLength(1);
    expect(storedFiles('mission/chat')).toHaveLength(before.length + 1);
  });
});
