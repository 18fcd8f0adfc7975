import type { ChangeStamps } from './changeStamps';

/**
 * Answers kept in memory by key, each valid while the stamp of what it was drawn from
 * (changeStamps.ts) is unchanged. `maxEntries` bounds the memory whatever keys are asked for:
 * oldest first out.
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, { stamp: string; value: T }>();

  constructor(
    private readonly stamps: ChangeStamps,
    private readonly maxEntries: number,
  ) {}

  /** The answer for `key` drawn from `depends`, computed when absent or stale; `stamp` null when nothing is cached. */
  async get(key: string, depends: readonly string[], compute: () => Promise<T>): Promise<{ value: T; stamp: string | null }> {
    // Read before computing: a write committing meanwhile leaves a newer answer under an older stamp, never the reverse.
    const stamp = this.stamps.stamp(depends);
    const hit = this.entries.get(key);
    if (stamp !== null && hit?.stamp === stamp) return { value: hit.value, stamp };
    const value = await compute();
    if (stamp !== null) {
      this.entries.delete(key);
      this.entries.set(key, { stamp, value });
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return { value, stamp };
  }
}
