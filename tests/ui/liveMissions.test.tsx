/**
 * Live dispatch on the missions screen (docs/operations/several-instances.md): the stream opened with a
 * ticket, events refetch
 * the table at once, polling slows while live and returns when the stream errors, the stream is
 * re-opened with a new ticket naming the last event, and a provider's notices of new missions and
 * of what became of its bids ('Proposta aceita', 'Outro fornecedor definido') are said in the page
 * and raised as browser notifications. Over the real server (tickets, pages); the
 * stream itself is a stand-in, since jsdom has no EventSource: the real stream's contract (the
 * ticket and URL the browser builds carry the events) is liveContract.test.tsx.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_POLL_MS } from '../../src/custom/live/livePolling';
import { clusterIcon } from '../../src/custom/live/MarkerClusterGroup';
import type { LiveMissionEvent } from '../../src/domain/live';
import { MISSIONS_POLL_MS } from '../../src/domain/missions';
import { LiveRegion } from '../../src/layout/LiveRegion';
import { dismiss } from '../../src/layout/notify';
import {
  CREATED_AT,
  OTHER_PROVIDER_ID,
  PROVIDER_ID,
  monitoringCalls,
  renderMissions,
  rowOf,
  seedMission,
  seedProposal,
  serveMissions,
  setProposalStatus,
  setStored,
  type Account,
} from './missionsHarness';

const server = serveMissions();

/** Stands in for the browser's EventSource (jsdom has none): the test opens, feeds and breaks it. */
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
    const data = JSON.stringify({ mission: 'dddddddddddddddddddd0001', processNumber: null, action: 'created', status: 'open', createdAt: '', ...event });
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
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The tickets the server issued to the screen. */
const ticketsAsked = () => server.requests.filter((r) => r.method === 'POST' && r.path === '/api/missions/live/ticket').length;
/** The ticket in a stream URL (43 URL-safe characters, the server's). */
const ticketOf = (url: string) => /^\/api\/missions\/live\?ticket=([A-Za-z0-9_-]{43})(&|$)/.exec(url)?.[1];
/** A mission created `minutes` after the first: new ones list on top, as the server orders them. */
const later = (minutes: number) => new Date(CREATED_AT.getTime() + minutes * 60_000);

const renderLive = (account: Account) => renderMissions(server, account);

describe('live missions', () => {
  it("opens the stream with a ticket, shows 'Ao vivo', refetches on an event and barely polls", async () => {
    await seedMission(server, { processNumber: 'A', createdAt: later(0) });
    await renderLive('gestor');
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(ticketOf(latest().url)).toBeDefined();
    expect(ticketsAsked()).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Atualização periódica');
    act(() => latest().onopen?.());
    expect(screen.getByRole('status')).toHaveTextContent('Ao vivo');

    const before = monitoringCalls(server).length;
    await advance(MISSIONS_POLL_MS * 2);
    expect(monitoringCalls(server)).toHaveLength(before);

    const b = await seedMission(server, { processNumber: 'B', createdAt: later(1) });
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0001', mission: b }));
    await rowOf('B');
    expect(monitoringCalls(server)).toHaveLength(before + 1);
    await advance(LIVE_POLL_MS);
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(before + 2));

    // The server lost announcements for a moment: everything is fetched again.
    act(() => latest().signal('resync'));
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(before + 3));
  });

  it('falls back to polling when the stream errors, and reconnects with a new ticket naming the last event', async () => {
    await seedMission(server, { processNumber: 'A' });
    await renderLive('gestor');
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = latest();
    act(() => first.onopen?.());
    act(() => first.emit({ id: 'aaaaaaaaaaaaaaaaaaaa0007' }));
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(2));

    act(() => first.onerror?.());
    expect(first.closed).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('Atualização periódica');
    await advance(MISSIONS_POLL_MS);
    await waitFor(() => expect(monitoringCalls(server)).toHaveLength(3));

    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    // A new ticket (one use each), naming the last event seen.
    expect(latest().url).toMatch(/&lastEventId=aaaaaaaaaaaaaaaaaaaa0007$/);
    expect(ticketOf(latest().url)).toBeDefined();
    expect(ticketOf(latest().url)).not.toBe(ticketOf(first.url));
    expect(ticketsAsked()).toBe(2);
    act(() => latest().onopen?.());
    expect(screen.getByRole('status')).toHaveTextContent('Ao vivo');
  });

  it("provider: a mission arriving live is announced in the page and as the browser notification 'Missão recebida'", async () => {
    await seedMission(server, { processNumber: 'A', createdAt: later(0) });
    await renderLive('prestador');
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().onopen?.());

    const b = await seedMission(server, { processNumber: 'B', createdAt: later(1) });
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0001', mission: b }));
    expect(await screen.findByText('Missão recebida: Missão #B')).toBeInTheDocument();
    await waitFor(() => expect(notifications).toEqual([{ title: 'Missão recebida', body: 'Missão #B' }]));
    expect(FakeNotification.requestPermission).toHaveBeenCalled();
    expect(await rowOf('B')).toHaveAttribute('aria-selected', 'true');

    await seedMission(server, { processNumber: 'C', createdAt: later(2) });
    const d = await seedMission(server, { processNumber: 'D', createdAt: later(3) });
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0002', mission: d }));
    await waitFor(() => expect(notifications.at(-1)).toEqual({ title: 'Missão recebida', body: 'Novas missões disponíveis...' }));
    expect(await screen.findByText('Missão recebida: Novas missões disponíveis...')).toBeInTheDocument();
    expect(document.querySelector('tr[aria-selected="true"]')).toBeNull();
  });
});

describe('bid outcome notices', () => {
  it("provider: its accepted proposal is announced as 'Proposta aceita', a lost bid as 'Outro fornecedor definido', once each, in the toast, the live region and the browser notification", async () => {
    await seedMission(server, { processNumber: 'A', createdAt: later(0) });
    const won = await seedMission(server, { processNumber: 'GANHA', status: 'started', serviceProvider: PROVIDER_ID, createdAt: later(1) });
    await renderMissions(server, 'prestador', { children: <LiveRegion /> });
    await rowOf('A');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().onopen?.());
    const region = screen.getByTestId('live-region');

    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0011', mission: won, processNumber: 'GANHA', action: 'accepted', status: 'started' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Proposta aceita: Missão #GANHA');
    expect(await within(region).findByText('Proposta aceita: Missão #GANHA')).toBeInTheDocument();
    await waitFor(() => expect(notifications).toEqual([{ title: 'Proposta aceita', body: 'Missão #GANHA' }]));

    // What the one that lost hears: the mission, no action, 'rejected'.
    act(() => dismiss());
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0012', mission: 'dddddddddddddddddddd0009', processNumber: 'PERDIDA', action: null, status: 'rejected' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Outro fornecedor definido: Missão #PERDIDA');
    expect(await within(region).findByText('Outro fornecedor definido: Missão #PERDIDA')).toBeInTheDocument();
    await waitFor(() => expect(notifications.at(-1)).toEqual({ title: 'Outro fornecedor definido', body: 'Missão #PERDIDA' }));
    // Without a process number the mission is named by its id, as 'Missão recebida' does.
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0013', mission: 'dddddddddddddddddddd0010', action: null, status: 'rejected' }));
    await waitFor(() => expect(notifications.at(-1)).toEqual({ title: 'Outro fornecedor definido', body: 'Missão #dddddddddddddddddddd0010' }));

    // Sent again after a reconnection (the server's replay overlap), and other events: nothing more.
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0011', mission: won, processNumber: 'GANHA', action: 'accepted', status: 'started' }));
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0014', mission: won, processNumber: 'GANHA', action: 'finish_asked', status: 'started' }));
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0015', mission: 'dddddddddddddddddddd0011', action: null, status: null }));
    await advance(1000);
    expect(notifications).toHaveLength(3);
  });

  it("provider, the stream down: the polls tell 'Proposta aceita' and 'Outro fornecedor definido' once each", async () => {
    const won = await seedMission(server, { processNumber: 'GANHA', createdAt: later(0) });
    const lost = await seedMission(server, { processNumber: 'PERDIDA', createdAt: later(1) });
    for (const [provider, mission] of [[PROVIDER_ID, won], [PROVIDER_ID, lost], [OTHER_PROVIDER_ID, lost]] as const) {
      await seedProposal(server, mission, provider, later(0));
    }
    await renderMissions(server, 'prestador', { children: <LiveRegion /> });
    await rowOf('PERDIDA');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().onerror?.());
    expect(screen.getByText('Atualização periódica')).toBeInTheDocument();

    // The risk manager accepts this provider's bid on one, the other provider's on the other.
    await setStored(server, won, { status: 'started', serviceProvider: PROVIDER_ID });
    await setStored(server, lost, { status: 'started', serviceProvider: OTHER_PROVIDER_ID });
    await setProposalStatus(server, lost, PROVIDER_ID, 'rejected');
    await advance(MISSIONS_POLL_MS);
    await waitFor(() => expect(notifications).toHaveLength(2));
    expect(notifications).toEqual(
      expect.arrayContaining([
        { title: 'Proposta aceita', body: 'Missão #GANHA' },
        { title: 'Outro fornecedor definido', body: 'Missão #PERDIDA' },
      ]),
    );
    expect(within(screen.getByTestId('live-region')).getByText('Outro fornecedor definido: Missão #PERDIDA')).toBeInTheDocument();

    // The stream back, replaying the same acceptance, and more polls: nothing more.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    act(() => latest().onopen?.());
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0031', mission: won, processNumber: 'GANHA', action: 'accepted', status: 'started' }));
    await advance(MISSIONS_POLL_MS * 2);
    expect(notifications).toHaveLength(2);
  });

  it('risk manager: an acceptance raises no bid notice', async () => {
    const won = await seedMission(server, { processNumber: 'GANHA', status: 'started', serviceProvider: PROVIDER_ID });
    await renderLive('gestor');
    await rowOf('GANHA');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().onopen?.());
    act(() => latest().emit({ id: 'aaaaaaaaaaaaaaaaaaaa0021', mission: won, processNumber: 'GANHA', action: 'accepted', status: 'started' }));
    await advance(1000);
    expect(screen.queryByText(/Proposta aceita/)).not.toBeInTheDocument();
    expect(notifications).toEqual([]);
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
    await seedMission(server, { processNumber: 'ABERTA' });
    await seedMission(server, { processNumber: 'INICIADA', status: 'started', serviceProvider: PROVIDER_ID });
    await seedMission(server, { processNumber: 'FINALIZADA', status: 'finished', serviceProvider: PROVIDER_ID });
    const { user } = await renderLive('gestor');
    await rowOf('ABERTA');
    await user.click(screen.getByRole('button', { name: 'Mapa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mapa de missões abertas e iniciadas' });
    expect(await within(dialog).findByText('2 missões no mapa. Clique em uma para ver suas propostas.')).toBeInTheDocument();
    const statuses = monitoringCalls(server).map((q) => q.get('status')).filter(Boolean);
    expect(statuses).toEqual(['open', 'started']);
  });
});
