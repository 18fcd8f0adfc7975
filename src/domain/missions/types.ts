/**
 * The missions service's records as the API sends them (docs/rules/missions.md: Mission request,
 * Proposal; docs/api.md Missions) — one definition for the server's mappers and the screens, read
 * from the answers' JSON Schemas (responseSchemas.ts, docs/decisions/one-contract-per-endpoint.md).
 */
import type { FromSchema } from '../fromSchema';
import type {
  locationSchema,
  missionDetailSchema,
  missionEventSchema,
  missionRowSchema,
  monitoringPageSchema,
  namedRefSchema,
  proposalSchema,
} from './responseSchemas';

/** Where the mission happens (docs/rules/missions.md: location; `number` is the complement). */
export type MissionLocation = FromSchema<typeof locationSchema>;

/** A row of GET request/monitoring, as the caller may see it (the fields' meaning: responseSchemas.ts). */
export type MissionRow = FromSchema<typeof missionRowSchema>;

/** A named reference (cause, carrier, place, leadership) or null when the mission has none. */
export type NamedRef = FromSchema<typeof namedRefSchema>;

/** GET request/id/{id}: the row plus the other optional references. */
export type MissionDetail = FromSchema<typeof missionDetailSchema>;

/** GET request/monitoring (docs/api.md). `page` is 1-based. */
export type MonitoringPage = FromSchema<typeof monitoringPageSchema>;

/** Rows per monitoring page. */
export const MONITORING_PAGE_SIZE = 20;

/**
 * The monitoring list's sortable columns (ours: docs/rules/missions.md sorts the generic lists by their
 * headers;
 * without a sort the list keeps the product's status order, newest first).
 */
export const MONITORING_SORTS = ['status', 'processNumber', 'shipper', 'place', 'createdAt', 'provider'] as const;
export type MonitoringSort = (typeof MONITORING_SORTS)[number];

/** A proposal (docs/rules/missions.md). A search notice is pending without eta and location. */
export type Proposal = FromSchema<typeof proposalSchema>;

/** hh:mm until arrival, and the distance. */
export type ProposalEta = NonNullable<Proposal['eta']>;

export type ProposalLocation = MissionLocation;

/** One entry of GET {id}/events, oldest first. Nothing updates or deletes an event. */
export type MissionEvent = FromSchema<typeof missionEventSchema>;

/** What a sub-collection event tells: the item by its name, and its fields that changed. */
export type DetailChange = NonNullable<MissionEvent['change']>;

/** One field of a sub-collection item as it read before and after a write ('—': absent). */
export type DetailFieldChange = DetailChange['fields'][number];

/** Paths of the missions service, relative to API_BASES.missions (docs/api.md; `:id/events` is ours). */
export const MISSION_PATHS = {
  monitoring: 'request/monitoring',
  one: 'request/id/:id',
  create: 'request',
  status: 'request/:id/status',
  askFinish: ':id/askfinish',
  proposals: ':id/proposals',
  proposalCreate: 'proposals',
  proposalOne: 'proposals/:id',
  events: ':id/events',
} as const;
