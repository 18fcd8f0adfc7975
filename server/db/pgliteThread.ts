import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWorker, PlainError, ToWorker, WorkerStart } from './pgliteMessages';

/** Finds the files of the packages the thread loads (import.meta.resolve is not there in every loader: vitest's). */
const resolvePackage = createRequire(import.meta.url);

/** The part of PGlite's query options drizzle passes: the row shape and its answer parsers. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

type Send = (message: DistributiveOmit<ToWorker, 'id'>) => Promise<unknown>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A statement's target as drizzle's PGlite driver sees it: the database or an open transaction. */
export interface PgliteConnection {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
}

/**
 * The embedded database, running on its own thread (pgliteWorker.ts), with the PGlite methods the
 * server uses: drizzle's (query, transaction), the announcements' (listen) and the backups'
 * (dumpDataDir). Statements are sent as messages and answered in order.
 */
export class PgliteThread implements PgliteConnection {
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, ((payload: string) => void)[]>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWorker) => this.receive(message));
    worker.on('error', (error) => this.stop(error));
    worker.on('exit', (code) => this.stop(new Error(`o banco de dados embutido parou (código ${code})`)));
  }

  /** Starts the thread and resolves once its database is open (a template is moved, not copied). */
  static async open(place: Pick<WorkerStart, 'dataDir' | 'template'>): Promise<PgliteThread> {
    const start: WorkerStart = { ...place, ...(await compiled()) };
    const worker = new Worker(bootstrap(), { workerData: start, transferList: start.template ? [start.template] : [] });
    const opened = new Promise<void>((resolve, reject) => {
      const first = (message: FromWorker) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(databaseError(message.error));
        else return;
        worker.off('message', first);
      };
      worker.on('message', first);
      worker.once('error', reject);
    });
    const thread = new PgliteThread(worker);
    await opened;
    return thread;
  }

  /** Statements sent and not yet answered: more than one means requests wait for the database. */
  get pending(): number {
    return this.waiting.size;
  }

  async query(sql: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<unknown> {
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textTypes: textTypes(options.parsers), tx });
  }

  /** Runs `callback` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: PgliteConnection) => Promise<T>): Promise<T> {
    const id = (await this.send({ op: 'begin' })) as number;
    const tx: PgliteConnection = {
      query: (sql, params, options) => this.query(sql, params, options, id),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.send({ op: 'end', tx: id, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Calls `handler` with each announcement on `channel`, before the answer of the statement that caused it. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const handlers = this.listeners.get(channel) ?? [];
    this.listeners.set(channel, [...handlers, handler]);
    if (handlers.length === 0) await this.send({ op: 'listen', channel });
    return () => {
      this.listeners.set(channel, (this.listeners.get(channel) ?? []).filter((h) => h !== handler));
      return Promise.resolve();
    };
  }

  /** An image of the data directory (PGlite's dumpDataDir), taken between two statements. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.send({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ op: 'close' });
    this.stop(new Error('o banco de dados embutido foi fechado'));
    await this.worker.terminate();
  }

  private readonly send: Send = (message) => {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const sent: ToWorker = { ...message, id };
      this.worker.postMessage(sent);
    });
  };

  private receive(message: FromWorker) {
    if (message.kind === 'notify') {
      for (const handler of this.listeners.get(message.channel) ?? []) handler(message.payload);
      return;
    }
    if (message.kind !== 'answer') return;
    const waiting = this.waiting.get(message.id);
    this.waiting.delete(message.id);
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(databaseError(message.error));
  }

  /** The thread is gone: every statement still waiting fails, and so does every later one. */
  private stop(reason: Error) {
    if (this.stopped) return;
    this.stopped = reason;
    for (const { reject } of this.waiting.values()) reject(reason);
    this.waiting.clear();
  }
}

/** PostgreSQL's error as the driver gives it, fields included (errors.ts reads `code` and `constraint`). */
function databaseError(plain: PlainError): Error {
  const { message, ...fields } = plain;
  return Object.assign(new Error(message), fields);
}

/**
 * The type ids drizzle asks to keep as text (its parsers hand the value back as it came: dates,
 * timestamps, intervals, numeric arrays). Functions cannot cross threads, so the thread applies the
 * same; a parser that does anything else is refused rather than silently ignored. (drizzle builds
 * these options per statement, so there is nothing to remember between calls.)
 */
function textTypes(parsers: QueryOptions['parsers']): number[] {
  return Object.entries(parsers ?? {}).map(([type, parse]) => {
    if (parse('2001-02-03 04:05:06+00', Number(type)) !== '2001-02-03 04:05:06+00') {
      throw new Error(`o banco de dados embutido só devolve o tipo ${type} como texto`);
    }
    return Number(type);
  });
}

/**
 * PGlite's WebAssembly, compiled once per process and shared by every database thread (a compiled
 * module crosses threads without being compiled again): opening a database then costs its
 * instantiation only (the test files each open one).
 */
let binaries: Promise<Pick<WorkerStart, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle' | 'pgTrgm'>> | undefined;
function compiled() {
  binaries ??= (async () => {
    const file = (name: string) => readFile(resolvePackage.resolve(`@electric-sql/pglite/${name}`));
    const [pglite, initdb, bundle] = await Promise.all([file('pglite.wasm'), file('initdb.wasm'), file('pglite.data')]);
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite), WebAssembly.compile(initdb)]);
    // Where PGlite's own contrib/pg_trgm module finds it: beside the package's binaries.
    const pgTrgm = pathToFileURL(join(dirname(resolvePackage.resolve('@electric-sql/pglite/contrib/pg_trgm')), '..', 'pg_trgm.tar.gz')).href;
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Uint8Array(bundle), pgTrgm };
  })();
  return binaries;
}

/**
 * The thread's entry: pgliteWorker beside this module. Compiled (npm start runs dist-server/, where
 * it is a program of its own), it is plain JavaScript the worker loads as it is; from the sources
 * (development, tests) it is loaded through tsx as the server's own files are (a worker does not
 * inherit the `--import tsx` of its parent on Node 20, nor vitest's loader).
 */
function bootstrap(): URL {
  // A path, not `new URL('./…', import.meta.url)`: Vite rewrites that form into an asset address (the UI tests).
  const here = fileURLToPath(import.meta.url);
  const entry = pathToFileURL(join(dirname(here), `pgliteWorker${extname(here)}`));
  if (extname(here) === '.js') return entry;
  const code = `import { tsImport } from ${JSON.stringify(tsxApi())}; await tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * tsx's ES module API, found through its package's exports: Node 20's require.resolve answers the
 * CommonJS one, which cannot register tsx's loader from a data: module.
 */
function tsxApi(): string {
  const manifest = resolvePackage.resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api']!.import.default)).href;
}
