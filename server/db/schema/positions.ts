import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn } from './columns';
import { serviceProviders } from './companies';

/**
 * Where the team is (docs/rules/positions.md). A provider's tracking devices: the identifier typed
 * into Traccar Client is the device's credential (128 random bits), revoked rather than deleted so
 * the list keeps what each phone was. `key`: the small number the positions refer to it by.
 */
export const trackerDevices = pgTable(
  'tracker_devices',
  {
    id: idColumn(),
    key: integer('key').generatedAlwaysAsIdentity().notNull(),
    serviceProvider: refColumn('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    agent: text('agent'),
    identifier: text('identifier').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('tracker_devices_identifier_idx').on(t.identifier),
    uniqueIndex('tracker_devices_key_idx').on(t.key),
    index('tracker_devices_service_provider_idx').on(t.serviceProvider, t.createdAt),
  ],
);

/**
 * One row per stored fix, kept compact (about 60 bytes with the row header): the device's key,
 * coordinates in ten-millionths of a degree (about a centimetre), and 4-byte readings. Indexed for
 * time ranges by a BRIN on the fix time (rows arrive nearly in time order; a few pages of index for
 * millions of rows: the retention's delete and a mission's window) and per device by time.
 */
export const positions = pgTable(
  'positions',
  {
    device: integer('device_key')
      .notNull()
      .references(() => trackerDevices.key, { onDelete: 'cascade' }),
    fixedAt: timestamp('fixed_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    latE7: integer('lat_e7').notNull(),
    lonE7: integer('lon_e7').notNull(),
    /** km/h (OsmAnd sends knots, Traccar Client 9 m/s). */
    speedKmh: real('speed_kmh'),
    bearing: real('bearing'),
    altitude: real('altitude'),
    accuracy: real('accuracy'),
    /** Percent. */
    battery: smallint('battery'),
  },
  (t) => [
    index('positions_fixed_at_brin').using('brin', t.fixedAt),
    index('positions_device_fixed_idx').on(t.device, t.fixedAt),
    // The intake refuses these first (server/positions/reading.ts); the table never holds one either.
    check('positions_lat_range', sql`${t.latE7} between -900000000 and 900000000`),
    check('positions_lon_range', sql`${t.lonE7} between -1800000000 and 1800000000`),
  ],
);

