import type { ChangeStamps } from './changeStamps';

/** What a StampedCache needs of the stamps: ChangeStamps, or a stand-in in a unit test. */
export type Stamps = Pick<ChangeStamps, 'stamp'>;

/**
 * Answers kept in memory by key, each valid while the stamp of what it was drawn from
 * (changeStamps.ts) is unchanged. `maxEntries` bounds the memory whatever keys are asked for:
 * oldest first out. Requests missing the same key under the same stamp share one computation: after
 * a write, the users of a scope polling at once ask the database once, not once each.
 *
 * Answers are computed when asked for, never ahead of time. Recomputing every polled page as soon
 * as a write moved its stamp was tried and measured worse on the embedded PGlite, when its queries
 * still ran on the thread that serves the requests: a burst of recomputations after each write held every
 * poll behind it (bench `monitoring`; the figures in docs/performance.md).
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T }>();
  private readonly computing = new Map<string, { stamp: string; promise: Promise<T> }>();

  constructor(
    private readonly stamps: Stamps,
    private readonly maxEntries: number,
  ) {}

  /** The answer for `key` drawn from `depends`, computed when absent or stale; `stamp` null when nothing is cached. */
  async get(key: string, depends: readonly string[], compute: () => Promise<T>): Promise<{ value: T; stamp: string | null }> {
    // Read before computing: a write committing meanwhile leaves a newer answer under an older stamp, never the reverse.
    const stamp = this.stamps.stamp(depends);
    if (stamp === null) return { value: await compute(), stamp };
    const hit = this.entries.get(key);
    if (hit?.stamp === stamp) return { value: hit.value, stamp };
    const running = this.computing.get(key);
    if (running?.stamp === stamp) return { value: await running.promise, stamp };
    const promise = compute();
    this.computing.set(key, { stamp, promise });
    try {
      const value = await promise;
      this.entries.delete(key);
      this.entries.set(key, { stamp, value });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      return { value, stamp };
    } finally {
      if (this.computing.get(key)?.promise === promise) this.computing.delete(key);
    }
  }
}
