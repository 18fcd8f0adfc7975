/**
 * The missions service's answers as JSON Schema, for its contracts (contracts.ts): they describe the
 * API (the OpenAPI document) and are its serializer, so a field not declared here never leaves the
 * server — a provider gets only what its mapper chose and this allows (docs/rules/missions.md,
 * provider confidentiality). The servers' mappers and the screens read their types from them (types.ts).
 */
import { ROLE_TYPES } from '../roles';
import { missionSlaSchema } from './sla';
import { MISSION_STATUSES, PROPOSAL_STATUSES, STORED_MISSION_STATUSES } from './statuses';
import { MISSION_EVENT_ACTIONS } from './eventActions';
import { text, nullableText } from '../jsonSchemaParts';

const storedStatus = { type: ['string', 'null'], enum: [...STORED_MISSION_STATUSES, null] } as const;

/** Where the mission happens (docs/rules/missions.md: location; `number` is the complement). */
export const locationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['zipcode', 'address', 'number', 'neighborhood', 'city', 'state', 'latitude', 'longitude'],
  properties: {
    zipcode: text,
    address: text,
    number: text,
    neighborhood: text,
    city: text,
    state: text,
    latitude: { type: 'number' },
    longitude: { type: 'number' },
  },
} as const;

/** A named reference (cause, carrier, place, leadership) or null when the mission has none. */
export const namedRefSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['_id', 'name'],
  properties: { _id: text, name: text },
} as const;

const rowProperties = {
  _id: text,
  processNumber: nullableText,
  // What the row shows: the stored status, or 'rejected' ('Outro fornecedor definido') for a
  // provider that proposed on a mission another provider got.
  status: { type: 'string', enum: MISSION_STATUSES },
  // The status as stored for the risk manager's users and admins; for a provider, as it sees it
  // (competition.ts): its own side's billing only, and null on a mission it lost.
  storedStatus,
  finishingAsked: { type: 'boolean' },
  createdAt: { type: 'string', format: 'date-time' },
  // dd/mm/aaaa hh:mm in America/Sao_Paulo.
  createdAtDisplay: text,
  riskManager: text,
  riskManagerName: text,
  shipper: text,
  shipperName: text,
  franchise_plan: text,
  franchisePlanName: text,
  requester: text,
  requesterNameDisplay: text,
  serviceProvider: nullableText,
  // The holder's name, or 'Em leilão' while open without one.
  serviceProviderName: text,
  location: locationSchema,
  // The place of the risk manager's catalogue ('Local'), when the mission names one.
  place: namedRefSchema,
  // The caller's unread messages in the mission's chat (sent by others since it last read it),
  // counted up to UNREAD_COUNT_CAP; 0 when the caller may not read that chat.
  unreadMessages: { type: 'integer', minimum: 0 },
  // The calling provider's own proposal on this mission (null for other callers or none yet).
  ownProposal: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['_id', 'status'],
    properties: { _id: text, status: { type: 'string', enum: PROPOSAL_STATUSES } },
  },
  // The phase clocks' moments and the tenant's targets (sla.ts computes the clock from them in the
  // browser); null for a provider on a mission it does not hold, which shows no clock.
  sla: missionSlaSchema,
} as const;

/** A row of the monitoring list. */
export const missionRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(rowProperties),
  properties: rowProperties,
} as const;

const detailProperties = { ...rowProperties, cause: namedRefSchema, carrier: namedRefSchema, leadership: namedRefSchema } as const;

/** One mission (GET request/id/{id}, and the answer of every change of it). */
export const missionDetailSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(detailProperties),
  properties: detailProperties,
} as const;

const pageProperties = {
  data: { type: 'array', items: missionDetailSchema },
  page: { type: 'integer', minimum: 1 },
  totalPages: { type: 'integer', minimum: 0 },
  total: { type: 'integer', minimum: 0 },
} as const;

/** GET request/monitoring: one page of missions. */
export const monitoringPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(pageProperties),
  properties: pageProperties,
} as const;

const proposalProperties = {
  _id: text,
  riskManager: text,
  serviceProvider: text,
  missionRequest: text,
  status: { type: 'string', enum: PROPOSAL_STATUSES },
  eta: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['time', 'distanceInKm'],
    // time: hh:mm until arrival.
    properties: { time: text, distanceInKm: { type: 'number' } },
  },
  location: { ...locationSchema, type: ['object', 'null'] },
  serviceProviderInfo: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: text } },
  createdAt: { type: 'string', format: 'date-time' },
} as const;

/** A proposal. */
export const proposalSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(proposalProperties),
  properties: proposalProperties,
} as const;

const eventProperties = {
  _id: text,
  missionRequest: text,
  action: { type: 'string', enum: MISSION_EVENT_ACTIONS },
  fromStatus: storedStatus,
  toStatus: storedStatus,
  actor: {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'roleType'],
    properties: { id: text, name: text, roleType: { type: 'string', enum: ROLE_TYPES } },
  },
  // The provider concerned (accepted, proposals), as a name to show.
  serviceProviderName: nullableText,
  // A sub-collection event's item and the fields that changed, as they read before and after the
  // write ('—': absent); null for every other event.
  change: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['item', 'fields'],
    properties: {
      item: text,
      fields: {
        type: 'array',
        items: { type: 'object', additionalProperties: false, required: ['field', 'before', 'after'], properties: { field: text, before: text, after: text } },
      },
    },
  },
  // Where the team was when the event happened (arrival, leaving: docs/rules/positions.md); null for the others.
  position: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['fixedAt', 'latitude', 'longitude'],
    properties: { fixedAt: { type: 'string', format: 'date-time' }, latitude: { type: 'number' }, longitude: { type: 'number' } },
  },
  createdAt: { type: 'string', format: 'date-time' },
} as const;

/** One entry of a mission's timeline. */
export const missionEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(eventProperties),
  properties: eventProperties,
} as const;
