/**
 * The risk manager's calls of the shipper's tracking link (base /api/missions) as contracts
 * (src/domain/contract.ts): the routes (server/tracking/handlers.ts) and the data provider's calls
 * (src/dataProvider/trackingApi.ts) are made from them; so is the shipper's public view, whose page
 * keeps its plain fetch (docs/decisions/light-public-pages.md).
 */
import { defineContract, EMPTY_BODY } from '../contract';
import type { FromSchema } from '../fromSchema';
import { idParams } from '../jsonSchemaParts';
import { TRACKING_EXAMPLE_TOKEN, TRACKING_PATHS } from './index';
import { linkCreatedSchema, linkStateSchema, TRACKING_ANSWERS, trackingViewSchema } from './responseSchemas';

/** GET tracking/:token: everything the page shows. */
export type TrackingView = FromSchema<typeof trackingViewSchema>;

export type TrackingTimelineEntry = TrackingView['timeline'][number];

/** A link's token as its address carries it (43 base64url characters). */
const trackingToken = { type: 'string', minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** The view's parameters with the demo link as the example (the stream's have none: it never ends). */
const viewParams = { type: 'object', required: ['token'], properties: { token: { ...trackingToken, examples: [TRACKING_EXAMPLE_TOKEN] } } } as const;
/** The stream's parameters: no example, as it never ends. */
const streamParams = { type: 'object', required: ['token'], properties: { token: trackingToken } } as const;
const viewQuery = {
  type: 'object',
  properties: { refresh: { type: 'string', enum: ['1'] } },
  additionalProperties: false,
} as const;

/** GET :id/tracking: the mission's latest link, or null when none was created. */
export type TrackingLinkState = FromSchema<typeof linkStateSchema>;

/** A link as the risk manager sees it (never its token: only the hash is kept). */
export type TrackingLinkInfo = NonNullable<TrackingLinkState['link']>;

/** POST :id/tracking: the new link; `url` is shown once (only the hash is kept). */
export type TrackingLinkCreated = FromSchema<typeof linkCreatedSchema>;

export const TRACKING_CONTRACTS = {
  link: defineContract({
    method: 'GET',
    base: 'missions',
    path: TRACKING_PATHS.link,
    summary: 'Último link de acompanhamento do embarcador da missão, com as visualizações (nunca o token)',
    params: idParams,
    responses: { 200: linkStateSchema },
  }),
  create: defineContract({
    method: 'POST',
    base: 'missions',
    path: TRACKING_PATHS.link,
    summary: 'Cria o link de acompanhamento do embarcador (revoga o anterior; o endereço é mostrado só agora)',
    params: idParams,
    body: EMPTY_BODY,
    responses: { 201: linkCreatedSchema },
  }),
  revoke: defineContract({
    method: 'DELETE',
    base: 'missions',
    path: TRACKING_PATHS.link,
    summary: 'Revoga o link de acompanhamento da missão (as páginas abertas o mostram na hora)',
    params: idParams,
    responses: { 200: linkStateSchema },
  }),  view: defineContract({
    method: 'GET',
    base: 'missions',
    path: TRACKING_PATHS.view,
    summary: 'Acompanhamento da missão para o embarcador, sem login (o token é a credencial; ?refresh=1 não conta visualização)',
    params: viewParams,
    query: viewQuery,
    responses: { 200: trackingViewSchema },
  }),  live: defineContract({
    method: 'GET',
    base: 'missions',
    path: TRACKING_PATHS.live,
    summary: 'Eventos ao vivo da missão do link de acompanhamento (stream, autorizado pelo token)',
    params: streamParams,
    query: { type: 'object', additionalProperties: false },
    responses: TRACKING_ANSWERS.stream,
  }),
};
