import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissionDetailsResponse } from '../../src/domain/missionDetails';
import type { Theme } from '../../src/domain/theme';
import { MISSION_IDS } from '../../server/demo/seedMissions';
import { PDF, PNG } from './missionFixtures';
import { postgresAvailable, signIn, startInstances, type Instance } from './instances';
import { startS3, type TestS3 } from './s3Server';

/**
 * Files on S3-compatible storage with two instances on one PostgreSQL
 * (docs/operations/several-instances.md "Beyond one
 * machine"): what one instance stored, the other serves, through the same permission check.
 */
describe.skipIf(!postgresAvailable)('stored files across two instances on S3', () => {
  let s3: TestS3;
  let running: Awaited<ReturnType<typeof startInstances>>;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    s3 = await startS3();
    running = await startInstances(2, { s3: s3.config });
    [a, b] = running.instances as [Instance, Instance];
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    await s3?.stop();
  });

  const get = (instance: Instance, path: string, token?: string) => fetch(`${instance.base}${path}`, { headers: token ? { 'x-access-token': token } : {} });

  it('an attachment uploaded through one instance is downloaded through the other, by those who read the mission only', async () => {
    // Started by Escolta Sul in the demo data: its provider adds the file, the risk manager reads it.
    const sul = await signIn(a, 'prestador2@demo.com.br');
    const form = new FormData();
    form.set('description', 'Boletim de ocorrência');
    form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'bo.pdf');
    const added = await fetch(`${a.base}/api/missions/${MISSION_IDS.startedBySul}/attachments`, { method: 'POST', headers: { 'x-access-token': sul }, body: form });
    expect(added.status).toBe(201);
    const file = ((await added.json()) as MissionDetailsResponse).attachments.at(-1)?.file ?? '';
    expect(await s3.namesIn('mission/attachments')).toContain(file);

    const path = `/api/storage/mission/attachments/${file}`;
    const read = await get(b, path, await signIn(b, 'gestor@demo.com.br'));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await read.arrayBuffer()).equals(PDF)).toBe(true);
    // The provider that lost the mission and another tenant: the 404 of a missing file; nobody logged in: 401.
    expect((await get(b, path, await signIn(b, 'prestador@demo.com.br'))).status).toBe(404);
    expect((await get(b, path, await signIn(b, 'gestor.norte@demo.com.br'))).status).toBe(404);
    expect((await get(b, path)).status).toBe(401);
  });

  it('a theme image uploaded through one instance is served by the other', async () => {
    const gestor = await signIn(a, 'gestor@demo.com.br');
    const sent = await fetch(`${a.base}/api/themes/images/menuLogo`, { method: 'POST', headers: { 'x-access-token': gestor, 'content-type': 'image/png' }, body: PNG });
    expect(sent.status).toBe(200);
    const image = ((await sent.json()) as Theme).images.menuLogo ?? '';
    expect(await s3.namesIn('riskmanager')).toContain(image);
    const read = await get(b, `/api/storage/riskmanager/${image}`);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
