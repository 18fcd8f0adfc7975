import { describe, expect, it, vi } from 'vitest';
import { StampedCache, type Stamps } from '../../server/cache/stampedCache';

/** Stamps moved by hand: one counter per key, listeners told as ChangeStamps tells them. */
function handStamps() {
  const counters = new Map<string, number>();
  const listeners = new Set<() => void>();
  let live = true;
  const stamps: Stamps = {
    stamp: (keys) => (live ? keys.map((key) => counters.get(key) ?? 0).join(':') : null),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    stamps,
    write(key: string) {
      counters.set(key, (counters.get(key) ?? 0) + 1);
      for (const listener of listeners) listener();
    },
    silence: () => (live = false),
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('StampedCache', () => {
  it('keeps an answer while its stamp holds, and computes again once it moves', async () => {
    const hand = handStamps();
    const cache = new StampedCache<number>(hand.stamps, 10);
    let n = 0;
    const compute = () => Promise.resolve(++n);
    expect((await cache.get('k', ['a'], compute)).value).toBe(1);
    expect((await cache.get('k', ['a'], compute)).value).toBe(1);
    hand.write('b');
    expect((await cache.get('k', ['a'], compute)).value).toBe(1);
    hand.write('a');
    expect((await cache.get('k', ['a'], compute)).value).toBe(2);
  });

  it('lets requests missing the same answer share one computation', async () => {
    const cache = new StampedCache<string>(handStamps().stamps, 10);
    const compute = vi.fn(() => new Promise<string>((resolve) => setTimeout(() => resolve('página'), 5)));
    const answers = await Promise.all([cache.get('k', ['a'], compute), cache.get('k', ['a'], compute), cache.get('k', ['a'], compute)]);
    expect(answers.map((a) => a.value)).toEqual(['página', 'página', 'página']);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('gives an answer overtaken by a write to its asker but does not keep it', async () => {
    const hand = handStamps();
    const cache = new StampedCache<number>(hand.stamps, 10);
    let n = 0;
    const first = await cache.get('k', ['a'], () => {
      hand.write('a');
      return Promise.resolve(++n);
    });
    expect(first.value).toBe(1);
    expect((await cache.get('k', ['a'], () => Promise.resolve(++n))).value).toBe(2);
  });

  it('keeps nothing while the stamps cannot be trusted', async () => {
    const hand = handStamps();
    hand.silence();
    const cache = new StampedCache<number>(hand.stamps, 10);
    let n = 0;
    await cache.get('k', ['a'], () => Promise.resolve(++n));
    expect((await cache.get('k', ['a'], () => Promise.resolve(++n))).value).toBe(2);
  });

  it('forgets the oldest answer beyond maxEntries', async () => {
    const cache = new StampedCache<string>(handStamps().stamps, 2);
    for (const key of ['x', 'y', 'z']) await cache.get(key, ['a'], () => Promise.resolve(key));
    const again = vi.fn(() => Promise.resolve('de novo'));
    await cache.get('y', ['a'], again);
    await cache.get('z', ['a'], again);
    expect(again).not.toHaveBeenCalled();
    expect((await cache.get('x', ['a'], again)).value).toBe('de novo');
  });

  describe('refreshing ahead', () => {
    function refreshing(usedWithinMs = 1000) {
      const hand = handStamps();
      let now = 0;
      const onError = vi.fn();
      const cache = new StampedCache<number>(hand.stamps, 10, { usedWithinMs, onError, now: () => now });
      return { hand, cache, onError, later: (ms: number) => (now += ms) };
    }

    it('computes a recently asked answer again when its stamp moves, before anyone asks', async () => {
      const { hand, cache } = refreshing();
      let n = 0;
      const compute = vi.fn(() => Promise.resolve(++n));
      await cache.get('k', ['a'], compute);
      hand.write('a');
      await settled();
      expect(compute).toHaveBeenCalledTimes(2);
      const next = vi.fn(() => Promise.resolve(-1));
      expect((await cache.get('k', ['a'], next)).value).toBe(2);
      expect(next).not.toHaveBeenCalled();
    });

    it('leaves alone the answers nobody asked for lately and those whose stamp did not move', async () => {
      const { hand, cache, later } = refreshing(1000);
      const old = vi.fn(() => Promise.resolve(1));
      const other = vi.fn(() => Promise.resolve(2));
      await cache.get('antigo', ['a'], old);
      later(1500);
      await cache.get('outro', ['b'], other);
      hand.write('a');
      await settled();
      expect(old).toHaveBeenCalledTimes(1);
      expect(other).toHaveBeenCalledTimes(1);
    });

    it('refreshes an answer once until someone reads it again: never more work than the requests would cause', async () => {
      const { hand, cache } = refreshing();
      let n = 0;
      const compute = vi.fn(() => Promise.resolve(++n));
      await cache.get('k', ['a'], compute);
      hand.write('a');
      await settled();
      hand.write('a');
      await settled();
      expect(compute).toHaveBeenCalledTimes(2);
      expect((await cache.get('k', ['a'], compute)).value).toBe(3);
      hand.write('a');
      await settled();
      expect(compute).toHaveBeenCalledTimes(4);
    });

    it('tells a failed refresh, and the next request computes it again and gets the error', async () => {
      const { hand, cache, onError } = refreshing();
      let fail = false;
      const compute = () => (fail ? Promise.reject(new Error('banco indisponível')) : Promise.resolve(1));
      await cache.get('k', ['a'], compute);
      fail = true;
      hand.write('a');
      await settled();
      await settled();
      expect(onError).toHaveBeenCalledOnce();
      await expect(cache.get('k', ['a'], compute)).rejects.toThrow('banco indisponível');
    });
  });
});
