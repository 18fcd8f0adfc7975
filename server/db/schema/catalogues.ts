import { boolean, index, integer, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refColumn, uniqueName, updatedAt } from './columns';
import { riskManagers } from './companies';

/**
 * The simple catalogues of the admin service (docs/rules/catalogues.md). Every tenant-owned table carries
 * risk_manager_id and a (risk_manager_id, name) index: lists are always "one tenant, by name".
 */
export const tenantLookup = (table: string) =>
  pgTable(
    table,
    {
      id: idColumn(),
      riskManager: refColumn('risk_manager_id')
        .notNull()
        .references(() => riskManagers.id, { onDelete: 'restrict' }),
      name: text('name').notNull(),
      active: boolean('active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [index(`${table}_risk_manager_name_idx`).on(t.riskManager, t.name), uniqueName(table, t.name, t.riskManager)],
  );

/** Motivos de acionamento. */
export const causes = tenantLookup('causes');
/** Transportadores. */
export const carriers = tenantLookup('carriers');
/** Locais. */
export const places = tenantLookup('places');
/** Lideranças. */
export const leaderships = tenantLookup('leaderships');
/** Solicitantes. */
export const requesters = tenantLookup('requesters');

/** States and cities are shared by every tenant and written only by platform admins. */
export const states = pgTable(
  'states',
  {
    id: idColumn(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('states_name_idx').on(t.name), uniqueName('states', t.name)],
);

export const cities = pgTable(
  'cities',
  {
    id: idColumn(),
    state: refColumn('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // name first: GET /cities reads the whole table in name order (the budget in docs/performance.md:
  // 5,000 rows < 30 ms).
  (t) => [index('cities_name_idx').on(t.name), index('cities_state_idx').on(t.state), uniqueName('cities', t.name, t.state)],
);

/** Embarcadores. CNPJ stored upper-case without punctuation; unique inside one tenant. */
export const shippers = pgTable(
  'shippers',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    legalName: text('legal_name').notNull(),
    cnpj: text('cnpj').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shippers_risk_manager_name_idx').on(t.riskManager, t.name),
    uniqueIndex('shippers_risk_manager_cnpj_idx').on(t.riskManager, t.cnpj),
    uniqueName('shippers', t.name, t.riskManager),
  ],
);

/** Parâmetros da missão: which optional mission fields a tenant requires. One row per tenant. */
export const missionConfigs = pgTable('mission_configs', {
  id: idColumn(),
  riskManager: refColumn('risk_manager_id')
    .notNull()
    .unique()
    .references(() => riskManagers.id, { onDelete: 'restrict' }),
  requiredCause: boolean('required_cause').notNull().default(false),
  requiredCarrier: boolean('required_carrier').notNull().default(false),
  requiredPlace: boolean('required_place').notNull().default(false),
  requiredLeadership: boolean('required_leadership').notNull().default(false),
  // SLA targets in minutes per phase, null: no target (src/domain/missions/sla.ts).
  slaProposal: integer('sla_proposal'),
  slaAccept: integer('sla_accept'),
  slaArrival: integer('sla_arrival'),
  slaExecution: integer('sla_execution'),
  slaBilling: integer('sla_billing'),
  // The live arrival estimate without a router (src/domain/positions/eta.ts), null: the default.
  etaRoadFactor: real('eta_road_factor'),
  etaAverageSpeedKmh: integer('eta_average_speed_kmh'),
  // Metres around the mission's place that count as being there (docs/rules/positions.md).
  arrivalRadius: integer('arrival_radius').notNull().default(200),
  // SOS and check-in (docs/rules/alarms.md): the SMS fallback's phone, the escalation e-mails and minutes, the silence minutes (null: off).
  alarmsPhone: text('alarms_phone'),
  alarmsEmails: text('alarms_emails'),
  alarmsEscalateMinutes: integer('alarms_escalate_minutes').notNull().default(5),
  alarmsSilenceMinutes: integer('alarms_silence_minutes'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Tokens replaced by statement triggers in the writer's transaction: 'mission_names' moves with
 * every write to a table whose names the missions screen shows (migration 0018), and its change is
 * announced to every instance (0019), which drops its cached missions pages (server/cache).
 */
export const catalogueVersions = pgTable('catalogue_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
});
