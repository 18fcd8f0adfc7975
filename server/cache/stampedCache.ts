import type { ChangeStamps } from './changeStamps';

/** What a StampedCache needs of the stamps: ChangeStamps, or a stand-in in a unit test. */
export type Stamps = Pick<ChangeStamps, 'stamp' | 'onChange'>;

/**
 * Recompute, as soon as a write moves their stamp, the answers asked for within `usedWithinMs`
 * and read since they were last computed, instead of making the next request wait for them. The
 * second condition keeps the work at most what the requests would have caused: with a mission
 * written every 2 s and a page polled every 5 s, refreshing on every write would read it 2.5 times
 * per poll. Only for answers whose recomputation is
 * database work shared by many users (the monitoring pages): after each mission written, the first
 * poll of every scope paid a page query on the one-threaded embedded database, which was the p99
 * of 200 pollers (bench/monitoring.ts).
 */
export interface RefreshAhead {
  usedWithinMs: number;
  /** Where a failed recomputation is told; the next request computes it again and answers the error. */
  onError: (error: unknown) => void;
  now?: () => number;
}

interface Entry<T> {
  /** The stamp `value` was drawn under; null while no value is held. */
  stamp: string | null;
  value?: T;
  depends: readonly string[];
  compute: () => Promise<T>;
  usedAt: number;
  /** Asked for since its last refresh ahead. */
  read: boolean;
}

/**
 * Answers kept in memory by key, each valid while the stamp of what it was drawn from
 * (changeStamps.ts) is unchanged. `maxEntries` bounds the memory whatever keys are asked for:
 * oldest first out. Requests missing the same key under the same stamp share one computation.
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly computing = new Map<string, { stamp: string; promise: Promise<T> }>();
  private readonly now: () => number;

  constructor(
    private readonly stamps: Stamps,
    private readonly maxEntries: number,
    private readonly refreshAhead?: RefreshAhead,
  ) {
    this.now = refreshAhead?.now ?? Date.now;
    if (refreshAhead) stamps.onChange(() => this.refresh());
  }

  /** The answer for `key` drawn from `depends`, computed when absent or stale; `stamp` null when nothing is cached. */
  async get(key: string, depends: readonly string[], compute: () => Promise<T>): Promise<{ value: T; stamp: string | null }> {
    // Read before computing: a write committing meanwhile leaves a newer answer under an older stamp, never the reverse.
    const stamp = this.stamps.stamp(depends);
    if (stamp === null) return { value: await compute(), stamp };
    let entry = this.entries.get(key);
    if (entry) {
      entry.usedAt = this.now();
      entry.read = true;
      entry.compute = compute;
      if (entry.stamp === stamp) return { value: entry.value as T, stamp };
    } else {
      entry = { stamp: null, depends, compute, usedAt: this.now(), read: true };
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value as string);
    }
    return { value: await this.computeUnder(key, stamp), stamp };
  }

  private drop(key: string): void {
    this.entries.delete(key);
    this.computing.delete(key);
  }

  /** The entry's answer under `stamp`, joining a computation already under way for it. */
  private computeUnder(key: string, stamp: string): Promise<T> {
    const running = this.computing.get(key);
    if (running?.stamp === stamp) return running.promise;
    const entry = this.entries.get(key) as Entry<T>;
    const promise = entry.compute().then(
      (value) => {
        if (this.computing.get(key)?.promise === promise) this.computing.delete(key);
        // Kept only while still current: an answer overtaken by a write is given to its askers, not kept.
        if (this.entries.get(key) === entry && this.stamps.stamp(entry.depends) === stamp) Object.assign(entry, { stamp, value });
        return value;
      },
      (error: unknown) => {
        if (this.computing.get(key)?.promise === promise) this.computing.delete(key);
        throw error;
      },
    );
    this.computing.set(key, { stamp, promise });
    return promise;
  }

  private refresh(): void {
    const { usedWithinMs, onError } = this.refreshAhead as RefreshAhead;
    const since = this.now() - usedWithinMs;
    for (const [key, entry] of this.entries) {
      if (entry.usedAt < since || !entry.read || entry.stamp === null) continue;
      const stamp = this.stamps.stamp(entry.depends);
      if (stamp === null || stamp === entry.stamp) continue;
      entry.read = false;
      this.computeUnder(key, stamp).catch(onError);
    }
  }
}
