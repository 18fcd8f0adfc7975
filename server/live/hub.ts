import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { chatMissions, mayHearChat } from './chat';
import { eventsByIds } from './events';
import type { Notifications } from '../db/notifications';
import { liveEventFor, type EventRow } from './visibility';
import type { LiveMissionEvent } from '../../src/domain/live';
import type { AuthUser } from '../shared/session';

export interface LiveSubscriber {
  user: AuthUser;
  /** An event as this subscriber may hear it (visibility.ts), with the stored row it came from. */
  deliver(event: LiveMissionEvent, row: EventRow): void;
  /** A message was sent or deleted in the chat of `mission` (one the subscriber may read). */
  chat(mission: string): void;
  /** A security agent's odometer of `mission` changed (one the subscriber may read): the cost meter refetches. */
  odometer(mission: string): void;
  /** Announcements may have been missed (the LISTEN connection came back). */
  resync(): void;
}

export interface LiveHub {
  subscribe(subscriber: LiveSubscriber): () => void;
  close(): void;
}

/**
 * One per server instance: listens to the database's announcements, reads each batch of announced
 * events (and of missions whose chat changed) once (one query however many clients are connected) and hands each to the subscribers
 * allowed to see it. Notifications arriving while a batch is read wait for the next batch.
 */
export function createLiveHub(db: Db, notifications: Notifications, log: FastifyBaseLogger): LiveHub {
  const subscribers = new Set<LiveSubscriber>();
  let pending: string[] = [];
  let pendingChats = new Set<string>();
  let pendingOdometers = new Set<string>();
  let reading = false;

  const drain = async () => {
    if (reading) return;
    reading = true;
    try {
      while (pending.length > 0 || pendingChats.size > 0 || pendingOdometers.size > 0) {
        const ids = pending;
        const chats = [...pendingChats];
        const odometers = [...pendingOdometers];
        pending = [];
        pendingChats = new Set();
        pendingOdometers = new Set();
        const rows = ids.length > 0 ? await eventsByIds(db, ids) : [];
        for (const row of rows) {
          for (const subscriber of subscribers) {
            const event = liveEventFor(subscriber.user, row);
            if (event) subscriber.deliver(event, row);
          }
        }
        const chatRows = chats.length > 0 ? await chatMissions(db, chats) : [];
        for (const row of chatRows) {
          for (const subscriber of subscribers) if (mayHearChat(subscriber.user, row)) subscriber.chat(row.mission);
        }
        // Readings are read by whoever reads the mission's details: the same audience as its chat.
        const odometerRows = odometers.length > 0 ? await chatMissions(db, odometers) : [];
        for (const row of odometerRows) {
          for (const subscriber of subscribers) if (mayHearChat(subscriber.user, row)) subscriber.odometer(row.mission);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'live: falha ao ler eventos anunciados');
    } finally {
      reading = false;
    }
  };

  notifications.on('mission_events', (payload) => {
    try {
      const { id, kind, mission } = JSON.parse(payload) as { id?: unknown; kind?: unknown; mission?: unknown };
      // Chat changes (migration 0012) name the mission only; several in one batch are one refetch.
      if (kind === 'chat') {
        if (typeof mission === 'string') pendingChats.add(mission);
      } else if (kind === 'odometer') {
        // Odometer changes (migration 0027) name the mission only, as chat changes do.
        if (typeof mission === 'string') pendingOdometers.add(mission);
      } else if (typeof id === 'string') pending.push(id);
    } catch {
      return;
    }
    if (subscribers.size > 0) void drain();
    else {
      pending = [];
      pendingChats.clear();
      pendingOdometers.clear();
    }
  });
  notifications.onGap(() => {
    for (const subscriber of subscribers) subscriber.resync();
  });

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    close: () => subscribers.clear(),
  };
}
