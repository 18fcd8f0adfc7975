import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PrivacyRequestKind } from '../../../src/domain/privacy';
import { createdAt, idColumn, refColumn, updatedAt } from './columns';
import { riskManagers } from './companies';
import { missionEvents, missions } from './missions';

/**
 * LGPD (docs/rules/privacy.md): the personal values of the mission events written in chain form v2
 * and the key of their digest; the tenants' retention; the data subjects' requests; the security
 * incidents register; and the day each daily retention pass ran.
 */

/**
 * The personal values of one v2 event (src/domain/privacy/eventPersonal.ts), in placeholder order,
 * and the HMAC key the event's digest was made with. An anonymisation rewrites the values and
 * erases the key (the row of the event, append-only, is never touched).
 */
export const missionEventPersonal = pgTable(
  'mission_event_personal',
  {
    event: refColumn('event_id')
      .primaryKey()
      .references(() => missionEvents.id, { onDelete: 'restrict' }),
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    /** Hex of 32 random bytes; null once the values were anonymised. */
    key: text('key'),
    values: jsonb('values').$type<string[]>().notNull(),
  },
  (t) => [index('mission_event_personal_mission_idx').on(t.mission)],
);

/** A tenant's retention (the defaults apply without a row). */
export const privacySettings = pgTable('privacy_settings', {
  riskManager: refColumn('risk_manager_id')
    .primaryKey()
    .references(() => riskManagers.id, { onDelete: 'cascade' }),
  positionDays: integer('position_days').notNull(),
  missionPeopleYears: integer('mission_people_years').notNull(),
  updatedAt: updatedAt(),
});

/** A data subject's request (LGPD art. 18) as the tenant's Administrador recorded it, and its answer. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<PrivacyRequestKind>().notNull(),
    requesterName: text('requester_name').notNull(),
    channel: text('channel').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** What was searched: a CPF (digits), an e-mail or a name. */
    subject: text('subject').notNull(),
    recordedBy: refColumn('recorded_by'),
    recordedByName: text('recorded_by_name').notNull(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_requests_tenant_idx').on(t.riskManager, t.receivedOn),
    check('privacy_requests_kind', sql`${t.kind} in ('access', 'anonymisation')`),
  ],
);

/** A security incident (ANPD Res. 15/2024); kept at least five years (a trigger refuses an earlier delete). */
export const privacyIncidents = pgTable(
  'privacy_incidents',
  {
    id: idColumn(),
    /** The tenant it concerns; null for one recorded by the platform admin for the platform. */
    riskManager: refColumn('risk_manager_id').references(() => riskManagers.id, { onDelete: 'restrict' }),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    nature: text('nature').notNull(),
    dataCategories: text('data_categories').notNull(),
    peopleAffected: integer('people_affected').notNull(),
    measures: text('measures').notNull(),
    anpdNotifiedOn: date('anpd_notified_on', { mode: 'string' }),
    subjectsNotifiedOn: date('subjects_notified_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('privacy_incidents_tenant_idx').on(t.riskManager, t.occurredOn)],
);

/** The day a retention pass ran: the instance that inserts the day runs it, the others skip. */
export const privacyRetentionRuns = pgTable('privacy_retention_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
