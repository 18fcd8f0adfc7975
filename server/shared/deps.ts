import type { Agent } from 'node:https';
import type { ChangeStamps } from '../cache/changeStamps';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Notifications } from '../db/notifications';
import type { Mailer } from '../mail/mailer';
import type { Storage } from '../files/store';
import type { PositionRefusal } from '../../src/domain/positions';

/**
 * What every feature's routes are given (server/http/app.ts builds it): the configuration, the
 * database, the mailer, the app's clock (tests move it: reset-code expiry, rate-limit windows), the
 * database's announcements and the change stamps drawn from them.
 */
export interface FeatureDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  now: () => Date;
  notifications: Notifications;
  /** The stored files (attachments, chat files, theme images): local disk or S3 (server/files/store.ts). */
  storage: Storage;
  stamps: ChangeStamps;
  /** Counts the features keep for the metrics endpoint (server/http/metrics.ts). */
  gauges: RuntimeGauges;
  /** The live stream's heartbeat period and lifetime (tests shorten them); defaults in src/domain/live. */
  live?: { heartbeatMs?: number; maxStreamMs?: number };
  /**
   * The push dispatcher's first retry delay, sweep period and TLS agent (tests shorten them and trust
   * their stub); defaults in server/push/dispatch.ts. `dispatch: false`: no dispatcher on this
   * instance (the tests that do not look at pushes: tests/server/helpers.ts).
   */
  push?: { retryMs?: number; sweepMs?: number; agent?: Agent; dispatch?: boolean };
  /** `worker: false`: no webhook worker on this instance (tests that look at the outbox itself, or at none). */
  webhooks?: { worker?: boolean };
}

/** What this instance has open right now, and what it counted since it started, read when the metrics are scraped. */
export interface RuntimeGauges {
  liveStreams: number;
  /** Positions from known devices not stored, by reason (docs/rules/positions.md). */
  positionsRefused: Record<PositionRefusal, number>;
}
