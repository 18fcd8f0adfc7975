/**
 * The positions' calls (docs/rules/positions.md; base /api/positions) as contracts
 * (src/domain/contract.ts): the provider's tracking devices, behind the token, and the OsmAnd
 * intake, public by design — the device's identifier is its credential.
 */
import { defineContract } from '../contract';
import type { FromSchema } from '../fromSchema';
import { count, exactObject, idParams, instant, nullableInstant, nullableNumber, nullableText, number, text } from '../jsonSchemaParts';
import { trackerDeviceSchema } from '../schemas/trackerDevice';
import { ETA_SOURCES } from './eta';
import { OSMAND_BATCH_MAX, OSMAND_IDENTIFIER_MAX, POSITION_PATHS } from './index';

const trackerDeviceAnswer = exactObject(
  {
    _id: text,
    name: text,
    agent: nullableText,
    /** What the person types into Traccar Client as the device identifier. */
    identifier: text,
    /** The server URL to type into Traccar Client. */
    url: text,
    /** A QR code of the URL with the identifier (SVG), for the apps that read their settings from one. */
    qrSvg: text,
    createdAt: instant,
    revokedAt: nullableInstant,
  },
  { description: 'Um dispositivo de rastreamento da prestadora.' },
);

export type TrackerDevice = FromSchema<typeof trackerDeviceAnswer>;

/** A parameter's text: numbers arrive as text in a query or a form, as OsmAnd sends them. */
const field = { type: 'string', maxLength: 64 } as const;
const identifier = { type: 'string', maxLength: OSMAND_IDENTIFIER_MAX } as const;

/** OsmAnd's parameters (Traccar's OsmAnd decoder); others the apps send are read by nobody. */
const osmandFields = {
  id: identifier,
  deviceid: identifier,
  lat: field,
  lon: field,
  timestamp: field,
  speed: field,
  bearing: field,
  heading: field,
  altitude: field,
  accuracy: field,
  batt: field,
} as const;

const osmandQuery = { type: 'object', properties: osmandFields } as const;

const coordinate = { type: 'number' } as const;

/** One fix of Traccar Client 9: its coordinates (speed in m/s, -1 when unknown) and battery (0–1). */
const traccarLocation = {
  type: 'object',
  properties: {
    timestamp: field,
    coords: {
      type: 'object',
      properties: { latitude: coordinate, longitude: coordinate, accuracy: coordinate, speed: coordinate, heading: coordinate, altitude: coordinate },
    },
    battery: { type: 'object', properties: { level: coordinate } },
  },
} as const;

/**
 * A form body carries the same parameters as the query; Traccar Client 9 posts JSON instead:
 * `device_id` and one `location`, or — with batch sending on — an array of them, oldest first. Its
 * other fields (activity, odometer, extras…) are accepted and ignored.
 */
const osmandBody = {
  type: 'object',
  properties: {
    ...osmandFields,
    device_id: identifier,
    location: { anyOf: [traccarLocation, { type: 'array', items: traccarLocation, minItems: 1, maxItems: OSMAND_BATCH_MAX }] },
  },
} as const;

export type OsmAndQuery = FromSchema<typeof osmandQuery>;
export type OsmAndBody = FromSchema<typeof osmandBody>;

const received = { type: 'string', maxLength: 0, description: 'Recebida: corpo vazio, como o Traccar responde.' } as const;

/** A team's latest position. */
const fix = exactObject({ latitude: number, longitude: number, fixedAt: instant, speedKmh: nullableNumber, bearing: nullableNumber });

/** One device of the holder with positions during the mission: its latest fix and its trail. */
const team = exactObject({
  _id: text,
  name: text,
  agent: nullableText,
  latest: fix,
  /** [latitude, longitude] pairs, oldest first, ending at the latest fix. */
  trail: { type: 'array', items: { type: 'array', items: number, minItems: 2, maxItems: 2 } },
});

/** The live estimate (eta.ts): minutes from the latest fix to the mission's place, or null. */
export const liveEtaAnswer = exactObject(
  { minutes: count, source: { type: 'string', enum: ETA_SOURCES }, fromFixAt: instant },
  { type: ['object', 'null'], description: 'Previsão de chegada ao local a partir da última posição; nula sem posição, sem local ou depois da chegada.' },
);

const missionTeamsAnswer = exactObject(
  { teams: { type: 'array', items: team }, eta: liveEtaAnswer },
  { description: 'As equipes da missão em andamento no mapa: última posição, rastro e previsão de chegada.' },
);

export type TeamPosition = FromSchema<typeof team>;
export type MissionTeams = FromSchema<typeof missionTeamsAnswer>;
export type LiveEta = FromSchema<typeof liveEtaAnswer>;

export const POSITION_CONTRACTS = {
  missionTeams: defineContract({
    method: 'GET',
    base: 'positions',
    path: POSITION_PATHS.mission,
    summary: 'Posições das equipes de uma missão em andamento (gerenciadora e prestadora que a detém)',
    params: idParams,
    responses: { 200: missionTeamsAnswer },
  }),
  devices: defineContract({
    method: 'GET',
    base: 'positions',
    path: POSITION_PATHS.devices,
    summary: 'Dispositivos de rastreamento da prestadora',
    responses: { 200: { type: 'array', items: trackerDeviceAnswer } },
  }),
  createDevice: defineContract({
    method: 'POST',
    base: 'positions',
    path: POSITION_PATHS.devices,
    summary: 'Cadastra um dispositivo de rastreamento',
    body: trackerDeviceSchema,
    responses: { 201: trackerDeviceAnswer },
  }),
  revokeDevice: defineContract({
    method: 'DELETE',
    base: 'positions',
    path: POSITION_PATHS.device,
    summary: 'Revoga um dispositivo de rastreamento',
    params: idParams,
    responses: { 204: { type: 'null', description: 'Revogado.' } },
  }),
  osmandGet: defineContract({
    method: 'GET',
    base: 'positions',
    path: POSITION_PATHS.osmand,
    summary: 'Recebe uma posição (protocolo OsmAnd, parâmetros na URL)',
    query: osmandQuery,
    responses: { 200: received },
  }),
  osmandPost: defineContract({
    method: 'POST',
    base: 'positions',
    path: POSITION_PATHS.osmand,
    summary: 'Recebe uma posição (protocolo OsmAnd: parâmetros na URL ou no formulário, ou o JSON do Traccar Client 9, uma posição ou um lote)',
    query: osmandQuery,
    body: osmandBody,
    responses: { 200: received },
  }),
};
