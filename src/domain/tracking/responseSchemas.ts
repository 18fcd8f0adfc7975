/**
 * The tracking answers as JSON Schema for the routes' `response` option: the API description and
 * the serializer, so a field not declared here never reaches a shipper (no prices, no agents, no
 * other providers) nor the risk manager's screen (never the token's hash).
 */
import { TRACKING_STATUSES, TRACKING_STEPS } from './index';
import { text, nullableText, nullableNumber, number, instant, nullableInstant } from '../jsonSchemaParts';

/** GET tracking/:token: everything the page shows. */
export const trackingViewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'processNumber', 'sharedBy', 'theme', 'place', 'eta', 'approach', 'timeline', 'expiresAt'],
  properties: {
    status: { type: 'string', enum: TRACKING_STATUSES },
    processNumber: nullableText,
    // The risk manager that shared the mission.
    sharedBy: text,
    // Whose theme (colours, logo) the page wears: the sharing risk manager's (GET /api/themes).
    theme: text,
    place: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'address', 'number', 'neighborhood', 'city', 'state', 'latitude', 'longitude'],
      properties: {
        name: nullableText,
        address: text,
        number: text,
        neighborhood: text,
        city: text,
        state: text,
        latitude: nullableNumber,
        longitude: nullableNumber,
      },
    },
    // The holder's estimate while the mission runs (hh:mm and km from where it proposed), else null.
    eta: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['time', 'distanceInKm'],
      properties: { time: text, distanceInKm: nullableNumber },
    },
    // The team on its way (docs/rules/positions.md): the newest fix of the holder's devices and the
    // live estimate from it, while the mission runs and the team has not arrived; no names, no trail.
    approach: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['latitude', 'longitude', 'fixedAt', 'arrivesInMinutes'],
      properties: { latitude: number, longitude: number, fixedAt: instant, arrivesInMinutes: { type: ['integer', 'null'], minimum: 0 } },
    },
    timeline: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['step', 'at'],
        properties: { step: { type: 'string', enum: TRACKING_STEPS }, at: instant },
      },
    },
    // When the link stops working; null while the mission has not ended.
    expiresAt: nullableInstant,
  },
  description: 'O que a página de acompanhamento mostra da missão.',
} as const;

/** A link as the risk manager sees it (never its token: only the hash is kept); `active`: neither revoked nor expired. */
const linkInfo = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'createdAt', 'createdByName', 'views', 'lastViewedAt', 'revokedAt', 'expiresAt', 'active'],
  properties: {
    _id: text,
    createdAt: instant,
    createdByName: nullableText,
    views: { type: 'integer' },
    lastViewedAt: nullableInstant,
    revokedAt: nullableInstant,
    expiresAt: nullableInstant,
    active: { type: 'boolean' },
  },
} as const;

/** GET and DELETE :id/tracking: the mission's latest link (revoked, after a DELETE), or null when none was created. */
export const linkStateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['link'],
  properties: { link: { ...linkInfo, type: ['object', 'null'] } },
  description: 'O último link de acompanhamento da missão (nunca o token), ou null.',
} as const;

/** POST :id/tracking: the new link; `url` is shown once (only the hash is kept). */
export const linkCreatedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['link', 'url'],
  properties: { link: linkInfo, url: { ...text, description: 'Mostrado só agora: o servidor guarda apenas o hash do token.' } },
  description: 'Link criado; o anterior da missão foi revogado.',
} as const;

export const TRACKING_ANSWERS = {
  stream: {
    200: {
      type: 'string',
      description: 'text/event-stream: "mission" (a missão mudou: {id, status, createdAt}; a página busca de novo), "resync" e "revoked" (o link foi revogado; o stream termina).',
    },
  },
} as const;
