import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from './columns';
import { riskManagers } from './companies';
import { missions } from './missions';

/**
 * The shipper's tracking links (migration 0025): a read-only view of one mission for people without
 * a login. The token is random and only its SHA-256 is kept, so a database copy opens nothing; the
 * risk manager sees each link's views. Revoking announces itself (trigger) so open pages end at once.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: idColumn(),
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    hash: text('hash').notNull(),
    /** Who created it (no foreign key: the link outlives a deleted login, like the mission events). */
    createdBy: refColumn('created_by'),
    views: integer('views').notNull().default(0),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tracking_links_hash_idx').on(t.hash), index('tracking_links_mission_created_idx').on(t.mission, t.createdAt.desc())],
);
