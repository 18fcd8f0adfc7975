/**
 * Contract of the live stream's calls (docs/operations/several-instances.md) through the real data
 * provider and http client
 * over the real server: the ticket the browser asks for opens the stream URL the browser builds,
 * once, and that stream carries the provider's events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { createDataProvider } from '../../src/dataProvider';
import { liveStreamUrl } from '../../src/dataProvider/liveApi';
import { resourceEndpoints } from '../../src/resources';
import { createTestApp, type TestApp } from '../server/helpers';
import { insertEvent, insertMission, openStream } from '../server/liveClient';
import { signIn } from './contractHarness';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp({}, { live: { maxStreamMs: 3000 } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => t?.close());

describe('live stream contract', () => {
  it('liveTicket + liveStreamUrl open a stream that carries the signed-in provider’s events, once', async () => {
    const { httpClient } = await signIn(t.app, 'prestador@demo.com.br');
    const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const { ticket, expiresAt } = await dataProvider.liveTicket();
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - t.clock.now.getTime()).toBe(60_000);

    const url = liveStreamUrl(ticket, null);
    expect(url).toBe(`/api/missions/live?ticket=${ticket}`);
    const stream = await openStream(base, url.split('?')[1]!);
    try {
      expect(stream.status).toBe(200);
      const mission = await insertMission(t.database.db, DEMO_IDS.riskManager);
      const event = await insertEvent(t.database.db, mission);
      expect((await stream.next()).data).toMatchObject({ id: event, mission, status: 'open' });
    } finally {
      stream.close();
    }
    const again = await openStream(base, url.split('?')[1]!);
    expect(again.status).toBe(401);
    again.close();
  });

  it('ends a stream after its lifetime, so a revoked session cannot keep listening', async () => {
    const { httpClient } = await signIn(t.app, 'gestor@demo.com.br');
    const dataProvider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const opened = Date.now();
    const stream = await openStream(base, liveStreamUrl((await dataProvider.liveTicket()).ticket, null).split('?')[1]!);
    expect(stream.status).toBe(200);
    await stream.ended;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(2900);
  });
});
