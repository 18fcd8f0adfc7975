import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { AuthUser } from '../plugins/auth';
import { eventsByIds } from './events';
import { listenForEvents } from './listener';
import { mayHear, type EventRow } from './visibility';

export interface LiveSubscriber {
  user: AuthUser;
  deliver(row: EventRow): void;
  /** Announcements may have been missed (the LISTEN connection came back). */
  resync(): void;
}

export interface LiveHub {
  subscribe(subscriber: LiveSubscriber): () => void;
  close(): Promise<void>;
}

/**
 * One per server instance: listens to the database's announcements, reads each batch of announced
 * events once (one query however many clients are connected) and hands each to the subscribers
 * allowed to see it. Notifications arriving while a batch is read wait for the next batch.
 */
export async function createLiveHub(db: Db, log: FastifyBaseLogger): Promise<LiveHub> {
  const subscribers = new Set<LiveSubscriber>();
  let pending: string[] = [];
  let reading = false;

  const drain = async () => {
    if (reading) return;
    reading = true;
    try {
      while (pending.length > 0) {
        const ids = pending;
        pending = [];
        const rows = await eventsByIds(db, ids);
        for (const row of rows) {
          for (const subscriber of subscribers) if (mayHear(subscriber.user, row)) subscriber.deliver(row);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'live: falha ao ler eventos anunciados');
    } finally {
      reading = false;
    }
  };

  const stop = await listenForEvents(
    db,
    (payload) => {
      try {
        const { id } = JSON.parse(payload) as { id?: unknown };
        if (typeof id === 'string') pending.push(id);
      } catch {
        return;
      }
      if (subscribers.size > 0) void drain();
      else pending = [];
    },
    () => {
      for (const subscriber of subscribers) subscriber.resync();
    },
    log,
  );

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    close: stop,
  };
}
