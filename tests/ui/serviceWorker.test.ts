// @vitest-environment node
/**
 * The service worker (docs/rules/field-app.md), built as the build builds it (esbuild, the build's
 * precache list and version filled in) and run against fakes of its global scope: the shell opens
 * from the precache, the offline app's API reads go to the network first and are kept per user,
 * a kept answer is served only when the network fails and says so, another user's answers are never
 * served, a click on a mission notification focuses or opens its screen, and a push shows the
 * server's notification with its tag and the screen to open.
 */
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiCacheOf, OFFLINE_COPY_HEADER, strategyOf, userOfToken } from '../../src/serviceWorker/policy';

const ORIGIN = 'https://despacho.example';
const PRECACHE = ['/index.html', '/assets/index-abc123.js', '/manifest.webmanifest'];

let source = '';
beforeAll(async () => {
  const result = await build({
    entryPoints: [fileURLToPath(import.meta.resolve('../../src/serviceWorker/worker.ts'))],
    bundle: true,
    write: false,
    format: 'iife',
    define: { __PRECACHE__: JSON.stringify(PRECACHE), __BUILD__: JSON.stringify('v1') },
  });
  source = result.outputFiles[0]?.text ?? '';
});

/** A JWT-shaped token of user `sub` (the worker reads its payload only to pick the cache). */
const tokenOf = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;

/** Cache Storage in memory. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = (name: string) => {
    const entries = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, entries);
    return Promise.resolve({
      addAll: (urls: string[]) => {
        for (const url of urls) entries.set(new URL(url, ORIGIN).href, new Response(`precached ${url}`));
        return Promise.resolve();
      },
      put: (url: string, response: Response) => Promise.resolve(void entries.set(new URL(url, ORIGIN).href, response)),
      match: (request: Request | string) =>
        Promise.resolve(entries.get(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href)?.clone()),
    });
  };
  return { stores, api: { open, keys: () => Promise.resolve([...stores.keys()]), delete: (name: string) => Promise.resolve(stores.delete(name)) } };
}

interface FakeClient {
  url: string;
  visibilityState?: 'visible' | 'hidden';
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function load({ windows = [] as FakeClient[], network = vi.fn<(request: Request | string) => Promise<Response>>(), active = false } = {}) {
  const handlers = new Map<string, (event: unknown) => void>();
  const openWindow = vi.fn(() => Promise.resolve(null));
  const showNotification = vi.fn((_title: string, _options: NotificationOptions) => Promise.resolve());
  const storage = fakeCaches();
  const self = {
    location: { origin: ORIGIN },
    registration: { active: active ? {} : null, showNotification },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    skipWaiting: vi.fn(() => Promise.resolve()),
    clients: { claim: vi.fn(() => Promise.resolve()), matchAll: vi.fn(() => Promise.resolve(windows)), openWindow },
  };
  runInNewContext(source, { self, URL, Response, Request, Headers, caches: storage.api, fetch: network, atob, Date, Promise, Set, JSON, Blob });
  return { handlers, openWindow, showNotification, self, storage, network };
}

/** Dispatches a fetch event; resolves with the worker's answer, or undefined when it let the request through. */
async function fetchThrough(sw: ReturnType<typeof load>, request: Request, mode = 'cors'): Promise<Response | undefined> {
  let answer: Promise<Response> | undefined;
  Object.defineProperty(request, 'mode', { value: mode });
  sw.handlers.get('fetch')?.({ request, respondWith: (p: Promise<Response>) => (answer = p) });
  return answer;
}

const apiRead = (path: string, user: string) => new Request(`${ORIGIN}${path}`, { headers: { 'x-access-token': tokenOf(user) } });

describe('which requests the worker answers', () => {
  const precached = new Set(PRECACHE);
  const get = (path: string, mode = 'cors', method = 'GET') => strategyOf({ method, mode, url: `${ORIGIN}${path}` }, ORIGIN, precached);

  it('the shell for navigations, the precache for built files, network-first for the offline app reads', () => {
    expect(get('/home/missions', 'navigate')).toBe('shell');
    expect(get('/assets/index-abc123.js')).toBe('precached');
    expect(get('/api/missions/request/monitoring?page=1')).toBe('api');
    expect(get('/api/missions/request/id/6b0a00000000000000000001')).toBe('api');
    expect(get('/api/v1/billing/mission/id/6b0a00000000000000000001')).toBe('api');
    // The theme every screen is drawn with, and its images: public, kept for everyone alike.
    expect(get('/api/themes/?riskManager=5f0000000000000000000001')).toBe('public');
    expect(get('/api/storage/riskmanager/logo.png')).toBe('public');
  });

  it('leaves writes, the live stream, files, exports, the catalogues and other origins to the network', () => {
    expect(get('/api/missions/request', 'cors', 'POST')).toBe('network');
    expect(get('/api/missions/live?ticket=x')).toBe('network');
    expect(get('/api/storage/attachments/a.png')).toBe('network');
    expect(get('/api/reports/billing/excel')).toBe('network');
    expect(get('/api/admin/shippers')).toBe('network');
    expect(get('/api/docs', 'navigate')).toBe('network');
    expect(strategyOf({ method: 'GET', mode: 'no-cors', url: 'https://tile.openstreetmap.org/1/1/1.png' }, ORIGIN, precached)).toBe('network');
  });

  it("reads a token's user without trusting anything else in it", () => {
    expect(userOfToken(tokenOf('5f0000000000000000001005'))).toBe('5f0000000000000000001005');
    expect(userOfToken(null)).toBeNull();
    expect(userOfToken('garbage')).toBeNull();
    expect(userOfToken(tokenOf('../../etc'))).toBeNull();
  });
});

describe('service worker', () => {
  it('precaches the build on install; the first install takes over at once, an update waits for Atualizar', async () => {
    for (const active of [false, true]) {
      const sw = load({ active });
      let work: Promise<unknown> = Promise.resolve();
      sw.handlers.get('install')?.({ waitUntil: (p: Promise<unknown>) => (work = p) });
      await work;
      expect([...(sw.storage.stores.get('shell-v1')?.keys() ?? [])].sort()).toEqual(PRECACHE.map((p) => `${ORIGIN}${p}`).sort());
      expect(sw.self.skipWaiting).toHaveBeenCalledTimes(active ? 0 : 1);
      sw.handlers.get('message')?.({ data: { type: 'SKIP_WAITING' } });
      expect(sw.self.skipWaiting).toHaveBeenCalledTimes(active ? 1 : 2);
    }
  });

  it("activating drops the previous build's shell and keeps the users' kept answers", async () => {
    const sw = load();
    await sw.storage.api.open('shell-old');
    await sw.storage.api.open(apiCacheOf('u1'));
    let work: Promise<unknown> = Promise.resolve();
    sw.handlers.get('activate')?.({ waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
    expect(await sw.storage.api.keys()).toEqual([apiCacheOf('u1')]);
    expect(sw.self.clients.claim).toHaveBeenCalled();
  });

  it('opens any page of the app from the precached shell, without the network', async () => {
    const sw = load();
    await sw.storage.api.open('shell-v1').then((cache) => cache.addAll(PRECACHE));
    const answer = await fetchThrough(sw, new Request(`${ORIGIN}/home/missions/abc/details/started`), 'navigate');
    expect(await answer?.text()).toBe('precached /index.html');
    expect(sw.network).not.toHaveBeenCalled();
  });

  it('an API read goes to the network and its answer is kept; never served from the copy while the network answers', async () => {
    const network = vi.fn(() => Promise.resolve(new Response('{"v":1}', { status: 200, headers: { 'content-type': 'application/json' } })));
    const sw = load({ network });
    const first = await fetchThrough(sw, apiRead('/api/missions/request/monitoring?page=1', 'u1'));
    expect(await first?.text()).toBe('{"v":1}');
    network.mockImplementation(() => Promise.resolve(new Response('{"v":2}', { status: 200 })));
    const second = await fetchThrough(sw, apiRead('/api/missions/request/monitoring?page=1', 'u1'));
    expect(await second?.text()).toBe('{"v":2}');
    expect(second?.headers.get(OFFLINE_COPY_HEADER)).toBeNull();
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('without network, the kept answer of the same user, marked with when it was kept', async () => {
    const network = vi.fn(() => Promise.resolve(new Response('{"v":1}', { status: 200 })));
    const sw = load({ network });
    await fetchThrough(sw, apiRead('/api/missions/request/monitoring?page=1', 'u1'));
    network.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await fetchThrough(sw, apiRead('/api/missions/request/monitoring?page=1', 'u1'));
    expect(await offline?.text()).toBe('{"v":1}');
    expect(Number.isNaN(Date.parse(offline?.headers.get(OFFLINE_COPY_HEADER) ?? ''))).toBe(false);
    // Another user on the same phone gets nothing of it: the failure stands.
    await expect(fetchThrough(sw, apiRead('/api/missions/request/monitoring?page=1', 'u2'))).rejects.toThrow('Failed to fetch');
    // Nor does a page never read online.
    await expect(fetchThrough(sw, apiRead('/api/missions/request/monitoring?page=2', 'u1'))).rejects.toThrow('Failed to fetch');
  });

  it('keeps only successful answers, and nothing without a signed-in user', async () => {
    const network = vi.fn(() => Promise.resolve(new Response('{"error":"x"}', { status: 403 })));
    const sw = load({ network });
    await fetchThrough(sw, apiRead('/api/missions/request/id/abc', 'u1'));
    network.mockImplementation(() => Promise.resolve(new Response('{}', { status: 200 })));
    await fetchThrough(sw, new Request(`${ORIGIN}/api/missions/request/id/abc`));
    expect(sw.storage.stores.get(apiCacheOf('u1'))?.size ?? 0).toBe(0);
    expect([...sw.storage.stores.keys()].filter((name) => name.startsWith('api-'))).toEqual([]);
  });

  it('the public theme is kept without a session and served, marked, without network', async () => {
    const network = vi.fn(() => Promise.resolve(new Response('{"primary":"#123456"}', { status: 200 })));
    const sw = load({ network });
    const theme = () => new Request(`${ORIGIN}/api/themes/?riskManager=5f0000000000000000000001`);
    await fetchThrough(sw, theme());
    network.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await fetchThrough(sw, theme());
    expect(await offline?.text()).toBe('{"primary":"#123456"}');
    expect(offline?.headers.get(OFFLINE_COPY_HEADER)).not.toBeNull();
  });

  it('lets writes through untouched', async () => {
    const sw = load();
    expect(await fetchThrough(sw, new Request(`${ORIGIN}/api/missions/request`, { method: 'POST', body: '{}' }))).toBeUndefined();
  });
});

describe('notification click', () => {
  async function click(handlers: Map<string, (event: unknown) => void>, url?: string) {
    let work: Promise<unknown> = Promise.resolve();
    const close = vi.fn();
    handlers.get('notificationclick')?.({ notification: { close, data: url ? { url } : undefined }, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
    expect(close).toHaveBeenCalled();
  }

  it('opens /home/missions when no tab is open', async () => {
    const { handlers, openWindow } = load();
    await click(handlers, '/home/missions');
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/home/missions`);
  });

  it('focuses the tab already on /home/missions, or brings another tab there', async () => {
    const onMissions: FakeClient = { url: `${ORIGIN}/home/missions`, focus: vi.fn(), navigate: vi.fn() };
    const other: FakeClient = { url: `${ORIGIN}/home/admin`, focus: vi.fn(), navigate: vi.fn(() => Promise.resolve(other)) };
    let sw = load({ windows: [other, onMissions] });
    await click(sw.handlers);
    expect(onMissions.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();

    sw = load({ windows: [other] });
    await click(sw.handlers);
    expect(other.navigate).toHaveBeenCalledWith(`${ORIGIN}/home/missions`);
    expect(other.focus).toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });
});

describe('push', () => {
  async function push(sw: ReturnType<typeof load>, data: unknown) {
    let work: Promise<unknown> = Promise.resolve();
    const body = typeof data === 'string' ? data : JSON.stringify(data);
    sw.handlers.get('push')?.({ data: { json: () => JSON.parse(body) as unknown }, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }

  it("shows the server's notification with the event's id as its tag, and its click opens the mission's screen", async () => {
    const onMissions: FakeClient = { url: `${ORIGIN}/home/missions`, visibilityState: 'hidden', focus: vi.fn(), navigate: vi.fn(() => Promise.resolve(onMissions)) };
    const sw = load({ windows: [onMissions] });
    const url = '/home/missions/5f00000000000000000000aa/details/started';
    await push(sw, { title: 'Proposta aceita', body: 'Missão #PR-1', tag: '5f00000000000000000000ee', url });
    expect(sw.showNotification).toHaveBeenCalledWith('Proposta aceita', { body: 'Missão #PR-1', tag: '5f00000000000000000000ee', data: { url } });

    const shown = sw.showNotification.mock.calls[0]?.[1]?.data as { url: string } | undefined;
    let work: Promise<unknown> = Promise.resolve();
    sw.handlers.get('notificationclick')?.({ notification: { close: vi.fn(), data: shown }, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
    expect(onMissions.navigate).toHaveBeenCalledWith(`${ORIGIN}${url}`);
  });

  it('shows nothing while the app is on screen: the page says it itself', async () => {
    const sw = load({ windows: [{ url: `${ORIGIN}/home/missions`, visibilityState: 'visible', focus: vi.fn(), navigate: vi.fn() }] });
    await push(sw, { title: 'Missão recebida', body: 'Missão #PR-3', tag: 'e3', url: '/home/missions' });
    expect(sw.showNotification).not.toHaveBeenCalled();
  });

  it('a payload it cannot read still shows a notification; a foreign address is never opened', async () => {
    const sw = load();
    await push(sw, 'not json');
    expect(sw.showNotification).toHaveBeenLastCalledWith('Pronta Resposta', { body: '', data: { url: '/home/missions' } });
    await push(sw, { title: 'Missão recebida', body: 'Missão #PR-2', tag: 'e1', url: '//evil.example/x' });
    expect(sw.showNotification).toHaveBeenLastCalledWith('Missão recebida', { body: 'Missão #PR-2', tag: 'e1', data: { url: '/home/missions' } });
  });
});
