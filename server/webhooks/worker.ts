import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FeatureDeps } from '../shared/deps';
import { attempt, claimDue, claimMsOf, recordAttempt, type ClaimedMessage } from './delivery';
import { mailDisabledEndpoint } from './disabledMail';

/**
 * The instance's webhook worker (docs/rules/webhooks.md): woken by every announcement on
 * 'mission_events' (a mission event was committed, and with it its webhook messages), by a timer
 * set to the next message due and by a periodic sweep. Deliveries run side by side, up to
 * IN_FLIGHT at once, each on its own: a receiver that never answers holds one slot for its
 * timeout, not the others. A write never waits for any of this.
 */

/** Deliveries at once per instance; the due messages beyond them wait, unclaimed, for a free slot. */
export const IN_FLIGHT = 64;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const SWEEP_MS = 30_000;

export interface WebhookWorker {
  /** Runs a pass now (the screen's 'Reenviar' and 'Enviar teste' on this instance). */
  wake(): void;
  close(): Promise<void>;
}

/** Milliseconds until the next message is due (a retry, or a claim of a dead instance expiring); null when none waits. */
async function nextDueInMs(deps: FeatureDeps): Promise<number | null> {
  const rows = rowsOf<{ wait: number | string | null }>(await deps.db.execute(sql`
    select extract(epoch from (min(greatest(m.next_attempt_at, coalesce(m.claimed_until, m.next_attempt_at))) - now())) * 1000 as wait
    from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id
    where m.state = 'pending' and e.active`));
  const wait = rows[0]?.wait;
  return wait === null || wait === undefined ? null : Math.max(0, Number(wait));
}

export function startWebhookWorker(deps: FeatureDeps, log: FastifyBaseLogger): WebhookWorker {
  const { db, config, mailer } = deps;
  const settings = config.webhooks;
  const claimMs = claimMsOf(settings);
  const inFlight = new Set<Promise<void>>();
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const deliver = async (message: ClaimedMessage) => {
    const at = new Date();
    const result = await attempt(message, settings, at);
    const disabled = await recordAttempt(db, message, at, result, settings);
    if (disabled) await mailDisabledEndpoint(db, mailer, config.publicUrl, disabled);
  };

  const pass = async () => {
    for (;;) {
      if (closed) return;
      const room = IN_FLIGHT - inFlight.size;
      if (room === 0) {
        // Every slot held (a receiver that never answers): the first delivery to end wakes the
        // worker. A timer for the messages already due would ask the database again every few
        // milliseconds until then, and on the embedded database each query waits before the writes.
        clearTimeout(timer);
        return;
      }
      const claimed = await claimDue(db, room, claimMs);
      for (const message of claimed) {
        const one: Promise<void> = deliver(message)
          .catch((error: unknown) => log.error({ err: error, message: message.id }, 'webhooks: falha ao registrar a entrega'))
          .finally(() => {
            inFlight.delete(one);
            wake();
          });
        inFlight.add(one);
      }
      if (claimed.length < room) break;
    }
    const wait = closed ? null : await nextDueInMs(deps);
    clearTimeout(timer);
    if (wait !== null && !closed) timer = setTimeout(wake, Math.min(wait, SWEEP_MS) + 5);
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
          log.error({ err: error }, 'webhooks: falha ao buscar mensagens');
        }
      } while (again && !closed);
      running = null;
    })();
  }

  deps.notifications.on('mission_events', wake);
  deps.notifications.onGap(wake);
  const sweep = setInterval(wake, SWEEP_MS);
  sweep.unref();
  wake();

  return {
    wake,
    async close() {
      closed = true;
      clearInterval(sweep);
      clearTimeout(timer);
      await running;
      await Promise.all([...inFlight]);
    },
  };
}
