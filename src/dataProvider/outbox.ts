/**
 * The device's outbox (docs/rules/field-app.md, "Nada se perde sem sinal"): a field action that
 * cannot reach the server because the network failed is kept on the device with its
 * Idempotency-Key and sent, in the order typed, when the connection returns.
 *
 * - Queued only when the network fails (no answer at all) or when older actions of the same user
 *   still wait (so the order holds). An answer — a refusal, a 5xx — is the server's, shown as usual.
 *   An SOS (urgentAction) never waits behind older actions: it is sent at once, and replayed first.
 * - Replayed in order on `flush()` (the app calls it at start, on `online` and periodically). Every
 *   replay sends the entry's own key: if an earlier try did reach the server, the server answers
 *   its first answer again instead of running the action twice (server/http/plugins/idempotency.ts).
 * - A refusal during a replay (the mission was canceled meanwhile, a validation) stays in the list
 *   with the server's Portuguese message until the user discards or edits it; nothing disappears.
 * - Per user: only the signed-in user's entries are listed and sent, with that user's token; the
 *   user is checked again before each send, so a sign-out in the middle stops the replay.
 */
import { IDEMPOTENCY_ERRORS } from '../domain/idempotency';
import { HttpError } from './HttpError';
import { newIdempotencyKey } from './httpClient';
import { urgentAction, type OutboxAction, type OutboxSender } from './outboxActions';
import type { OutboxEntry, OutboxStore } from './outboxStore';

export interface OutboxDeps {
  store: OutboxStore;
  send: OutboxSender;
  isOnline?: () => boolean;
  newKey?: () => string;
  now?: () => Date;
}

export type Submitted = { readonly queued: false; readonly reply: unknown } | { readonly queued: true; readonly entry: OutboxEntry };

export interface Outbox {
  /** Sends the action now, or keeps it for later when the network fails. */
  submit: (action: OutboxAction, where: string) => Promise<Submitted>;
  /** Sends what waits, oldest first, until the network fails again. */
  flush: () => Promise<void>;
  /**
   * Who is signed in (null: nobody, and nothing is queued nor sent): that user's entries are read and
   * replayed. Called at start and whenever the user changes.
   */
  signedIn: (userId: string | null) => Promise<void>;
  /** The signed-in user's entries, oldest first (the same array until something changes). */
  entries: () => readonly OutboxEntry[];
  subscribe: (listener: () => void) => () => void;
  /** Called with each entry the server accepted during a replay, and its answer. */
  onSent: (listener: (entry: OutboxEntry, reply: unknown) => void) => () => void;
  discard: (seq: number) => Promise<void>;
}

/** No answer came: the action waits for the connection. */
const unreachable = (error: unknown) => error instanceof HttpError && error.status === 0;

/**
 * Worth trying again later rather than a refusal: no answer, the session to renew (401), a server
 * starting or overloaded (502-504…), or the first try still running on the server.
 */
const tryLater = (error: unknown) =>
  !(error instanceof HttpError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status > 500 ||
  (error.status === 409 && error.message === IDEMPOTENCY_ERRORS.inProgress);

export function createOutbox({ store, send, isOnline = () => navigator.onLine, newKey = newIdempotencyKey, now = () => new Date() }: OutboxDeps): Outbox {
  let current: readonly OutboxEntry[] = [];
  /** The signed-in user; `current` holds this user's entries. */
  let user: string | null = null;
  const listeners = new Set<() => void>();
  const sentListeners = new Set<(entry: OutboxEntry, reply: unknown) => void>();
  let flushing: Promise<void> | null = null;
  let again = false;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const reload = async (owner: string) => {
    const entries = await store.list(owner);
    // The user may have changed meanwhile: another user's entries are never shown.
    if (owner !== user) return;
    current = entries;
    emit();
  };
  const waiting = () => current.some((e) => e.rejection === null);

  async function queue(owner: string, key: string, action: OutboxAction, where: string) {
    const entry = await store.add({ userId: owner, key, action, where, queuedAt: now().toISOString(), rejection: null });
    await reload(owner);
    return entry;
  }

  async function replay(owner: string) {
    const entries = await store.list(owner);
    const urgentFirst = [...entries.filter((e) => urgentAction(e.action)), ...entries.filter((e) => !urgentAction(e.action))];
    for (const entry of urgentFirst) {
      if (entry.rejection !== null) continue;
      if (user !== owner) return;
      let reply: unknown;
      try {
        reply = await send(entry.action, entry.key);
      } catch (error) {
        if (tryLater(error)) return;
        await store.put({ ...entry, rejection: error instanceof Error ? error.message : String(error) });
        await reload(owner);
        continue;
      }
      await store.remove(entry.seq);
      await reload(owner);
      for (const listener of [...sentListeners]) listener(entry, reply);
    }
  }

  const outbox: Outbox = {
    async submit(action, where) {
      const owner = user;
      const key = newKey();
      if (owner === null) return { queued: false, reply: await send(action, key) };
      if (!isOnline() || (waiting() && !urgentAction(action))) {
        const entry = await queue(owner, key, action, where);
        void outbox.flush();
        return { queued: true, entry };
      }
      try {
        return { queued: false, reply: await send(action, key) };
      } catch (error) {
        if (!unreachable(error)) throw error;
        return { queued: true, entry: await queue(owner, key, action, where) };
      }
    },

    flush() {
      if (flushing) {
        again = true;
        return flushing;
      }
      const run = async () => {
        do {
          again = false;
          // The browser knows it has no network: the next `online` event flushes.
          if (user === null || !isOnline()) return;
          await replay(user);
        } while (again);
      };
      // Cleared in a later step, after the assignment, even when the run ends at once.
      flushing = run().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    async signedIn(userId) {
      if (userId !== user) {
        user = userId;
        current = [];
        emit();
      }
      if (userId === null) return;
      await reload(userId);
      await outbox.flush();
    },
    entries: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onSent(listener) {
      sentListeners.add(listener);
      return () => sentListeners.delete(listener);
    },
    async discard(seq) {
      await store.remove(seq);
      if (user !== null) await reload(user);
    },
  };
  return outbox;
}
