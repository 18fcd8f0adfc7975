import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { chatMissions, type ChatRow } from './chat';
import { eventsByIds } from './events';
import type { Notifications } from '../db/notifications';
import type { EventRow } from './visibility';
import type { LiveMissionEvent } from '../../src/domain/live';

/**
 * One open stream: a signed-in user's (visibility.ts decides what it hears) or a shipper's tracking
 * page (one mission, through its link).
 */
export interface LiveSubscriber<E = LiveMissionEvent> {
  /** What this stream hears of an event, or null when it may not. */
  hear(row: EventRow): E | null;
  /** An event it may hear, with the stored row it came from. */
  deliver(event: E, row: EventRow): void;
  /** Whether it may hear of a chat change on `row.mission`. */
  hearsChat(row: ChatRow): boolean;
  /** A message was sent or deleted in the chat of `mission` (one the subscriber may read). */
  chat(mission: string): void;
  /** A security agent's odometer of `mission` changed (one the subscriber may read): the cost meter refetches. */
  odometer?(mission: string): void;
  /** Whether it may see the teams of `row.mission` on the map (docs/rules/positions.md). */
  hearsPositions?(row: ChatRow): boolean;
  /**
   * Devices of the holders of `missions` sent positions (missions whose teams the subscriber may
   * see): one call per batch, so a stream writes once however many teams moved.
   */
  positions?(missions: readonly string[]): void;
  /** Announcements may have been missed (the LISTEN connection came back). */
  resync(): void;
  /** A tracking link was revoked (migration 0025 announces it). */
  revoked?(link: string): void;
}

export interface LiveHub {
  subscribe<E>(subscriber: LiveSubscriber<E>): () => void;
  close(): void;
}

const hubs = new WeakMap<Notifications, LiveHub>();

/**
 * Positions are announced at most once per this window (docs/rules/positions.md, "Ao vivo"): the
 * first fix after a quiet window goes out at once, the fixes of a busy one together at its end. A
 * fleet sends tens of fixes a second and every watching stream would otherwise write for each.
 */
export const POSITION_ANNOUNCE_WINDOW_MS = 250;

/**
 * The instance's hub for these announcements: the signed-in users' streams and the tracking pages
 * share it, so each announced batch is read once for all of them.
 */
export function liveHubFor(db: Db, notifications: Notifications, log: FastifyBaseLogger, positionWindowMs = POSITION_ANNOUNCE_WINDOW_MS): LiveHub {
  let hub = hubs.get(notifications);
  if (!hub) {
    hub = createLiveHub(db, notifications, log, positionWindowMs);
    hubs.set(notifications, hub);
  }
  return hub;
}

/**
 * One per server instance: listens to the database's announcements, reads each batch of announced
 * events (and of missions whose chat changed) once (one query however many clients are connected) and hands each to the subscribers
 * allowed to see it. Notifications arriving while a batch is read wait for the next batch.
 */
function createLiveHub(db: Db, notifications: Notifications, log: FastifyBaseLogger, positionWindowMs: number): LiveHub {
  const subscribers = new Set<LiveSubscriber<unknown>>();
  let pending: string[] = [];
  let pendingChats = new Set<string>();
  let pendingOdometers = new Set<string>();
  let pendingPositions = new Set<string>();
  /** The open announcement window of positions (POSITION_ANNOUNCE_WINDOW_MS), and whether its batch is due. */
  let positionWindow: NodeJS.Timeout | null = null;
  let positionsDue = false;
  let reading = false;

  const drain = async () => {
    if (reading) return;
    reading = true;
    try {
      while (pending.length > 0 || pendingChats.size > 0 || pendingOdometers.size > 0 || (positionsDue && pendingPositions.size > 0)) {
        const ids = pending;
        const chats = [...pendingChats];
        const odometers = [...pendingOdometers];
        const moved = positionsDue ? [...pendingPositions] : [];
        pending = [];
        pendingChats = new Set();
        pendingOdometers = new Set();
        if (positionsDue) pendingPositions = new Set();
        positionsDue = false;
        const rows = ids.length > 0 ? await eventsByIds(db, ids) : [];
        for (const row of rows) {
          for (const subscriber of subscribers) {
            const event = subscriber.hear(row);
            if (event !== null) subscriber.deliver(event, row);
          }
        }
        const chatRows = chats.length > 0 ? await chatMissions(db, chats) : [];
        for (const row of chatRows) {
          for (const subscriber of subscribers) if (subscriber.hearsChat(row)) subscriber.chat(row.mission);
        }
        // Readings are read by whoever reads the mission's details: the same audience as its chat.
        const odometerRows = odometers.length > 0 ? await chatMissions(db, odometers) : [];
        for (const row of odometerRows) {
          for (const subscriber of subscribers) if (subscriber.hearsChat(row)) subscriber.odometer?.(row.mission);
        }
        // Positions go to whoever may see the mission's teams, a narrower audience than its details.
        const movedRows = moved.length > 0 ? await chatMissions(db, moved) : [];
        if (movedRows.length > 0) {
          for (const subscriber of subscribers) {
            const heard = movedRows.filter((row) => subscriber.hearsPositions?.(row)).map((row) => row.mission);
            if (heard.length > 0) subscriber.positions?.(heard);
          }
        }
      }
    } catch (error) {
      log.error({ err: error }, 'live: falha ao ler eventos anunciados');
    } finally {
      reading = false;
    }
  };

  // Leading and trailing: the window's first fix is due at once; later ones wait for its end, which
  // opens the next window only if some came.
  const openPositionWindow = () => {
    positionsDue = true;
    positionWindow = setTimeout(() => {
      positionWindow = null;
      if (subscribers.size === 0) pendingPositions.clear();
      if (pendingPositions.size > 0) {
        openPositionWindow();
        void drain();
      }
    }, positionWindowMs);
    positionWindow.unref();
  };

  notifications.on('mission_events', (payload) => {
    try {
      const { id, kind, mission, link } = JSON.parse(payload) as { id?: unknown; kind?: unknown; mission?: unknown; link?: unknown };
      // A revoked tracking link (migration 0025) ends its pages' streams: nothing to read first.
      if (kind === 'tracking') {
        if (typeof link === 'string') for (const subscriber of subscribers) subscriber.revoked?.(link);
        return;
      }
      // Chat changes (migration 0012) name the mission only; several in one batch are one refetch.
      if (kind === 'chat') {
        if (typeof mission === 'string') pendingChats.add(mission);
      } else if (kind === 'odometer') {
        // Odometer changes (migration 0027) name the mission only, as chat changes do.
        if (typeof mission === 'string') pendingOdometers.add(mission);
      } else if (kind === 'position') {
        // Stored positions (migration 0044) name each started mission of the device's provider; a
        // burst of one mission's positions within a window is one refetch.
        if (typeof mission === 'string') {
          pendingPositions.add(mission);
          if (positionWindow) return;
          openPositionWindow();
        }
      } else if (typeof id === 'string') pending.push(id);
    } catch {
      return;
    }
    if (subscribers.size > 0) void drain();
    else {
      pending = [];
      pendingChats.clear();
      pendingOdometers.clear();
      pendingPositions.clear();
    }
  });
  notifications.onGap(() => {
    for (const subscriber of subscribers) subscriber.resync();
  });

  return {
    subscribe(subscriber) {
      const held = subscriber as LiveSubscriber<unknown>;
      subscribers.add(held);
      return () => subscribers.delete(held);
    },
    close: () => {
      subscribers.clear();
      if (positionWindow) clearTimeout(positionWindow);
      positionWindow = null;
    },
  };
}
