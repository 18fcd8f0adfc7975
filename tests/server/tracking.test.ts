import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/dataProvider';
import { createHttpClient } from '../../src/dataProvider/httpClient';
import { resourceEndpoints } from '../../src/resources';
import {
  TRACKING_EXPIRED,
  TRACKING_NOT_FOUND,
  TRACKING_NOT_SHAREABLE,
  TRACKING_REQUESTS_PER_WINDOW,
  TRACKING_REVOKED,
  TRACKING_TOO_MANY,
} from '../../src/domain/tracking';
import type { TrackingLinkCreated, TrackingLinkState, TrackingView } from '../../src/domain/tracking/contracts';
import { loadTracking } from '../../src/custom/tracking/trackingClient';
import { missionAgents, trackingLinks } from '../../server/db/schema';
import { trackingHash } from '../../server/tracking/links';
import { DEMO_IDS } from '../../server/demo/demoIds';
import { DEMO_TRACKING_TOKEN } from '../../server/demo/seedTracking';
import { login } from './helpers';
import { openSse, type SseStream } from './liveClient';
import { BASE, MISSION_ACCOUNTS, useMissionsApp, type MissionAccount, type MissionsTest } from './missionsClient';

/** The shipper's tracking link: sharing, what the page may show, live scope, expiry, revocation, limits. */

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));
let base: string;
const streams: SseStream[] = [];
beforeAll(async () => {
  base = await m.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
  m.t.clock.now = new Date();
});

const linkUrl = (mission: string) => `${BASE}/${mission}/tracking`;
const viewUrl = (token: string, refresh = false) => `${BASE}/tracking/${token}${refresh ? '?refresh=1' : ''}`;
const status = (who: MissionAccount, id: string, target: string, serviceProvider?: string) =>
  m.as[who].put(`${BASE}/request/${id}/status`, { missionRequest: id, status: target, ...(serviceProvider ? { serviceProvider } : {}) });

/** A new link for `mission` through the real route; its token comes from the URL shown once. */
async function share(mission: string): Promise<{ token: string; created: TrackingLinkCreated }> {
  const response = await m.as.gestor.post(linkUrl(mission), {});
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<TrackingLinkCreated>();
  const token = created.url.split('/acompanhar/')[1] ?? '';
  return { token, created };
}

/** A public request from one client address (the rate limit counts per address). */
const visit = (url: string, remoteAddress = '10.0.0.1') => m.t.app.inject({ method: 'GET', url, remoteAddress });

async function streamOf(token: string): Promise<SseStream> {
  const stream = await openSse(`${base}${BASE}/tracking/${token}/live`);
  streams.push(stream);
  return stream;
}

async function expectSilence(stream: SseStream, ms = 400) {
  await expect(stream.next(ms)).rejects.toThrow(/no event/);
}

describe('sharing (risk manager)', () => {
  it('creates a link shown once and stored hashed, counts views (loads, not refreshes) and lists them', async () => {
    const mission = await m.started();
    const { token, created } = await share(mission._id);
    expect(created.url).toBe(`${m.t.config.publicUrl}/acompanhar/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.link).toMatchObject({ views: 0, active: true, revokedAt: null, expiresAt: null, createdByName: 'Gestor Demo' });

    const [row] = await m.t.database.db.select().from(trackingLinks).where(eq(trackingLinks.id, created.link._id));
    expect(row?.hash).toBe(trackingHash(token));
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await visit(viewUrl(token))).statusCode).toBe(200);
    expect((await visit(viewUrl(token))).statusCode).toBe(200);
    expect((await visit(viewUrl(token, true))).statusCode).toBe(200);
    const state = (await m.as.gestor.get(linkUrl(mission._id))).json<TrackingLinkState>();
    expect(state.link).toMatchObject({ _id: created.link._id, views: 2, active: true });
    expect(state.link?.lastViewedAt).not.toBeNull();
    // The risk manager's answers never carry the token or its hash either.
    expect(JSON.stringify(state)).not.toContain(row!.hash);
  });

  it('only the mission’s risk manager shares it, only while open or running', async () => {
    const mission = await m.started();
    for (const [who, code] of [
      ['prestador', 403],
      ['sul', 404],
      ['norte', 404],
      ['admin', 403],
      ['ti', 403],
    ] as [MissionAccount, number][]) {
      expect((await m.as[who].post(linkUrl(mission._id), {})).statusCode, who).toBe(code);
      expect((await m.as[who].get(linkUrl(mission._id))).statusCode, who).toBe(code);
      expect((await m.as[who].del(linkUrl(mission._id))).statusCode, who).toBe(code);
    }
    expect((await m.t.app.inject({ method: 'POST', url: linkUrl(mission._id) })).statusCode).toBe(401);
    expect((await m.as.operador.post(linkUrl(mission._id), {})).statusCode).toBe(201);
    expect(await m.t.database.db.$count(trackingLinks)).toBe(1);

    const open = await m.create();
    expect((await m.as.gestor.post(linkUrl(open._id), {})).statusCode).toBe(201);
    expect((await status('prestador', mission._id, 'finished')).statusCode).toBe(200);
    const refused = await m.as.gestor.post(linkUrl(mission._id), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: TRACKING_NOT_SHAREABLE });
  });
});

describe('what the page may show', () => {
  it('status, process number, place, the holder’s ETA and the shipper’s timeline — nothing about prices, agents or other providers', async () => {
    const mission = await m.started();
    await m.t.database.db.insert(missionAgents).values({
      mission: mission._id,
      name: 'Agente Sigiloso da Silva',
      createdAt: new Date(),
      odometer: {
        start: { km: 1000, time: '2026-11-20T08:00:00.000Z' },
        arrivalOnPlace: { km: 1030, time: '2026-11-20T08:40:00.000Z' },
        endOnPlace: { km: 1090, time: '2026-11-20T11:30:00.000Z' },
        end: { km: 1130, time: '2026-11-20T12:10:00.000Z' },
      },
    } as typeof missionAgents.$inferInsert);
    const { token } = await share(mission._id);
    const response = await visit(viewUrl(token));
    const view = response.json<TrackingView>();
    expect(Object.keys(view).sort()).toEqual(['approach', 'eta', 'expiresAt', 'place', 'processNumber', 'sharedBy', 'status', 'theme', 'timeline']);
    // The page wears the sharing risk manager's theme, read by its id from the public themes service.
    expect(view).toMatchObject({ status: 'started', processNumber: mission.processNumber, sharedBy: 'Gerenciadora Demo', theme: DEMO_IDS.riskManager, expiresAt: null });
    expect(view.place.city).toBe(mission.location.city);
    expect(view.eta).toEqual({ time: '00:40', distanceInKm: 12.5 });
    expect(view.timeline.map((e) => e.step)).toEqual(['arrived', 'requested', 'started']);
    expect(view.timeline[0]).toEqual({ step: 'arrived', at: '2026-11-20T08:40:00.000Z' });

    const body = response.body;
    for (const secret of ['Agente Sigiloso', '1030', 'Escolta Sul', 'Pronta Resposta Demo', DEMO_IDS.provider, DEMO_IDS.providerSul, mission._id, mission.shipper, 'proposal', 'price', 'valor']) {
      expect(body, secret).not.toContain(secret);
    }
  });

  it('a token opens its own mission only: never another mission nor another tenant’s', async () => {
    const a = await m.create({ processNumber: 'PR-A' });
    const b = await m.create({ processNumber: 'PR-B' });
    const { token: tokenA } = await share(a._id);
    await share(b._id);
    expect((await visit(viewUrl(tokenA))).json<TrackingView>().processNumber).toBe('PR-A');
    // The demo link belongs to Gerenciadora Demo's DEMO-0003, seeded before this file cleared missions.
    expect((await visit(viewUrl(DEMO_TRACKING_TOKEN))).statusCode).toBe(404);
    const unknown = await visit(viewUrl('x'.repeat(43)));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: TRACKING_NOT_FOUND });
  });
});

describe('live', () => {
  it('hears its mission’s status changes only, as “refetch, status now X”; revoking ends the page at once', async () => {
    const a = await m.started();
    const b = await m.started();
    const open = await m.create();
    const { token } = await share(a._id);
    const { token: openToken } = await share(open._id);
    const stream = await streamOf(token);
    const openStream = await streamOf(openToken);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);

    expect((await status('prestador', b._id, 'finished')).statusCode).toBe(200);
    // Proposals on the open mission are between the risk manager and the providers.
    expect((await m.as.sul.post(`${BASE}/proposals`, { missionRequest: open._id, status: 'pending' })).statusCode).toBe(201);
    await m.propose('prestador', open._id);
    await expectSilence(stream);
    await expectSilence(openStream, 100);

    expect((await status('prestador', a._id, 'finished')).statusCode).toBe(200);
    const frame = await stream.next(2000);
    expect(frame.event).toBe('mission');
    expect(Object.keys(frame.data ?? {}).sort()).toEqual(['createdAt', 'id', 'status']);
    expect(frame.data).toMatchObject({ status: 'finished' });
    expect(frame.id).toBe(frame.data?.id);

    const revoked = (await m.as.gestor.del(linkUrl(open._id))).json<TrackingLinkState>().link;
    expect(revoked?.active).toBe(false);
    expect(revoked?.revokedAt).toMatch(/^\d{4}-/);
    expect((await openStream.next(2000)).event).toBe('revoked');
    await openStream.ended;
    const gone = await visit(viewUrl(openToken));
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: TRACKING_REVOKED });
    // A revoked link opens no stream either.
    expect((await streamOf(openToken)).status).toBe(410);
  });
});

describe('expiry and revocation', () => {
  it('works until the mission ended + 24 h, then answers 410 expired', async () => {
    const mission = await m.started();
    const { token } = await share(mission._id);
    expect((await status('prestador', mission._id, 'finished')).statusCode).toBe(200);
    const view = (await visit(viewUrl(token))).json<TrackingView>();
    expect(view.status).toBe('finished');
    expect(view.timeline.at(-1)?.step).toBe('finished');
    const ended = Date.parse(view.timeline.at(-1)!.at);
    expect(Date.parse(view.expiresAt!)).toBe(ended + 24 * 3_600_000);

    m.t.clock.now = new Date(ended + 24 * 3_600_000 - 60_000);
    expect((await visit(viewUrl(token))).statusCode).toBe(200);
    m.t.clock.now = new Date(ended + 24 * 3_600_000 + 1000);
    const expired = await visit(viewUrl(token));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: TRACKING_EXPIRED });
    expect((await m.as.gestor.get(linkUrl(mission._id))).json<TrackingLinkState>().link).toMatchObject({ active: false, revokedAt: null });
  });

  it('a canceled mission’s link expires the same way; a new link revokes the previous one', async () => {
    const mission = await m.create();
    const first = await share(mission._id);
    const second = await share(mission._id);
    expect((await visit(viewUrl(first.token))).statusCode).toBe(410);
    expect((await visit(viewUrl(second.token))).statusCode).toBe(200);
    expect((await status('gestor', mission._id, 'canceled')).statusCode).toBe(200);
    const view = (await visit(viewUrl(second.token))).json<TrackingView>();
    expect(view).toMatchObject({ status: 'canceled', eta: null });
    expect(view.expiresAt).not.toBeNull();
  });
});

describe('abuse', () => {
  it('limits each client address per window (unknown tokens count too), in Portuguese with Retry-After', async () => {
    const mission = await m.create();
    const { token } = await share(mission._id);
    for (let i = 0; i < TRACKING_REQUESTS_PER_WINDOW; i++) {
      const response = await visit(viewUrl('y'.repeat(43)), '10.7.7.7');
      if (response.statusCode !== 404) throw new Error(`request ${i}: ${response.statusCode}`);
    }
    const refused = await visit(viewUrl(token), '10.7.7.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TRACKING_TOO_MANY });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visit(viewUrl(token), '10.7.7.8')).statusCode).toBe(200);
    // The refused request counted no view.
    expect((await m.as.gestor.get(linkUrl(mission._id))).json<TrackingLinkState>().link?.views).toBe(1);
  }, 120_000);

  it('refuses bad input with 400 in Portuguese and changes nothing', async () => {
    const mission = await m.create();
    const { token } = await share(mission._id);
    const cases: [string, string][] = [
      [viewUrl('abc'), 'Texto curto demais'],
      [viewUrl('a'.repeat(44)), 'Máximo de 43 caracteres'],
      [viewUrl(`${'a'.repeat(41)}%01b`), 'Formato inválido'],
      [viewUrl(`${'a'.repeat(41)}%C3%A9`), 'Formato inválido'],
      [`${viewUrl(token)}?refresh=2`, 'Opção inválida'],
      [`${viewUrl(token)}?x=1`, 'Campo não permitido'],
      [`${BASE}/tracking/${token}/live?x=1`, 'Campo não permitido'],
    ];
    for (const [url, message] of cases) {
      const response = await visit(url);
      expect(response.statusCode, url).toBe(400);
      const answer = response.json<{ errors?: { message: string }[] }>();
      expect(answer.errors?.map((e) => e.message), url).toContain(message);
    }
    const badId = await m.as.gestor.post(`${BASE}/not-an-id/tracking`, {});
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toMatch(/inválid/);
    const rows = await m.t.database.db.select({ views: trackingLinks.views }).from(trackingLinks);
    expect(rows).toEqual([{ views: 0 }]);
  });
});

/** fetch answered by app.inject, as the browser's fetch would answer from the server. */
const injectFetch =
  (app: FastifyInstance): typeof fetch =>
  async (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers.set(name, String(value));
    return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };

describe('contract through the real client code', () => {
  it('the data provider shares, lists and revokes; the page’s client loads the view, then the revoked state', async () => {
    const mission = await m.started();
    const token = await login(m.t.app, MISSION_ACCOUNTS.gestor);
    const httpClient = createHttpClient({ fetch: injectFetch(m.t.app), getToken: () => token, sleep: () => Promise.resolve() });
    const provider = createDataProvider({ httpClient, endpoints: resourceEndpoints });
    const created = await provider.createTrackingLink(mission._id);
    const shared = created.url.split('/acompanhar/')[1] ?? '';

    const publicClient = createHttpClient({ fetch: injectFetch(m.t.app), sleep: () => Promise.resolve() });
    const loaded = await loadTracking(publicClient, shared, false);
    expect(loaded.kind).toBe('view');
    expect(loaded.kind === 'view' && loaded.view.processNumber).toBe(mission.processNumber);
    expect((await provider.trackingLink(mission._id)).link).toMatchObject({ views: 1, active: true });

    expect((await provider.revokeTrackingLink(mission._id)).link?.active).toBe(false);
    expect(await loadTracking(publicClient, shared, true)).toEqual({ kind: 'gone', message: TRACKING_REVOKED });
    expect(await loadTracking(publicClient, 'z'.repeat(43), true)).toEqual({ kind: 'gone', message: TRACKING_NOT_FOUND });
    const other = await provider.trackingLink((await m.create())._id);
    expect(other).toEqual({ link: null });
  });
});
