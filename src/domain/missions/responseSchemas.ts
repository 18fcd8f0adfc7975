/**
 * The missions service's answers (types.ts) as JSON Schema, for the routes' `response` schemas:
 * they describe the API (the OpenAPI document) and are its serializer, so a field not declared
 * here never leaves the server — a provider gets only what its mapper chose and this allows
 * (docs/rules/missions.md, provider confidentiality). The key lists are checked against the types below.
 */
import { ROLE_TYPES } from '../roles';
import { SLA_PHASES } from './sla';
import { MISSION_STATUSES, PROPOSAL_STATUSES, STORED_MISSION_STATUSES } from './statuses';
import { MISSION_EVENT_ACTIONS, type MissionDetail, type MissionEvent, type MissionRow, type MonitoringPage, type Proposal } from './types';
import { text, nullableText, nullableInstant } from '../jsonSchemaParts';

const storedStatus = { type: ['string', 'null'], enum: [...STORED_MISSION_STATUSES, null] } as const;

const location = {
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

const namedRef = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['_id', 'name'],
  properties: { _id: text, name: text },
} as const;

const nullableMinutes = { type: ['integer', 'null'], minimum: 0 } as const;

/** The phase clocks' inputs (MissionSla of sla.ts). */
const missionSla = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['firstProposalAt', 'acceptedAt', 'etaMinutes', 'arrivedAt', 'finishedAt', 'billedAt', 'targets'],
  properties: {
    firstProposalAt: nullableInstant,
    acceptedAt: nullableInstant,
    etaMinutes: nullableMinutes,
    arrivedAt: nullableInstant,
    finishedAt: nullableInstant,
    billedAt: nullableInstant,
    targets: {
      type: 'object',
      additionalProperties: false,
      required: [...SLA_PHASES],
      properties: Object.fromEntries(SLA_PHASES.map((phase) => [phase, nullableMinutes])),
    },
  },
} as const;

const rowProperties = {
  _id: text,
  processNumber: nullableText,
  status: { type: 'string', enum: MISSION_STATUSES },
  storedStatus,
  finishingAsked: { type: 'boolean' },
  createdAt: { type: 'string', format: 'date-time' },
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
  serviceProviderName: text,
  location,
  place: namedRef,
  unreadMessages: { type: 'integer', minimum: 0 },
  ownProposal: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['_id', 'status'],
    properties: { _id: text, status: { type: 'string', enum: PROPOSAL_STATUSES } },
  },
  sla: missionSla,
} as const;

/** A row of the monitoring list. */
export const missionRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(rowProperties),
  properties: rowProperties,
} as const;

const detailProperties = { ...rowProperties, cause: namedRef, carrier: namedRef, leadership: namedRef } as const;

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
    properties: { time: text, distanceInKm: { type: 'number' } },
  },
  location: { ...location, type: ['object', 'null'] },
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
  serviceProviderName: nullableText,
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
  createdAt: { type: 'string', format: 'date-time' },
} as const;

/** One entry of a mission's timeline. */
export const missionEventSchema = {
  type: 'object',
  additionalProperties: false,
  required: Object.keys(eventProperties),
  properties: eventProperties,
} as const;

/** The routes' `response` options (Fastify): status → schema, with the answer's description. */
export const MISSION_RESPONSES = {
  page: { 200: { ...monitoringPageSchema, description: 'Uma página de missões.' } },
  detail: { 200: { ...missionDetailSchema, description: 'A missão como quem chama pode vê-la.' } },
  created: { 201: { ...missionDetailSchema, description: 'A missão criada.' } },
  proposals: { 200: { type: 'array', items: proposalSchema, description: 'As propostas que quem chama pode ver.' } },
  proposal: { 200: { ...proposalSchema, description: 'A proposta.' } },
  proposalSent: {
    200: { ...proposalSchema, description: 'A proposta existente, completada.' },
    201: { ...proposalSchema, description: 'A proposta criada.' },
  },
  removed: { 204: { type: 'null', description: 'Removida.' } },
  events: { 200: { type: 'array', items: missionEventSchema, description: 'Os eventos que quem chama pode ver, do mais antigo.' } },
} as const;

/** True when a schema's properties are exactly the type's keys (a field added to one only fails typecheck). */
type SameKeys<S extends { properties: object }, T> = [keyof S['properties']] extends [keyof T]
  ? [keyof T] extends [keyof S['properties']]
    ? true
    : false
  : false;
type Holds<T extends true> = T;
export type ResponseSchemasMatchTypes = [
  Holds<SameKeys<typeof missionRowSchema, MissionRow>>,
  Holds<SameKeys<typeof missionDetailSchema, MissionDetail>>,
  Holds<SameKeys<typeof monitoringPageSchema, MonitoringPage>>,
  Holds<SameKeys<typeof proposalSchema, Proposal>>,
  Holds<SameKeys<typeof missionEventSchema, MissionEvent>>,
];
