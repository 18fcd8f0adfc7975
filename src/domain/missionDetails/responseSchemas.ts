/**
 * A mission's sub-collections as JSON Schema, for the details and attachment routes' `response`
 * option: the API description and the serializer, so the details leave with these fields only
 * (providers read them for the missions they hold: docs/rules/missions.md). Their types
 * (types.ts MissionDetailsResponse…) are made from these schemas.
 */
import { STORED_MISSION_STATUSES } from '../missions/statuses';
import { OCCURRENCE_TYPES, VEHICLE_TYPES } from './itemKinds';
import { text, nullableText, nullableNumber, instant, nullableInstant, exactObject } from '../jsonSchemaParts';

const missionProperties = {
  _id: text,
  status: { type: 'string', enum: STORED_MISSION_STATUSES },
  riskManager: text,
  serviceProvider: nullableText,
  serviceProviderName: nullableText,
  // When the team's positions put it at and away from the place (docs/rules/positions.md): the
  // times the odometer form proposes for 'Chegada no local' and 'Saída do local'.
  teamArrivedAt: nullableInstant,
  teamLeftAt: nullableInstant,
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
  // The roster agent picked and his CPF and CNV as they were when he was put on the mission; all
  // null for a name typed freely (docs/rules/agents.md).
  rosterAgent: nullableText,
  cpf: nullableText,
  cnvNumber: nullableText,
  cnvValidUntil: nullableText,
  /** 'CNV válida em dd/mm/aaaa', 'CNV vencida' or 'sem cadastro' (src/domain/agents/licence.ts). */
  licence: text,
  totals: exactObject({ metres: { type: 'integer' }, minutes: { type: 'integer' }, kmText: text, timeText: text }),
} as const;

const attachmentProperties = {
  description: text,
  file: text,
  mime: text,
  size: { type: 'integer', minimum: 0 },
  /** A photo's capture time and the phone's position then (docs/rules/field-app.md); null when unknown. */
  capturedAt: nullableInstant,
  latitude: nullableNumber,
  longitude: nullableNumber,
  createdAt: instant,
} as const;

export const missionSummarySchema = exactObject(missionProperties);
export const vehicleDisplaySchema = exactObject(vehicleProperties);
export const occurrenceDisplaySchema = exactObject(occurrenceProperties);
export const agentDisplaySchema = exactObject(agentProperties);
export const attachmentDisplaySchema = exactObject(attachmentProperties);

const detailsProperties = {
  mission: missionSummarySchema,
  vehiclesDisplay: { type: 'array', items: vehicleDisplaySchema },
  ocurrenciesDisplay: { type: 'array', items: occurrenceDisplaySchema },
  securityAgentsDisplay: { type: 'array', items: agentDisplaySchema },
  attachments: { type: 'array', items: attachmentDisplaySchema },
} as const;

/** GET request/id/{id}/details, and the answer of every change of a sub-collection. */
export const missionDetailsSchema = exactObject(detailsProperties);

export const DETAILS_RESPONSES = {
  details: { 200: { ...missionDetailsSchema, description: 'Veículos, ocorrências, agentes e anexos da missão.' } },
  added: { 201: { ...missionDetailsSchema, description: 'Os detalhes da missão com o item acrescentado.' } },
  changed: { 200: { ...missionDetailsSchema, description: 'Os detalhes da missão depois da mudança.' } },
} as const;
