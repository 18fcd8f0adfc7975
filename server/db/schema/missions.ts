import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MissionEventAction, ProposalStatus, SlaPhase, StoredMissionStatus } from '../../../src/domain/missions';
import type { EtaSource } from '../../../src/domain/positions/eta';
import type { RoleType } from '../../../src/domain/roles';
import { carriers, causes, leaderships, places, requesters, shippers } from './catalogues';
import { createdAt, idColumn, refColumn, updatedAt } from './columns';
import { folded, unmaskedSql } from '../foldedText';
import { riskManagers, serviceProviders } from './companies';
import { franchisePlans } from './franchises';

/**
 * The missions marketplace (docs/rules/missions.md): missions, the providers' proposals on them and the
 * append-only event log every change writes in its own transaction.
 */

/** Where a mission (or a proposing team) is; `number` is the complement. */
const locationColumns = () => ({
  zipcode: text('zipcode'),
  address: text('address'),
  number: text('number'),
  neighborhood: text('neighborhood'),
  city: text('city'),
  state: text('state'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
});

/**
 * The product's status weights (MISSION_STATUS_WEIGHTS, src/domain/missions/statuses.ts) for the
 * stored statuses, kept as a generated column so "weight, then newest" is an index scan that
 * stops after one page instead of sorting a tenant's 100,000 rows. Checked against the domain
 * table by tests/server/missionsMonitoring.test.ts.
 */
const STATUS_WEIGHT = sql`(case status when 'open' then 0 when 'started' then 1 when 'billed_shipper' then 1
  when 'billed_provider' then 1 when 'billed' then 1 when 'finished' then 2 when 'canceled' then 5 else 9 end)`;

/**
 * The weight of the status as the provider holding the mission sees it (holderStatusWeight of
 * src/domain/missions/competition.ts): the shipper's side billed still reads 'finished' (2), so
 * the holder's list places such a mission among its finished ones and its position tells nothing
 * of the risk manager's billing. Checked against the domain by tests/server/missionsMonitoring.test.ts.
 */
const HOLDER_WEIGHT = sql`(case status when 'open' then 0 when 'started' then 1 when 'billed_shipper' then 2
  when 'billed_provider' then 1 when 'billed' then 1 when 'finished' then 2 when 'canceled' then 5 else 9 end)`;

export const missions = pgTable(
  'missions',
  {
    id: idColumn(),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    processNumber: text('process_number'),
    shipper: refColumn('shipper_id')
      .notNull()
      .references(() => shippers.id, { onDelete: 'restrict' }),
    franchisePlan: refColumn('franchise_plan_id')
      .notNull()
      .references(() => franchisePlans.id, { onDelete: 'restrict' }),
    requester: refColumn('requester_id')
      .notNull()
      .references(() => requesters.id, { onDelete: 'restrict' }),
    cause: refColumn('cause_id').references(() => causes.id, { onDelete: 'restrict' }),
    carrier: refColumn('carrier_id').references(() => carriers.id, { onDelete: 'restrict' }),
    place: refColumn('place_id').references(() => places.id, { onDelete: 'restrict' }),
    leadership: refColumn('leadership_id').references(() => leaderships.id, { onDelete: 'restrict' }),
    ...locationColumns(),
    status: text('status').$type<StoredMissionStatus>().notNull().default('open'),
    statusWeight: integer('status_weight').generatedAlwaysAs(STATUS_WEIGHT),
    holderWeight: integer('holder_weight').generatedAlwaysAs(HOLDER_WEIGHT),
    serviceProvider: refColumn('service_provider_id').references(() => serviceProviders.id, { onDelete: 'restrict' }),
    finishingAsked: boolean('finishing_asked').notNull().default(false),
    // The moments the SLA phases turn on (src/domain/missions/sla.ts), kept by triggers of
    // migration 0026 from the timeline's events and the agents' arrival readings.
    slaFirstProposalAt: timestamp('sla_first_proposal_at', { withTimezone: true, mode: 'date' }),
    slaAcceptedAt: timestamp('sla_accepted_at', { withTimezone: true, mode: 'date' }),
    slaEtaMinutes: integer('sla_eta_minutes'),
    slaArrivedAt: timestamp('sla_arrived_at', { withTimezone: true, mode: 'date' }),
    // The live arrival estimate from the team's latest position (server/positions/liveEstimate.ts,
    // migration 0046): when it is projected on place, the fix it came from, and how ('route' or
    // 'straight_line').
    liveEtaArrivalAt: timestamp('live_eta_arrival_at', { withTimezone: true, mode: 'date' }),
    liveEtaFixAt: timestamp('live_eta_fix_at', { withTimezone: true, mode: 'date' }),
    liveEtaSource: text('live_eta_source').$type<EtaSource>(),
    slaFinishedAt: timestamp('sla_finished_at', { withTimezone: true, mode: 'date' }),
    slaBilledAt: timestamp('sla_billed_at', { withTimezone: true, mode: 'date' }),
    // The breaches on its timeline ('sla_breached_<phase>'), kept by the same triggers (migration 0031).
    slaBreached: text('sla_breached').array().notNull().default(sql`'{}'`),
    // The other system's own reference of a mission it opened with an API key (docs/rules/integrations.md).
    externalReference: text('external_reference'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A tenant's monitoring page (risk-manager users; a provider's open missions: weight 0).
    index('missions_risk_manager_weight_created_idx').on(t.riskManager, t.statusWeight, t.createdAt.desc(), t.id.desc()),
    // A tenant's page filtered by one status.
    index('missions_risk_manager_status_created_idx').on(t.riskManager, t.status, t.createdAt.desc(), t.id.desc()),
    // The missions a provider holds, in the order its list shows them.
    index('missions_service_provider_holder_weight_created_idx').on(t.serviceProvider, t.holderWeight, t.createdAt.desc(), t.id.desc()),
    // The monitoring search: pieces of a process number, and a shipper's missions (migration 0040).
    index('missions_process_number_folded_trgm_idx').using('gin', sql`${folded(t.processNumber)} gin_trgm_ops`),
    index('missions_process_number_unmasked_trgm_idx').using('gin', sql`${unmaskedSql(t.processNumber)} gin_trgm_ops`),
    index('missions_shipper_idx').on(t.shipper),
    // One mission per external reference in a tenant: a system that retries with a new Idempotency-Key still opens one.
    uniqueIndex('missions_risk_manager_external_reference_idx').on(t.riskManager, t.externalReference).where(sql`${t.externalReference} is not null`),
    // Platform admins: every tenant.
    index('missions_weight_created_idx').on(t.statusWeight, t.createdAt.desc(), t.id.desc()),
    // The SLA sweep: running phases with no breach written (migration 0031); the ended ones wait in sla_ends.
    index('missions_sla_pending_idx')
      .on(t.id)
      .where(sql`sla_pending(${t.status}, ${t.slaFirstProposalAt}, ${t.slaAcceptedAt}, ${t.slaArrivedAt}, ${t.slaFinishedAt}, ${t.slaBreached})`),
  ],
);

/**
 * The phase ends the SLA sweep has not judged yet (server/missions/slaBreaches.ts), put here by a
 * trigger on the mission row in the writer's transaction (migration 0037) when the phase had a
 * target; the sweep judges each once, however old, and removes it.
 */
export const slaEnds = pgTable(
  'sla_ends',
  {
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    phase: text('phase').$type<SlaPhase>().notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.mission, t.phase] })],
);

export const proposals = pgTable(
  'proposals',
  {
    id: idColumn(),
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    riskManager: refColumn('risk_manager_id')
      .notNull()
      .references(() => riskManagers.id, { onDelete: 'restrict' }),
    serviceProvider: refColumn('service_provider_id')
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'restrict' }),
    status: text('status').$type<ProposalStatus>().notNull(),
    /** The mission's creation time (never changes), copied so a provider's lost missions are read in
     * page order from one index instead of joining and sorting all of them. */
    missionCreatedAt: timestamp('mission_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The mission was canceled before anyone got it (kept by migration 0032's triggers): a live
     * proposal on it keeps the mission on its provider's monitoring page, as canceled. */
    missionDropped: boolean('mission_dropped').notNull().default(false),
    etaTime: text('eta_time'),
    etaDistanceKm: doublePrecision('eta_distance_km'),
    ...locationColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One proposal per provider per mission: a second POST replaces it, a removal marks it canceled.
    uniqueIndex('proposals_mission_provider_idx').on(t.mission, t.serviceProvider),
    // A provider's proposals by status in mission order (its lost missions on the monitoring page).
    index('proposals_provider_status_created_idx').on(t.serviceProvider, t.status, t.missionCreatedAt.desc(), t.mission.desc()),
    // A provider's live proposals on dropped missions, in mission order (the same page, canceled).
    index('proposals_provider_dropped_created_idx')
      .on(t.serviceProvider, t.missionCreatedAt.desc(), t.mission.desc())
      .where(sql`${t.missionDropped} and ${t.status} in ('pending', 'completed')`),
  ],
);

/** Append-only (migration trigger refuses UPDATE and DELETE): the mission timeline. */
export const missionEvents = pgTable(
  'mission_events',
  {
    id: idColumn(),
    /** Insertion order: events of one mission are written under its row lock, so this is their order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    mission: refColumn('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'restrict' }),
    // No foreign key: the log outlives the accounts that wrote it (a deleted login keeps its name
    // here), and an ON DELETE action would have to update an append-only row.
    actorUser: refColumn('actor_user_id'),
    actorName: text('actor_name').notNull(),
    roleType: text('role_type').$type<RoleType>().notNull(),
    action: text('action').$type<MissionEventAction>().notNull(),
    fromStatus: text('from_status').$type<StoredMissionStatus>(),
    toStatus: text('to_status').$type<StoredMissionStatus>(),
    serviceProvider: refColumn('service_provider_id').references(() => serviceProviders.id, { onDelete: 'restrict' }),
    serviceProviderName: text('service_provider_name'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /** The hash chain (src/domain/reports/chain.ts): the mission's previous event's hash (null first). */
    prevHash: text('prev_hash'),
    /** SHA-256 hex of the canonical event; null only for events written before the chain, until
     * sealEventChains (server/db/eventChain.ts) fills it at startup. */
    hash: text('hash'),
    /** The canonical form (src/domain/reports/chain.ts): 1 clear, 2 personal data beside it (docs/rules/privacy.md). */
    chainVersion: smallint('chain_version').notNull().default(1),
    /** v2: the HMAC of the event's personal values (mission_event_personal); null when it has none. */
    personalDigest: text('personal_digest'),
  },
  (t) => [
    index('mission_events_mission_seq_idx').on(t.mission, t.seq),
    // The few events still waiting for their hash, so the startup sealing finds them without a scan.
    index('mission_events_unsealed_idx').on(t.mission).where(sql`${t.hash} is null`),
    // One breach per phase and mission (server/missions/slaBreaches.ts).
    uniqueIndex('mission_events_sla_breach_idx').on(t.mission, t.action).where(sql`${t.action} like 'sla_breached_%'`),
    // One arrival and one leaving per mission (server/positions/presence.ts).
    uniqueIndex('mission_events_presence_idx').on(t.mission, t.action).where(sql`${t.action} in ('team_arrived', 'team_left')`),
  ],
);

/**
 * One token per tenant, replaced by triggers on every write to missions and proposals (migration
 * 0008), inside the writer's transaction. The monitoring total is cached per (scope, filter) only
 * while the token it was counted under is current, so several server instances on one PostgreSQL
 * never serve a stale total. A random token rather than a counter: a counter restarting after the
 * table is emptied would bring back old cache keys.
 */
export const missionVersions = pgTable('mission_versions', {
  riskManager: refColumn('risk_manager_id')
    .primaryKey()
    .references(() => riskManagers.id, { onDelete: 'restrict' }),
  version: text('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * How many missions each (tenant, holder, status, creation day) has, kept by triggers in the
 * writer's transaction (migration 0017), so the monitoring total sums a few hundred rows instead of
 * counting a tenant's 100,000 missions after every write (server/missions/monitoringTotal.ts).
 * `service_provider_id` is '' while nobody holds the mission; the day is the UTC date of created_at.
 */
export const missionTallies = pgTable(
  'mission_tallies',
  {
    riskManager: refColumn('risk_manager_id').notNull(),
    serviceProvider: text('service_provider_id').notNull(),
    status: text('status').$type<StoredMissionStatus>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    missions: integer('missions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.riskManager, t.serviceProvider, t.status, t.day] }),
    // The days inside a date filter, of a tenant (and its provider) or of all (migration 0038).
    index('mission_tallies_risk_manager_day_idx').on(t.riskManager, t.day, t.serviceProvider),
    index('mission_tallies_day_idx').on(t.day),
  ],
);

/** A provider's rejected proposals per UTC creation day of their missions (same triggers' migration). */
export const rejectedProposalTallies = pgTable(
  'rejected_proposal_tallies',
  {
    serviceProvider: refColumn('service_provider_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    proposals: integer('proposals').notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceProvider, t.day] })],
);

/**
 * The same tallies without the day (migration 0030, same triggers): the monitoring total without a
 * date filter, which most polls ask, sums a few rows per tenant instead of a year of days.
 */
export const missionStatusTallies = pgTable(
  'mission_status_tallies',
  {
    riskManager: refColumn('risk_manager_id').notNull(),
    serviceProvider: text('service_provider_id').notNull(),
    status: text('status').$type<StoredMissionStatus>().notNull(),
    missions: integer('missions').notNull(),
  },
  (t) => [primaryKey({ name: 'mission_status_tallies_pk', columns: [t.riskManager, t.serviceProvider, t.status] })],
);

/** A provider's rejected proposals, all days together (migration 0030). */
export const rejectedProposalTotals = pgTable('rejected_proposal_totals', {
  serviceProvider: refColumn('service_provider_id').primaryKey(),
  proposals: integer('proposals').notNull(),
});
