/**
 * Mission files (attachments, chat files) under /api/storage follow the rule of the mission they
 * belong to, the same as its details and chat: its risk manager's users, its holder and platform
 * admins read them; the tech profile, which has no missions area, gets the missions routes' 403;
 * a competing provider that lost the mission and another tenant get the 404 of a missing file.
 * The same on the local disk and on S3-compatible storage (an s3rver started here): downloads pass
 * through the same check whichever driver holds the bytes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, MissionDetailsResponse } from '../../src/domain/missionDetails';
import { HTTP_MESSAGES } from '../../server/errors/httpErrors';
import type { Config } from '../../server/config';
import { login } from './helpers';
import { multipart, PDF, PNG } from './missionFixtures';
import { MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';
import { startS3, type TestS3 } from './s3Server';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

/** Each driver's settings, and the names it holds in a folder (to see the bytes went where it says). */
const DRIVERS: [string, () => Partial<Config>, (folder: string) => Promise<string[]>][] = [
  ['disco local', () => ({}), (folder) => Promise.resolve(readdirSync(join(m.t.config.dataDir, 'storage', folder)))],
  ['S3', () => ({ s3: s3.config }), (folder) => s3.namesIn(folder)],
];

let m: MissionsTest;
describe.each(DRIVERS)('mission files in storage on %s', (_driver, config, storedIn) => {
  useMissionsApp((ready) => {
    m = ready;
  }, config);

  async function upload(who: MissionAccount, url: string, form: ReturnType<typeof multipart>) {
    const token = await login(m.t.app, MISSION_ACCOUNTS[who]);
    const response = await m.t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, 'x-access-token': token } });
    if (response.statusCode !== 201) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
    return response;
  }

  /** Who reads a file of a started mission held by Pronta Resposta Demo that Escolta Sul lost. */
  const ACCESS: [MissionAccount, number][] = [
    ['gestor', 200],
    ['operador', 200],
    ['prestador', 200],
    ['admin', 200],
    ['ti', 403],
    ['sul', 404],
    ['norte', 404],
  ];

  describe('who reads them', () => {
    it.each(ACCESS)('%s reads an attachment and a chat file of the mission → %i', async (who, status) => {
      const mission = await m.started();
      const added = await upload('prestador', `/api/missions/${mission._id}/attachments`, multipart({ description: 'Nota fiscal' }, [{ name: 'file', filename: 'nota.pdf', type: 'application/pdf', bytes: PDF }]));
      const attachment = added.json<MissionDetailsResponse>().attachments[0]?.file ?? '';
      const sent = await upload('gestor', '/api/missions/chat', multipart({ missionRequest: mission._id, type: 'mission_chat', message: '' }, [{ name: 'file', filename: 'foto.png', type: 'image/png', bytes: PNG }]));
      const chatFile = sent.json<ChatMessage>().attachment?.file ?? '';
      expect(await storedIn('mission/attachments')).toContain(attachment);
      expect(await storedIn('mission/chat')).toContain(chatFile);
      for (const url of [`/api/storage/mission/attachments/${attachment}`, `/api/storage/mission/chat/${chatFile}`]) {
        const response = await m.as[who].get(url);
        expect(response.statusCode, `${who} ${url}`).toBe(status);
        if (status === 200) expect(response.rawPayload.equals(url.includes('/chat/') ? PNG : PDF)).toBe(true);
        if (status === 403) expect(response.json()).toEqual({ error: HTTP_MESSAGES.forbidden });
        if (status === 404) expect(response.json()).toEqual({ error: 'Arquivo não encontrado.' });
      }
      expect((await m.t.app.inject({ method: 'GET', url: `/api/storage/mission/chat/${chatFile}` })).statusCode).toBe(401);
    });

    it('the tech profile is refused by its role, whether the file exists or not; everyone else may not tell a foreign file from a missing one', async () => {
      const missing = '0123456789abcdef01234567.pdf';
      expect((await m.as.ti.get(`/api/storage/mission/attachments/${missing}`)).statusCode).toBe(403);
      expect((await m.as.gestor.get(`/api/storage/mission/attachments/${missing}`)).statusCode).toBe(404);
      expect((await m.as.sul.get(`/api/storage/mission/chat/${missing}`)).statusCode).toBe(404);
    });

    it('a malformed or over-long file name is 400 or 404 in Portuguese, never a file', async () => {
      for (const name of ['..%2F..%2Fjwt-secret', 'a'.repeat(65), '%00.pdf']) {
        const response = await m.as.gestor.get(`/api/storage/mission/attachments/${name}`);
        expect([400, 404], name).toContain(response.statusCode);
        expect(JSON.stringify(response.json())).toMatch(/[a-zà-ú]{3,}/i);
      }
    });
  });
});
