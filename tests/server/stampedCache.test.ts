import { describe, expect, it, vi } from 'vitest';
import { StampedCache, type Stamps } from '../../server/cache/stampedCache';

/** Stamps moved by hand: one counter per key. */
function handStamps() {
  const counters = new Map<string, number>();
  let live = true;
  const stamps: Stamps = {
    stamp: (keys) => (live ? keys.map((key) => counters.get(key) ?? 0).join(':') : null),
  };
  return {
    stamps,
    write(key: string) {
      counters.set(key, (counters.get(key) ?? 0) + 1);
    },
    silence: () => (live = false),
  };
}

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
});
