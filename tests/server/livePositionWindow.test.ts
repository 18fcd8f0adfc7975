import { afterEach, describe, expect, it } from 'vitest';
import type { Notifications } from '../../server/db/notifications';
import { liveHubFor, type LiveHub } from '../../server/live/hub';
import { useMissionsApp, type MissionsTest } from './missionsClient';

/**
 * Positions are announced at most once per window (docs/rules/positions.md, "Ao vivo"): the first
 * fix after a quiet window at once, the later ones of the window together at its end, one event per
 * mission and one call per stream. The hub is fed by a hand-held announcement channel here, so the
 * test decides when each position is announced.
 */

let m: MissionsTest;
useMissionsApp((ready) => (m = ready));

/** An announcement channel the test speaks on, as the database's LISTEN would. */
function channel() {
  const handlers: ((payload: string) => void)[] = [];
  const notifications = {
    on: (_channel: string, handler: (payload: string) => void) => void handlers.push(handler),
    onGap: () => undefined,
    live: true,
    settle: () => Promise.resolve(),
    close: () => Promise.resolve(),
  } as unknown as Notifications;
  const announce = (mission: string) => {
    for (const handler of handlers) handler(JSON.stringify({ kind: 'position', mission }));
  };
  return { notifications, announce };
}

/** A stream allowed to see every mission's teams: what it was called with, in order. */
function listen(hub: LiveHub) {
  const calls: string[][] = [];
  hub.subscribe({
    hear: () => null,
    deliver: () => undefined,
    hearsChat: () => false,
    chat: () => undefined,
    hearsPositions: () => true,
    positions: (missions) => void calls.push([...missions]),
    resync: () => undefined,
  });
  return calls;
}

const until = async (done: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error('nothing arrived');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const hubs: LiveHub[] = [];
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.close();
});

describe('the positions announcement window', () => {
  it("announces a quiet window's first fix at once and holds the rest of the window", async () => {
    const mission = (await m.started('prestador'))._id;
    const { notifications, announce } = channel();
    // A window far longer than the test: whatever comes after the first fix waits for its end.
    const hub = liveHubFor(m.t.database.db, notifications, m.t.app.log, 60_000);
    hubs.push(hub);
    const calls = listen(hub);
    announce(mission);
    await until(() => calls.length === 1);
    expect(calls).toEqual([[mission]]);
    for (let i = 0; i < 5; i++) announce(mission);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toEqual([[mission]]);
  });

  it("sends the window's fixes together at its end: each mission once, in one call", async () => {
    const first = (await m.started('prestador'))._id;
    const second = (await m.started('sul'))._id;
    const { notifications, announce } = channel();
    const hub = liveHubFor(m.t.database.db, notifications, m.t.app.log, 200);
    hubs.push(hub);
    const calls = listen(hub);
    announce(first);
    await until(() => calls.length === 1);
    for (const mission of [second, first, second, first]) announce(mission);
    await until(() => calls.length === 2);
    expect(calls[1]?.toSorted()).toEqual([first, second].toSorted());
    // A quiet window after it: nothing more, and the next fix goes out at once again.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(calls).toHaveLength(2);
    announce(second);
    await until(() => calls.length === 3);
    expect(calls[2]).toEqual([second]);
  });
});
