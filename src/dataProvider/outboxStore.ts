/**
 * Where the device's outbox keeps the actions typed without signal (docs/rules/field-app.md, "Nada
 * se perde sem sinal"): IndexedDB, so they survive a reload, closing the app and restarting the
 * phone, files included (IndexedDB keeps Blobs as they are). Each entry belongs to the user who
 * typed it and is only ever listed for that user.
 *
 * A browser without IndexedDB (some private windows) keeps them in memory for the page's life: the
 * actions still go out when the signal returns, unless the page is closed first.
 */
import type { OutboxAction } from './outboxActions';

export interface OutboxEntry {
  /** The order they were typed in, across users (IndexedDB's own counter). */
  readonly seq: number;
  readonly userId: string;
  /** The Idempotency-Key the first try used: every replay sends the same, so the server runs it once. */
  readonly key: string;
  readonly action: OutboxAction;
  /** The screen it was typed on, where 'Editar' takes it back. */
  readonly where: string;
  readonly queuedAt: string;
  /** The server's message when it refused the action; null while it waits to be sent. */
  readonly rejection: string | null;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'seq'>;

export interface OutboxStore {
  add(entry: NewOutboxEntry): Promise<OutboxEntry>;
  /** The user's entries, oldest first. */
  list(userId: string): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(seq: number): Promise<void>;
}

const DB_NAME = 'prontaResposta.outbox';
const STORE = 'actions';
const BY_USER = 'userId';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });

function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
    store.createIndex(BY_USER, BY_USER);
  };
  return done(request);
}

function indexedDbStore(factory: IDBFactory): OutboxStore {
  let db: Promise<IDBDatabase> | null = null;
  const objects = async (mode: IDBTransactionMode) => {
    db ??= openDb(factory);
    return (await db).transaction(STORE, mode).objectStore(STORE);
  };
  return {
    async add(entry) {
      const seq = await done((await objects('readwrite')).add(entry));
      return { ...entry, seq: Number(seq) };
    },
    async list(userId) {
      const rows = (await done((await objects('readonly')).index(BY_USER).getAll(userId))) as OutboxEntry[];
      return rows.sort((a, b) => a.seq - b.seq);
    },
    async put(entry) {
      await done((await objects('readwrite')).put(entry));
    },
    async remove(seq) {
      await done((await objects('readwrite')).delete(seq));
    },
  };
}

export function memoryOutboxStore(): OutboxStore {
  const rows = new Map<number, OutboxEntry>();
  let next = 1;
  return {
    add(entry) {
      const row = { ...entry, seq: next++ };
      rows.set(row.seq, row);
      return Promise.resolve(row);
    },
    list(userId) {
      return Promise.resolve([...rows.values()].filter((r) => r.userId === userId).sort((a, b) => a.seq - b.seq));
    },
    put(entry) {
      rows.set(entry.seq, entry);
      return Promise.resolve();
    },
    remove(seq) {
      rows.delete(seq);
      return Promise.resolve();
    },
  };
}

/** The device's outbox store: IndexedDB where the browser has it. */
export const openOutboxStore = (): OutboxStore =>
  typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbStore(indexedDB);
