/**
 * public/sw.js (docs/api.md: a service worker registered on load): it caches nothing — no fetch
 * handler, so API answers always come from the network — and a click on the 'Missão recebida'
 * notification focuses an open /home/missions tab or opens one.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const source = readFileSync(fileURLToPath(import.meta.resolve('../../public/sw.js')), 'utf8');

interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function load(windows: FakeClient[]) {
  const handlers = new Map<string, (event: unknown) => void>();
  const openWindow = vi.fn(() => Promise.resolve(null));
  const self = {
    location: { origin: 'https://despacho.example' },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn(), matchAll: vi.fn(() => Promise.resolve(windows)), openWindow },
  };
  runInNewContext(source, { self, URL });
  return { handlers, openWindow };
}

async function click(handlers: Map<string, (event: unknown) => void>, url?: string) {
  let work: Promise<unknown> = Promise.resolve();
  const close = vi.fn();
  handlers.get('notificationclick')?.({ notification: { close, data: url ? { url } : undefined }, waitUntil: (p: Promise<unknown>) => (work = p) });
  await work;
  expect(close).toHaveBeenCalled();
}

describe('service worker', () => {
  it('has no fetch handler (nothing is cached or answered by it)', () => {
    const { handlers } = load([]);
    expect([...handlers.keys()].sort()).toEqual(['activate', 'install', 'notificationclick']);
  });

  it('a notification click opens /home/missions when no tab is open', async () => {
    const { handlers, openWindow } = load([]);
    await click(handlers, '/home/missions');
    expect(openWindow).toHaveBeenCalledWith('https://despacho.example/home/missions');
  });

  it('focuses the tab already on /home/missions, or brings another tab there', async () => {
    const onMissions: FakeClient = { url: 'https://despacho.example/home/missions', focus: vi.fn(), navigate: vi.fn() };
    const other: FakeClient = { url: 'https://despacho.example/home/admin', focus: vi.fn(), navigate: vi.fn(() => Promise.resolve(other)) };
    let sw = load([other, onMissions]);
    await click(sw.handlers);
    expect(onMissions.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();

    sw = load([other]);
    await click(sw.handlers);
    expect(other.navigate).toHaveBeenCalledWith('https://despacho.example/home/missions');
    expect(other.focus).toHaveBeenCalled();
    expect(sw.openWindow).not.toHaveBeenCalled();
  });
});
