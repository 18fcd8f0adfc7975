/** server/config.ts: the settings read from the environment that have rules of their own. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { LIVE_STREAMS_PER_USER } from '../../src/domain/live';

const saved = process.env.LIVE_STREAMS_PER_USER;
afterEach(() => {
  if (saved === undefined) delete process.env.LIVE_STREAMS_PER_USER;
  else process.env.LIVE_STREAMS_PER_USER = saved;
});

const streamsWith = (value: string | undefined) => {
  if (value === undefined) delete process.env.LIVE_STREAMS_PER_USER;
  else process.env.LIVE_STREAMS_PER_USER = value;
  return loadConfig({ dataDir: '/tmp/pr-config-test', jwtSecret: 'x'.repeat(32) }).liveStreamsPerUser;
};

describe('config', () => {
  it('LIVE_STREAMS_PER_USER: a whole number from 1 up, otherwise the default', () => {
    expect(streamsWith(undefined)).toBe(LIVE_STREAMS_PER_USER);
    expect(streamsWith('')).toBe(LIVE_STREAMS_PER_USER);
    expect(streamsWith('500')).toBe(500);
    for (const bad of ['0', '-3', '2.5', 'muitos', '1e400']) expect(streamsWith(bad), bad).toBe(LIVE_STREAMS_PER_USER);
  });
});
