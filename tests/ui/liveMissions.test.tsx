/**
 * Live dispatch on the missions screen (issue 8): the stream opened with a ticket, events refetch
 * the table at once, polling slows while live and returns when the stream errors, the stream is
 * re-opened with a new ticket naming the last event, and a provider's notice of new missions also
 * raises the browser notification 'Missão recebida'.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_POLL_MS } from '../../src/custom/live/livePolling';
import { clusterIcon } from '../../src/custom/live/MarkerClusterGroup';
import type { LiveMissionEvent } from '../../src/domain/live';
import { MISSIONS_POLL_MS, type MissionRow } from '../../src/domain/missions';
import { dismiss } from '../../src/layout/notify';
import { GESTOR_ADMIN, PRESTADOR_ADMIN } from './frameworkHarness';
import { missionRow, monitoringCalls, renderMissions, rowOf } from './missionsHarness';

/** Stands in for the browser's EventSource: the test opens, feeds and breaks it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  /** An event without data of interest (the server's 'resync'). */
  signal(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: '{}' }));
  }
  emit(event: Partial<LiveMissionEvent> & { id: string }) {
    const data = JSON.stringify({ mission: 'dddddddddddddddddddd0001', action: 'created', status: 'open', createdAt: '', ...event });
    for (const listener of this.listeners.get('mission') ?? []) {
      listener(new MessageEvent('mission', { data, lastEventId: event.id }));
    }
  }
}

const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no EventSource opened');
  return source;
};

const notifications: { title: string; body?: string }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = 'granted';
    return Promise.resolve<NotificationPermission>('granted');
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    notifications.push({ title, body: options?.body });
  }
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  FakeEventSource.instances = [];
  notifications.length = 0;
  FakeNotification.permission = 'default';
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const isTicket = (r: { method: string; base: string; path: string }) => r.method === 'POST' && r.base === 'missions' && r.path === 'live/ticket';

function renderLive(user: typeof GESTOR_ADMIN, rows: () => MissionRow[]) {
  let issued = 0;
  const rendered = renderMissions(user, rows);
  rendered.api.use((request) => (isTicket(request) ? { ticket: `ticket-${++issued}`, expiresAt: '' } : undefined));
  return rendered;
}

describe('live missions', () => {
  it("opens the stream with a ticket, shows 'Ao vivo', refetches on an event and barely polls", async () => {
    let rows = [missionRow({ processNumber: 'A' })];
    const { api } = renderLive(GESTOR_ADMIN, () => rows);
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(latest().url).toBe('/api/missions/live?ticket=ticket-1');
    expect(screen.getByRole('status')).toHaveTextContent('Atualização periódica');
    act(() => latest().onopen?.());
    expect(screen.getByRole('status')).toHaveTextContent('Ao vivo');

    const before = monitoringCalls(api.calls).length;
    await advance(MISSIONS_POLL_MS * 2);
    expect(monitoringCalls(api.calls)).toHaveLength(before);

    rows = [missionRow({ processNumber: 'B' }), ...rows];
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0001' }));
    await rowOf('B');
    expect(monitoringCalls(api.calls)).toHaveLength(before + 1);
    await advance(LIVE_POLL_MS);
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(before + 2));

    // The server lost announcements for a moment: everything is fetched again.
    act(() => latest().signal('resync'));
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(before + 3));
  });

  it('falls back to polling when the stream errors, and reconnects with a new ticket naming the last event', async () => {
    const { api } = renderLive(GESTOR_ADMIN, () => [missionRow({ processNumber: 'A' })]);
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = latest();
    act(() => first.onopen?.());
    act(() => first.emit({ id: 'aaaaaaaaaaaaaaaaaaaa0007' }));
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(2));

    act(() => first.onerror?.());
    expect(first.closed).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Atualização periódica');
    await advance(MISSIONS_POLL_MS);
    await waitFor(() => expect(monitoringCalls(api.calls)).toHaveLength(3));

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(latest().url).toBe('/api/missions/live?ticket=ticket-2&lastEventId=aaaaaaaaaaaaaaaaaaaa0007');
    expect(api.calls.filter(isTicket)).toHaveLength(2);
    act(() => latest().onopen?.());
    expect(screen.getByRole('status')).toHaveTextContent('Ao vivo');
  });

  it("provider: a mission arriving live is announced in the page and as the browser notification 'Missão recebida'", async () => {
    const a = missionRow({ processNumber: 'A' });
    let rows: MissionRow[] = [a];
    renderLive(PRESTADOR_ADMIN, () => rows);
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().onopen?.());

    rows = [missionRow({ processNumber: 'B' }), a];
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0001' }));
    expect(await screen.findByText('Missão recebida: Missão #B')).toBeInTheDocument();
    await waitFor(() => expect(notifications).toEqual([{ title: 'Missão recebida', body: 'Missão #B' }]));
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    expect(await rowOf('B')).toHaveAttribute('aria-selected', 'true');

    rows = [missionRow({ processNumber: 'C' }), missionRow({ processNumber: 'D' }), ...rows];
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0002' }));
    await waitFor(() => expect(notifications.at(-1)).toEqual({ title: 'Missão recebida', body: 'Novas missões disponíveis...' }));
    expect(await screen.findByText('Missão recebida: Novas missões disponíveis...')).toBeInTheDocument();
    expect(document.querySelector('tr[aria-selected="true"]')).toBeNull();
  });
});

describe('dispatcher map', () => {
  it('draws a cluster red above max(10, mean of the clusters shown), else blue', () => {
    const colourOf = (count: number, counts: number[]) =>
      /data-cluster-colour="(\w+)"/.exec(clusterIcon(count, counts).options.html as string)?.[1];
    expect(colourOf(11, [11, 2])).toBe('red');
    expect(colourOf(10, [10, 2])).toBe('blue');
    expect(colourOf(40, [20, 30, 40])).toBe('red');
    expect(colourOf(30, [20, 30, 40])).toBe('blue');
    expect(clusterIcon(7, [7]).options.html as string).toContain('>7<');
  });

  it("'Mapa' gathers every open and started mission of the tenant, not the finished ones", async () => {
    const open = missionRow({ processNumber: 'ABERTA' });
    const started = missionRow({ processNumber: 'INICIADA', storedStatus: 'started', serviceProviderName: 'Pronta Resposta Demo' });
    const finished = missionRow({ processNumber: 'FINALIZADA', storedStatus: 'finished' });
    const { api, user } = renderLive(GESTOR_ADMIN, () => [open, started, finished]);
    // The fake monitoring endpoint filters by the status column, which for these is the stored one.
    await rowOf('ABERTA');
    await user.click(screen.getByRole('button', { name: 'Mapa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mapa de missões abertas e iniciadas' });
    expect(await within(dialog).findByText('2 missões no mapa. Clique em uma para ver suas propostas.')).toBeInTheDocument();
    const statuses = monitoringCalls(api.calls).map((c) => c.query?.status).filter(Boolean);
    expect(statuses).toEqual(['open', 'started']);

  });
});
