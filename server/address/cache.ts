/**
 * A small bounded LRU with a time-to-live, for the address proxy's upstream answers. It is a
 * per-instance optimisation only: an instance that misses simply asks the upstream again, so
 * nothing here is state another instance needs (docs/operations/several-instances.md keeps shared state
 * in the database).
 */
export class TtlCache<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recent first.
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
