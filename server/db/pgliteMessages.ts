/** What the main thread sends the PGlite thread (pgliteWorker.ts); each is answered once, by `id`. */
export type ToWorker = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; textTypes: number[]; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

/** What the PGlite thread sends back: answers, announcements heard (NOTIFY), and whether it opened. */
export type FromWorker =
  | { kind: 'answer'; id: number; ok: true; value: unknown }
  | { kind: 'answer'; id: number; ok: false; error: PlainError }
  | { kind: 'notify'; channel: string; payload: string }
  | { kind: 'ready' }
  | { kind: 'failed'; error: PlainError };

/** An error as it crosses threads: the message and PostgreSQL's own fields (code, constraint, table…). */
export type PlainError = { name?: string; message: string } & Record<string, unknown>;

/** How the thread opens its database: a data directory (none: in memory), optionally from a dump. */
export interface WorkerStart {
  dataDir?: string;
  template?: ArrayBuffer;
  /** PGlite's binaries, compiled once by the main thread (pgliteThread.ts), and its file bundle. */
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array<ArrayBuffer>;
  /**
   * The trigram extension's bundle (a file: address), loaded at every opening: the monitoring
   * search's indexes need it (migration 0040, docs/performance/monitoring-poll.md).
   */
  pgTrgm: string;
}
