/**
 * The risk manager's calls of the shipper's tracking link (paths in src/domain/tracking):
 *
 * | method              | call                                                          |
 * |---------------------|---------------------------------------------------------------|
 * | trackingLink        | GET {id}/tracking → { link } (the latest, never its token)    |
 * | createTrackingLink  | POST {id}/tracking → { link, url } (replaces the previous)    |
 * | revokeTrackingLink  | DELETE {id}/tracking → { link } (revoked)                     |
 *
 * The shipper's page itself calls the public routes with plain fetch (src/custom/tracking).
 */
import { fillPath } from '../domain/endpointPaths';
import { TRACKING_PATHS, type TrackingLinkCreated, type TrackingLinkState } from '../domain/tracking';
import type { HttpClient } from './httpClient';

export function createTrackingApi(httpClient: HttpClient) {
  const path = (id: string) => fillPath(TRACKING_PATHS.link, { id });
  return {
    trackingLink: async (id: string, signal?: AbortSignal) => (await httpClient<TrackingLinkState>('missions', path(id), { signal })).data,
    createTrackingLink: async (id: string) => (await httpClient<TrackingLinkCreated>('missions', path(id), { method: 'POST', body: {} })).data,
    revokeTrackingLink: async (id: string) => (await httpClient<TrackingLinkState>('missions', path(id), { method: 'DELETE' })).data,
  };
}
