import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Odometer } from '../../../src/domain/billing/types';
import type { ChatType, OccurrenceType, VehicleType } from '../../../src/domain/missionDetails/types';
import type { RoleType } from '../../../src/domain/roles';
import { idColumn, refColumn } from './columns';
import { unmaskedSql } from '../foldedText';
import { rosterAgents } from './agents';
import { missions } from './missions';
import { users } from './users';

/**
 * A mission's sub-collections (docs/rules/missions.md): vehicles, occurrences, security agents and attachments,
 * each a row addressed by mission + createdAt (docs/architecture.md; unique per mission, millisecond
 * precision as the API carries it), and the mission chat.
 */

/** createdAt as the API's identifier: milliseconds (PostgreSQL keeps microseconds otherwise). */
const itemCreatedAt = () => timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull();
const missionRef = () =>
  refColumn('mission_id')
    .notNull()
    .references(() => missions.id, { onDelete: 'cascade' });

export const missionVehicles = pgTable(
  'mission_vehicles',
  {
    id: idColumn(),
    mission: missionRef(),
    driver: text('driver').notNull(),
    driverPin: text('driver_pin'),
    type: text('type').$type<VehicleType>().notNull(),
    plate: text('plate').notNull(),
    chassis: text('chassis'),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    color: text('color'),
    createdAt: itemCreatedAt(),
  },
  (t) => [
    uniqueIndex('mission_vehicles_item_idx').on(t.mission, t.createdAt),
    // The monitoring search by a piece of a plate, typed with or without its hyphen (migration 0040).
    index('mission_vehicles_plate_unmasked_trgm_idx').using('gin', sql`${unmaskedSql(t.plate)} gin_trgm_ops`),
  ],
);

export const missionOccurrences = pgTable(
  'mission_occurrences',
  {
    id: idColumn(),
    mission: missionRef(),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull(),
    type: text('type').$type<OccurrenceType>().notNull(),
    description: text('description').notNull(),
    zipcode: text('zipcode'),
    neighborhood: text('neighborhood'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    address: text('address'),
    number: text('number'),
    complement: text('complement'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: itemCreatedAt(),
  },
  (t) => [uniqueIndex('mission_occurrences_item_idx').on(t.mission, t.createdAt)],
);

export const missionAgents = pgTable(
  'mission_agents',
  {
    id: idColumn(),
    mission: missionRef(),
    name: text('name').notNull(),
    /** The four readings as the API carries them ({km, time ISO}), the later ones null until read; validated by the shared schema. */
    odometer: jsonb('odometer').$type<Odometer>().notNull(),
    /**
     * The roster agent picked (docs/rules/agents.md) and his CPF, CNV and validity as they were that
     * day, so the mission's history stays true; all null for a name typed freely ('sem cadastro').
     */
    rosterAgent: refColumn('roster_agent_id').references(() => rosterAgents.id, { onDelete: 'set null' }),
    cpf: text('cpf'),
    cnvNumber: text('cnv_number'),
    cnvValidUntil: date('cnv_valid_until', { mode: 'string' }),
    createdAt: itemCreatedAt(),
  },
  (t) => [uniqueIndex('mission_agents_item_idx').on(t.mission, t.createdAt), index('mission_agents_roster_agent_idx').on(t.rosterAgent)],
);

export const missionAttachments = pgTable(
  'mission_attachments',
  {
    id: idColumn(),
    mission: missionRef(),
    description: text('description').notNull(),
    /** Generated storage name (server/files/store.ts), unique: the file route finds the mission by it. */
    file: text('file').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** When a photo was taken and where the phone was (docs/rules/field-app.md): null for other files, or when unknown. */
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date', precision: 3 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: itemCreatedAt(),
  },
  (t) => [
    uniqueIndex('mission_attachments_item_idx').on(t.mission, t.createdAt),
    uniqueIndex('mission_attachments_file_idx').on(t.file),
    check('mission_attachments_position_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);

export const missionMessages = pgTable(
  'mission_messages',
  {
    id: idColumn(),
    mission: missionRef(),
    // Kept when the user is deleted later (the message stays, nobody can delete it any more).
    senderUser: refColumn('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    senderRole: text('sender_role').$type<RoleType>().notNull(),
    chatType: text('chat_type').$type<ChatType>().notNull(),
    message: text('message').notNull().default(''),
    file: text('file'),
    mime: text('mime'),
    size: integer('size'),
    /** The sender's name of the file (cleanFileName), shown on the bubble; never used to store or serve it. */
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('mission_messages_mission_created_idx').on(t.mission, t.createdAt, t.id),
    uniqueIndex('mission_messages_file_idx').on(t.file).where(sql`${t.file} is not null`),
  ],
);

/**
 * How far each user has read each mission's chat (docs/rules/missions.md, the chat action's unread badge): the
 * createdAt of the latest message it was shown. Messages after it, sent by someone else, are unread.
 */
export const chatReads = pgTable(
  'chat_reads',
  {
    user: refColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mission: missionRef(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user, t.mission] })],
);
