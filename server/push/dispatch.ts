import type { FastifyBaseLogger } from 'fastify';
import type { FeatureDeps } from '../shared/deps';
import { fanOutBatch } from './fanOut';
import { nextRetryInMs, pruneDeliveries, sendDueBatch } from './send';

/**
 * The instance's push dispatcher (docs/operations/notifications.md): woken by every announcement on
 * 'mission_events' (a mission event or a chat message was committed, migrations 0011 and 0012), by
 * its own retry timer and by a periodic sweep that catches whatever was announced while no
 * instance listened. Each pass fans the outbox out and sends what is due until nothing is left;
 * every step is claimed in the database, so any number of instances may run it at once.
 */

/** Defaults of FeatureDeps['push']. */
const SWEEP_MS = 60_000;
const RETRY_MS = 5_000;

export interface PushDispatch {
  close(): Promise<void>;
}

export function startPushDispatch({ db, notifications, config, push }: FeatureDeps, log: FastifyBaseLogger): PushDispatch {
  const options = { vapid: config.vapid, retryMs: push?.retryMs ?? RETRY_MS, agent: push?.agent };
  const sweepMs = push?.sweepMs ?? SWEEP_MS;
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: NodeJS.Timeout | undefined;

  const pass = async () => {
    while (!closed && (await fanOutBatch(db)) > 0);
    while (!closed && (await sendDueBatch(db, options)) > 0);
    const wait = closed ? null : await nextRetryInMs(db);
    clearTimeout(retryTimer);
    if (wait !== null && !closed) retryTimer = setTimeout(wake, Math.min(wait, sweepMs) + 5);
  };

  function wake() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          log.error({ err: error }, 'notificações: falha ao enviar');
        }
      } while (again && !closed);
      running = null;
    })();
  }

  notifications.on('mission_events', wake);
  notifications.onGap(wake);
  const sweep = setInterval(() => {
    wake();
    void pruneDeliveries(db).catch((error: unknown) => log.error({ err: error }, 'notificações: falha ao limpar o registro'));
  }, sweepMs);
  wake();

  return {
    async close() {
      closed = true;
      clearInterval(sweep);
      clearTimeout(retryTimer);
      await running;
    },
  };
}
