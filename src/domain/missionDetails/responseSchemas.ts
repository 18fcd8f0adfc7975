/**
 * A mission's sub-collections (types.ts MissionDetailsResponse) as JSON Schema, for the details and
 * attachment routes' `response` option: the API description and the serializer, so the details
 * leave with these fields only (providers read them for the missions they hold: docs/rules/missions.md).
 * The key
 * lists are checked against the types below.
 */
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import { OCCURRENCE_TYPES, VEHICLE_TYPES, type Attachment, type MissionDetailsResponse, type MissionSummary, type Occurrence, type SecurityAgentDisplay, type Vehicle } from './types';
import { text, nullableText, nullableNumber, instant, exactObject } from '../jsonSchemaParts';



const missionProperties = {
  _id: text,
  status: { type: 'string', enum: STORED_MISSION_STATUSES },
  riskManager: text,
  serviceProvider: nullableText,
  serviceProviderName: nullableText,
} as const;

const vehicleProperties = {
  driver: text,
  driverPIN: nullableText,
  type: { type: 'string', enum: VEHICLE_TYPES },
  plate: text,
  chassis: nullableText,
  make: nullableText,
  model: nullableText,
  year: { type: ['integer', 'null'] },
  color: nullableText,
  createdAt: instant,
  missionRequestId: text,
} as const;

const occurrenceProperties = {
  date: instant,
  type: { type: 'string', enum: OCCURRENCE_TYPES },
  description: text,
  zipcode: nullableText,
  neighborhood: nullableText,
  city: text,
  state: text,
  address: nullableText,
  number: nullableText,
  complement: nullableText,
  latitude: nullableNumber,
  longitude: nullableNumber,
  createdAt: instant,
} as const;

const reading = exactObject({ km: { type: 'number' }, time: instant });
/** The points after the start are null until read (docs/rules/field-app.md). */
const laterReading = { ...reading, type: ['object', 'null'] } as const;
const agentProperties = {
  name: text,
  odometer: exactObject({ start: reading, arrivalOnPlace: laterReading, endOnPlace: laterReading, end: laterReading }),
  createdAt: instant,
  totals: exactObject({ metres: { type: 'integer' }, minutes: { type: 'integer' }, kmText: text, timeText: text }),
} as const;

const attachmentProperties = {
  description: text,
  file: text,
  mime: text,
  size: { type: 'integer', minimum: 0 },
  createdAt: instant,
} as const;

const detailsProperties = {
  mission: exactObject(missionProperties),
  vehiclesDisplay: { type: 'array', items: exactObject(vehicleProperties) },
  ocurrenciesDisplay: { type: 'array', items: exactObject(occurrenceProperties) },
  securityAgentsDisplay: { type: 'array', items: exactObject(agentProperties) },
  attachments: { type: 'array', items: exactObject(attachmentProperties) },
} as const;

/** GET request/id/{id}/details, and the answer of every change of a sub-collection. */
export const missionDetailsSchema = exactObject(detailsProperties);

export const DETAILS_RESPONSES = {
  details: { 200: { ...missionDetailsSchema, description: 'Veículos, ocorrências, agentes e anexos da missão.' } },
  added: { 201: { ...missionDetailsSchema, description: 'Os detalhes da missão com o item acrescentado.' } },
  changed: { 200: { ...missionDetailsSchema, description: 'Os detalhes da missão depois da mudança.' } },
} as const;

type Holds<T extends true> = T;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AllHold<T extends boolean[]> = T[number] extends true ? true : false;
export type DetailsSchemasMatchTypes = Holds<
  AllHold<
    [
      Same<keyof typeof detailsProperties, keyof MissionDetailsResponse>,
      Same<keyof typeof missionProperties, keyof MissionSummary>,
      Same<keyof typeof vehicleProperties, keyof Vehicle>,
      Same<keyof typeof occurrenceProperties, keyof Occurrence>,
      Same<keyof typeof agentProperties, keyof SecurityAgentDisplay>,
      Same<keyof typeof attachmentProperties, keyof Attachment>,
    ]
  >
>;
