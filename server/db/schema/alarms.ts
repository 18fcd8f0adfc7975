import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AlarmKind } from '../../../src/domain/alarms';
import { idColumn, refColumn } from './columns';
import { missions } from './missions';

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * SOS and check-in alarms (docs/rules/alarms.md): raised by the holder's team ('sos') or by the
 * server's sweep ('silence'), open until a risk manager user presses 'Ciente'.
 */
export const missionAlarms = pgTable(
  'mission_alarms',
  {
    id: idColumn(),
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<AlarmKind>().notNull(),
    raisedAt: moment('raised_at').notNull(),
    /** The user who pressed SOS; null when the server raised it (a silence). */
    raisedByUser: refColumn('raised_by_user_id'),
    raisedByName: text('raised_by_name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    silenceMinutes: integer('silence_minutes'),
    acknowledgedAt: moment('acknowledged_at'),
    acknowledgedByUser: refColumn('acknowledged_by_user_id'),
    acknowledgedByName: text('acknowledged_by_name'),
    escalatedAt: moment('escalated_at'),
  },
  (t) => [
    check('mission_alarms_kind', sql`${t.kind} in ('sos', 'silence')`),
    // One open alarm per mission and kind: a double press or a replay raises nothing more.
    uniqueIndex('mission_alarms_open_idx').on(t.mission, t.kind).where(sql`${t.acknowledgedAt} is null`),
    index('mission_alarms_mission_idx').on(t.mission, t.raisedAt),
    // What the escalation pass reads every time: the few alarms neither acknowledged nor e-mailed.
    index('mission_alarms_unescalated_idx').on(t.raisedAt).where(sql`${t.acknowledgedAt} is null and ${t.escalatedAt} is null`),
  ],
);
