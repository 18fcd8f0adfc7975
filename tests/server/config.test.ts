/** server/config.ts: the settings read from the environment that have rules of their own. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { LIVE_STREAMS_PER_USER } from '../../src/domain/live';
import { TRACKING_LINK_TTL_HOURS, trackingExpiresAt } from '../../src/domain/tracking';

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

describe('TRACKING_LINK_TTL_HOURS', () => {
  const savedTtl = process.env.TRACKING_LINK_TTL_HOURS;
  afterEach(() => {
    if (savedTtl === undefined) delete process.env.TRACKING_LINK_TTL_HOURS;
    else process.env.TRACKING_LINK_TTL_HOURS = savedTtl;
  });
  const ttlWith = (value: string | undefined) => {
    if (value === undefined) delete process.env.TRACKING_LINK_TTL_HOURS;
    else process.env.TRACKING_LINK_TTL_HOURS = value;
    return loadConfig({ dataDir: '/tmp/pr-config-test', jwtSecret: 'x'.repeat(32) }).trackingLinkTtlHours;
  };

  it('hours after the mission ended: a whole number from 0 up (0 ends the link with the mission), otherwise 24', () => {
    expect(ttlWith(undefined)).toBe(TRACKING_LINK_TTL_HOURS);
    expect(TRACKING_LINK_TTL_HOURS).toBe(24);
    expect(ttlWith('72')).toBe(72);
    expect(ttlWith('0')).toBe(0);
    for (const bad of ['', '-1', '1.5', 'um dia']) expect(ttlWith(bad), bad).toBe(24);
    // The link's clock: none while the mission runs, the end + the configured hours after.
    const ended = new Date('2026-11-20T12:00:00.000Z');
    expect(trackingExpiresAt(null, 72)).toBeNull();
    expect(trackingExpiresAt(ended, 72)?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(trackingExpiresAt(ended, 0)?.toISOString()).toBe('2026-11-20T12:00:00.000Z');
  });
});
