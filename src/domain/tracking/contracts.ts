/**
 * The risk manager's calls of the shipper's tracking link (base /api/missions) as contracts
 * (src/domain/contract.ts): the routes (server/tracking/routes.ts) and the data provider's calls
 * (src/dataProvider/trackingApi.ts) are made from them. The shipper's public page keeps its plain
 * fetch (docs/decisions/light-public-pages.md).
 */
import { defineContract, EMPTY_BODY } from '../contract';
import type { FromSchema } from '../fromSchema';
import { idParams } from '../jsonSchemaParts';
import { TRACKING_PATHS } from './index';
import { linkCreatedSchema, linkStateSchema } from './responseSchemas';

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
  }),
};
