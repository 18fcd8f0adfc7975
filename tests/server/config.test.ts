/** server/config.ts: the settings read from the environment that have rules of their own. */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
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

describe('config: metrics and S3', () => {
  const KEYS = ['METRICS_TOKEN', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_REGION'];
  const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  afterEach(() => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
  const load = (env: Record<string, string>) => {
    for (const key of KEYS) delete process.env[key];
    Object.assign(process.env, env);
    return loadConfig({ dataDir: '/tmp/pr-config-test', jwtSecret: 'x'.repeat(32) });
  };

  it('METRICS_TOKEN: unset turns the endpoint off; a short or spaced one stops the start with a Portuguese message', () => {
    expect(load({}).metricsToken).toBeNull();
    expect(load({ METRICS_TOKEN: 'a'.repeat(24) }).metricsToken).toBe('a'.repeat(24));
    for (const bad of ['curto', 'com espaço no meio 1234', `${'a'.repeat(20)}\u0007`]) {
      expect(() => load({ METRICS_TOKEN: bad }), bad).toThrow(ConfigError);
      expect(() => load({ METRICS_TOKEN: bad }), bad).toThrow(/^METRICS_TOKEN inválido/);
    }
  });

  it('S3: both endpoint and bucket, a real URL, a valid bucket name and both keys, or a Portuguese message', () => {
    expect(load({}).s3).toBeNull();
    expect(load({ S3_ENDPOINT: 'http://minio:9000/', S3_BUCKET: 'arquivos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'arquivos',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    const refusals: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'arquivos' }, /^Defina S3_ENDPOINT e S3_BUCKET juntos/],
      [{ S3_ENDPOINT: 'minio:9000 x', S3_BUCKET: 'arquivos' }, /^S3_ENDPOINT inválido/],
      [{ S3_ENDPOINT: 'ftp://minio', S3_BUCKET: 'arquivos' }, /^S3_ENDPOINT inválido: use http/],
      [{ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'Arquivos_Grandes' }, /^S3_BUCKET inválido/],
      [{ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'arquivos', S3_ACCESS_KEY_ID: 'k' }, /^Defina S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntos/],
      [{ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'arquivos', S3_FORCE_PATH_STYLE: 'sim' }, /^S3_FORCE_PATH_STYLE inválido/],
    ];
    for (const [env, message] of refusals) expect(() => load(env), JSON.stringify(env)).toThrow(message);
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
