import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { PlainError, ToWorker, WorkerStart } from './pgliteMessages';

/**
 * The embedded PostgreSQL (PGlite) on a thread of its own. PGlite runs every statement — parsing,
 * planning, executing, decoding the answer — synchronously in WebAssembly on the thread that owns
 * it; on the request thread, a 20 ms page query held every other request for 20 ms, cached or not.
 * Here it holds only this thread: the requests whose answers are cached keep being served
 * meanwhile (bench monitoring, 200 pollers with a mission written every 2 s).
 *
 * One statement at a time, in arrival order, as PGlite itself does; a transaction holds the
 * database between its begin and end messages (PGlite queues the other statements behind it).
 */

const port = parentPort!;
const start = workerData as WorkerStart;

/**
 * The answer parsers the main thread asked for by type id: each returns the text as it came
 * (drizzle's). The same few sets come with every statement: each is built once.
 */
const parserSets = new Map<string, Record<number, (value: string) => string>>();
const same = (value: string) => value;
function asText(types: number[]) {
  const key = types.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(types.map((type) => [type, same]))));
  return parsers;
}

/** What survives the copy to the main thread: the message and PostgreSQL's fields (code, constraint…). */
function plainError(error: unknown): PlainError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value !== 'function' && typeof value !== 'object') fields[key] = value;
  return { ...fields, name: error.name, message: error.message };
}

async function open(): Promise<PGlite> {
  if (start.dataDir) mkdirSync(start.dataDir, { recursive: true });
  const { pgliteWasmModule, initdbWasmModule } = start;
  const fsBundle = new Blob([start.fsBundle]);
  const loadDataDir = start.template ? new Blob([start.template]) : undefined;
  const extensions = { pg_trgm: new URL(start.pgTrgm) };
  return PGlite.create(start.dataDir, { pgliteWasmModule, initdbWasmModule, fsBundle, extensions, ...(loadDataDir ? { loadDataDir } : {}) });
}

const db = await open().catch((error: unknown) => {
  port.postMessage({ kind: 'failed', error: plainError(error) });
  throw error;
});
/** The open transactions: PGlite's handle, the main thread's decision, and its outcome. */
const transactions = new Map<number, { tx: Transaction; decide: (commit: boolean) => void; settled: Promise<void> }>();
let nextTransaction = 1;

/** The statement's target: the database, or the open transaction it belongs to. */
function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transação ${tx} não está aberta`);
  return open.tx;
}

async function answer(message: ToWorker): Promise<unknown> {
  switch (message.op) {
    case 'query':
      return target(message.tx).query(message.sql, message.params, { rowMode: message.rowMode, parsers: asText(message.textTypes) });
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error(`transação ${message.tx} não está aberta`);
      open.decide(message.commit);
      await open.settled;
      return null;
    }
    case 'listen':
      await db.listen(message.channel, (payload) => port.postMessage({ kind: 'notify', channel: message.channel, payload }));
      return null;
    case 'dump':
      return (await db.dumpDataDir('none')).arrayBuffer();
    case 'close':
      await db.close();
      return null;
  }
}

class RolledBack extends Error {}

/**
 * Opens a transaction and answers its number once PGlite holds it. It commits, or rolls back, when
 * the main thread's 'end' says so; that answer waits for the COMMIT, so a failed commit is the
 * 'end' statement's error and the announcements it made were heard before (PGlite delivers them
 * while it reads the COMMIT's answer, and messages arrive in order).
 */
function begin(): Promise<number> {
  const id = nextTransaction++;
  return new Promise((began, failed) => {
    let decide: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const settled: Promise<void> = db
      .transaction(async (tx) => {
        transactions.set(id, { tx, decide, settled });
        began(id);
        if (!(await decided)) throw new RolledBack();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof RolledBack) return;
          // Failed before it began (the database closed): the 'begin' is what failed.
          if (!transactions.has(id)) failed(error instanceof Error ? error : new Error(String(error)));
          throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // Awaited by the 'end' message; this keeps a failure before it from going unhandled.
    settled.catch(() => {});
  });
}

port.on('message', (message: ToWorker) => {
  answer(message).then(
    (value) => port.postMessage({ kind: 'answer', id: message.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
    (error: unknown) => port.postMessage({ kind: 'answer', id: message.id, ok: false, error: plainError(error) }),
  );
});
port.postMessage({ kind: 'ready' });
